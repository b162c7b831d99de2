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

/** Seconds as 'x小时y分z秒' (leading zero units left out: 75 -> '1分15秒'); non-numbers as '0秒'. */
export function formatDuration(value: unknown): string {
  const total = Math.max(0, Math.round(Number(value) || 0));
  const h = Math.floor(total / 3600);
  const m = Math.floor((total % 3600) / 60);
  const sec = total % 60;
  return `${h ? `${h}小时` : ''}${h || m ? `${m}分` : ''}${sec}秒`;
}

/** The colour of the first threshold rule the value reaches (a rule without min always matches). */
export function thresholdColor(rules: { min?: number; color: string }[] | undefined, value: unknown): string | undefined {
  const n = Number(value);
  if (!rules || value === null || value === undefined || value === '' || !Number.isFinite(n)) return undefined;
  return rules.find((r) => r.min === undefined || n >= r.min)?.color;
}
