/** Minimal cookie access: the login reply's key/value pairs live in cookies (spec: cookie name `token`). */
const DAYS = 30;

/**
 * `document.cookie` as read once in this task: reading it asks the browser's cookie store each time, and a first
 * render asks for the token dozens of times. Forgotten at the next microtask checkpoint and on our own writes, so a
 * change made by another tab is seen by the next task.
 */
let sameTask: string | null = null;

function cookieString(): string {
  if (sameTask === null) {
    sameTask = document.cookie;
    queueMicrotask(() => (sameTask = null));
  }
  return sameTask;
}

export function readCookie(name: string): string | null {
  const pair = cookieString().split('; ').find((p) => p.startsWith(`${encodeURIComponent(name)}=`));
  return pair ? decodeURIComponent(pair.slice(pair.indexOf('=') + 1)) : null;
}

/** The attributes every cookie of ours carries: Secure whenever the site is served over HTTPS. */
export function cookieAttributes(protocol = window.location.protocol): string {
  return `path=/; SameSite=Lax${protocol === 'https:' ? '; Secure' : ''}`;
}

export function writeCookie(name: string, value: string, days = DAYS): void {
  const expires = new Date(Date.now() + days * 864e5).toUTCString();
  sameTask = null;
  document.cookie = `${encodeURIComponent(name)}=${encodeURIComponent(value)}; expires=${expires}; ${cookieAttributes()}`;
}

export function removeCookie(name: string): void {
  sameTask = null;
  document.cookie = `${encodeURIComponent(name)}=; expires=Thu, 01 Jan 1970 00:00:00 GMT; ${cookieAttributes()}`;
}
