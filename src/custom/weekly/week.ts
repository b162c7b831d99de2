import dayjs, { type Dayjs } from 'dayjs';

export const DATE_FORMAT = 'YYYY-MM-DD';

/** The Monday of the week holding `date` (weeks run Monday to Sunday). */
export function mondayOf(date: Dayjs): Dayjs {
  const fromMonday = (date.day() + 6) % 7;
  return date.startOf('day').subtract(fromMonday, 'day');
}

/** The seven dates of the week starting at `monday`. */
export function weekDays(monday: Dayjs): Dayjs[] {
  return Array.from({ length: 7 }, (_, i) => monday.add(i, 'day'));
}

/** Previous (-1) or next (+1) week: the strip moves by exactly 7 days. */
export function shiftWeek(monday: Dayjs, direction: -1 | 1): Dayjs {
  return monday.add(7 * direction, 'day');
}

/**
 * The sample schedule's variant after a week change. As in the original, every change (back or forward)
 * advances it: 1 -> 2 -> 3, and 4 wraps to 1.
 */
export function nextVariant(variant: number, count = 3): number {
  const next = variant + 1;
  return next > count ? 1 : next;
}

export const isSameDay = (a: Dayjs, b: Dayjs) => a.format(DATE_FORMAT) === b.format(DATE_FORMAT);

/** 'HH:mm' as minutes since midnight; anything else is NaN. */
export function minutesOf(time: string): number {
  const m = /^(\d{1,2}):(\d{2})$/.exec(time.trim());
  return m ? Number(m[1]) * 60 + Number(m[2]) : NaN;
}

/** Whether an entry at `time` falls in a slot [from, to); a slot without bounds (今日节目) holds everything. */
export function inSlot(time: string, slot: { from?: string; to?: string }): boolean {
  if (!slot.from && !slot.to) return true;
  const at = minutesOf(time);
  const from = slot.from ? minutesOf(slot.from) : 0;
  const to = slot.to ? minutesOf(slot.to) : 24 * 60;
  return at >= from && at < to;
}

export { dayjs };
