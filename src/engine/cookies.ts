/** Minimal cookie access: the login reply's key/value pairs live in cookies (spec: cookie name `token`). */
const DAYS = 30;

export function readCookie(name: string): string | null {
  const pair = document.cookie.split('; ').find((p) => p.startsWith(`${encodeURIComponent(name)}=`));
  return pair ? decodeURIComponent(pair.slice(pair.indexOf('=') + 1)) : null;
}

/** The attributes every cookie of ours carries: Secure whenever the site is served over HTTPS. */
export function cookieAttributes(protocol = window.location.protocol): string {
  return `path=/; SameSite=Lax${protocol === 'https:' ? '; Secure' : ''}`;
}

export function writeCookie(name: string, value: string, days = DAYS): void {
  const expires = new Date(Date.now() + days * 864e5).toUTCString();
  document.cookie = `${encodeURIComponent(name)}=${encodeURIComponent(value)}; expires=${expires}; ${cookieAttributes()}`;
}

export function removeCookie(name: string): void {
  document.cookie = `${encodeURIComponent(name)}=; expires=Thu, 01 Jan 1970 00:00:00 GMT; ${cookieAttributes()}`;
}
