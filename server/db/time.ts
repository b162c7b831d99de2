/**
 * Timestamps are stored as text 'YYYY-MM-DD HH:mm:ss' in Asia/Shanghai local time.
 * China has no daylight saving, so a fixed +08:00 offset is exact and needs no tz database.
 */
const SHANGHAI_OFFSET_MS = 8 * 60 * 60 * 1000;

const pad = (n: number) => String(n).padStart(2, '0');

/** Formats an instant as Shanghai local time text. */
export function formatTimestamp(date: Date): string {
  const d = new Date(date.getTime() + SHANGHAI_OFFSET_MS);
  return (
    `${d.getUTCFullYear()}-${pad(d.getUTCMonth() + 1)}-${pad(d.getUTCDate())} ` +
    `${pad(d.getUTCHours())}:${pad(d.getUTCMinutes())}:${pad(d.getUTCSeconds())}`
  );
}

/** The current time as stored in the database. */
export function now(): string {
  return formatTimestamp(new Date());
}

/** Now plus (or minus) a number of seconds, as stored in the database. */
export function fromNow(seconds: number): string {
  return formatTimestamp(new Date(Date.now() + seconds * 1000));
}

/** Parses stored text (or a bare 'YYYY-MM-DD') back to an instant; null when malformed. */
export function parseTimestamp(text: string | null | undefined): Date | null {
  if (!text) return null;
  const m = /^(\d{4})-(\d{2})-(\d{2})(?:[ T](\d{2}):(\d{2})(?::(\d{2}))?)?$/.exec(text.trim());
  if (!m) return null;
  const [, y, mo, d, h = '0', mi = '0', s = '0'] = m;
  const utc = Date.UTC(+y, +mo - 1, +d, +h, +mi, +s) - SHANGHAI_OFFSET_MS;
  const date = new Date(utc);
  // Date.UTC rolls over (02-30 -> 03-01); reject instead of silently moving the date.
  if (Number.isNaN(date.getTime()) || !formatTimestamp(date).startsWith(`${y}-${mo}-${d}`)) return null;
  return date;
}
