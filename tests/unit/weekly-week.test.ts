import { describe, expect, it } from 'vitest';
import { DATE_FORMAT, dayjs, inSlot, mondayOf, nextVariant, shiftWeek, weekDays } from '../../src/custom/weekly/week';

const fmt = (d: dayjs.Dayjs) => d.format(DATE_FORMAT);

describe('weekly picker dates', () => {
  it('starts the week on Monday, whatever the day (Sunday belongs to the week before)', () => {
    expect(fmt(mondayOf(dayjs('2026-09-02')))).toBe('2026-08-31'); // Wednesday
    expect(fmt(mondayOf(dayjs('2026-08-31')))).toBe('2026-08-31'); // Monday itself
    expect(fmt(mondayOf(dayjs('2026-09-06')))).toBe('2026-08-31'); // Sunday
  });

  it('lists Monday to Sunday and moves by exactly seven days, across months and years', () => {
    const days = weekDays(dayjs('2026-12-28'));
    expect(days.map(fmt)).toEqual(['2026-12-28', '2026-12-29', '2026-12-30', '2026-12-31', '2027-01-01', '2027-01-02', '2027-01-03']);
    expect(days.map((d) => d.day())).toEqual([1, 2, 3, 4, 5, 6, 0]);
    expect(fmt(shiftWeek(dayjs('2026-12-28'), 1))).toBe('2027-01-04');
    expect(fmt(shiftWeek(dayjs('2027-01-04'), -1))).toBe('2026-12-28');
  });

  it('rotates the schedule variant 1, 2, 3 and wraps at 4', () => {
    const seen = [1];
    for (let i = 0; i < 5; i++) seen.push(nextVariant(seen[seen.length - 1]));
    expect(seen).toEqual([1, 2, 3, 1, 2, 3]);
    expect(nextVariant(2, 2)).toBe(1);
  });

  it('puts an entry in the slot holding its start time; a slot without bounds holds the whole day', () => {
    const morning = { from: '06:00', to: '12:00' };
    expect(inSlot('06:00', morning)).toBe(true);
    expect(inSlot('11:59', morning)).toBe(true);
    expect(inSlot('12:00', morning)).toBe(false);
    expect(inSlot('23:30', { from: '18:00', to: '24:00' })).toBe(true);
    expect(inSlot('03:00', {})).toBe(true);
  });
});
