// @vitest-environment jsdom
import './setup-dom';
import { MantineProvider } from '@mantine/core';
import { fireEvent, render, screen, within } from '@testing-library/react';
import { readFileSync } from 'node:fs';
import { parse } from 'yaml';
import { describe, expect, it } from 'vitest';
import { APP_ACTION_EVENT, type AppActionDetail } from '../../src/renderers/actions/actions';
import type { WeeklyProps } from '../../src/custom/weekly/schema.gen';
import WeeklyPicker from '../../src/custom/weekly/WeeklyPicker';
import { DATE_FORMAT, dayjs, mondayOf } from '../../src/custom/weekly/week';

const props = parse(readFileSync('config/screens/questime.yaml', 'utf8')).props as WeeklyProps;
const SCREEN = { id: 'questime', route: '/Questime', type: 'weekly-picker' };

const show = () => render(<MantineProvider><WeeklyPicker screen={SCREEN} props={props} /></MantineProvider>);
const dates = () => screen.getAllByTestId('weekly-day').map((d) => d.getAttribute('data-date'));
const variant = () => screen.getByTestId('weekly-schedule').getAttribute('data-variant');
const titles = () => screen.queryAllByTestId('weekly-entry').map((e) => e.textContent);

describe('weekly picker (Questime)', () => {
  it('shows this week Monday to Sunday with day names, marks today and lists the slots', () => {
    show();
    const monday = mondayOf(dayjs());
    expect(dates()).toEqual(Array.from({ length: 7 }, (_, i) => monday.add(i, 'day').format(DATE_FORMAT)));
    const today = screen.getAllByTestId('weekly-day').find((d) => d.getAttribute('data-today'))!;
    expect(today.getAttribute('data-date')).toBe(dayjs().format(DATE_FORMAT));
    expect(within(today).getByText('今天')).toBeTruthy();
    props.dayNames.forEach((name) => expect(screen.getByText(name)).toBeTruthy());
    for (const label of ['00:00~06:00', '06:00~12:00', '12:00~18:00', '18:00~24:00', '今日节目']) expect(screen.getByText(label)).toBeTruthy();
  });

  it('moves by seven days and shows the next schedule variant on every week change', () => {
    show();
    const first = dates();
    expect(variant()).toBe('1');
    expect(titles().join()).toContain(props.schedules[0].entries[0].title);
    fireEvent.click(screen.getByTestId('weekly-next'));
    expect(dayjs(dates()[0]).diff(dayjs(first[0]), 'day')).toBe(7);
    expect(variant()).toBe('2');
    expect(titles().join()).toContain(props.schedules[1].entries[0].title);
    fireEvent.click(screen.getByTestId('weekly-next'));
    expect(variant()).toBe('3');
    fireEvent.click(screen.getByTestId('weekly-prev'));
    expect(variant()).toBe('1');
    fireEvent.click(screen.getByTestId('weekly-prev'));
    expect(variant()).toBe('2');
    expect(dates()).toEqual(first);
    expect(screen.queryByTestId('weekly-today')).toBeTruthy();
  });

  it('selects a clicked day and emits its date', () => {
    const seen: AppActionDetail[] = [];
    const listener = (e: Event) => seen.push((e as CustomEvent<AppActionDetail>).detail);
    window.addEventListener(APP_ACTION_EVENT, listener);
    try {
      show();
      const sunday = screen.getAllByTestId('weekly-day')[6];
      fireEvent.click(sunday);
      expect(sunday.getAttribute('aria-pressed')).toBe('true');
      expect(seen).toEqual([{ action: 'select-date', row: { date: sunday.getAttribute('data-date') }, screen: 'questime' }]);
      expect(screen.getByTestId('weekly-selected').textContent).toBe(sunday.getAttribute('data-date'));
    } finally {
      window.removeEventListener(APP_ACTION_EVENT, listener);
    }
  });

  it('shows only the entries of the chosen time slot', () => {
    show();
    fireEvent.click(screen.getByText('06:00~12:00'));
    const morning = props.schedules[0].entries.filter((e) => e.time >= '06:00' && e.time < '12:00');
    expect(titles()).toHaveLength(morning.length);
    fireEvent.click(screen.getByText('00:00~06:00'));
    expect(screen.getByText(props.empty!)).toBeTruthy();
  });
});
