import dayjs from 'dayjs';

/** Learner counts: 10000 or more show the first digit and 万+ (the product's rule: 12345 -> 1万+, 56789 -> 5万+). */
export function formatCount(value: unknown): string {
  const n = Number(value);
  if (value === null || value === undefined || value === '' || !Number.isFinite(n)) return '0';
  const whole = Math.trunc(n);
  if (whole >= 10000) return `${String(whole)[0]}万+`;
  return String(whole);
}

const PATTERNS = { date: 'YYYY-MM-DD', datetime: 'YYYY-MM-DD HH:mm', time: 'HH:mm' } as const;
export type DateFormat = keyof typeof PATTERNS;

/** Timestamps arrive as 'YYYY-MM-DD HH:mm:ss' (school local time); anything unparsable is shown as it came. */
export function formatDate(value: unknown, format: DateFormat = 'datetime'): string {
  if (value === null || value === undefined || value === '') return '';
  const parsed = dayjs(String(value));
  return parsed.isValid() ? parsed.format(PATTERNS[format]) : String(value);
}

/** Any cell value as text: null/undefined become empty, objects are not dumped as [object Object]. */
export function formatText(value: unknown): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'object') return '';
  return String(value);
}
