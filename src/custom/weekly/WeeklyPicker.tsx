import { Box, Chip, Group, Paper, Stack, Text, Title } from '@mantine/core';
import type { Dayjs } from 'dayjs';
import { useMemo, useState } from 'react';
import type { RendererProps } from '../../engine';
import { emitAction } from '../../renderers/actions/actions';
import { DayStrip } from './DayStrip';
import type { WeeklyProps } from './schema.gen';
import { DATE_FORMAT, dayjs, inSlot, mondayOf, nextVariant, shiftWeek, weekDays } from './week';

/** Window action a day click raises, with `row: { date: 'YYYY-MM-DD' }`, for pieces that react to the chosen date. */
export const SELECT_DATE_ACTION = 'select-date';

/**
 * `type: weekly-picker` (Questime): a Monday-to-Sunday strip moved by whole weeks, the time-slot list and the
 * sample schedule from YAML, which shows its next variant after every week change.
 */
export default function WeeklyPicker({ screen, props }: RendererProps<WeeklyProps>) {
  const today = useMemo(() => dayjs().startOf('day'), []);
  const [monday, setMonday] = useState(() => mondayOf(today));
  const [selected, setSelected] = useState<Dayjs | null>(today);
  const [variant, setVariant] = useState(1);
  const [slot, setSlot] = useState(String(props.slots.length - 1));

  const changeWeek = (direction: -1 | 1) => {
    setMonday((m) => shiftWeek(m, direction));
    setVariant((v) => nextVariant(v, props.schedules.length));
  };
  const select = (day: Dayjs) => {
    setSelected(day);
    emitAction({ action: SELECT_DATE_ACTION, row: { date: day.format(DATE_FORMAT) }, screen: screen?.id });
  };

  const schedule = props.schedules[variant - 1] ?? props.schedules[0];
  const activeSlot = props.slots[Number(slot)] ?? props.slots[props.slots.length - 1];
  const entries = schedule.entries.filter((e) => inSlot(e.time, activeSlot)).sort((a, b) => a.time.localeCompare(b.time));

  return (
    <Stack gap="md" p="md" mx="auto" style={{ maxWidth: 1000 }}>
      {props.title && <Title order={3}>{props.title}</Title>}
      <DayStrip
        days={weekDays(monday)}
        dayNames={props.dayNames}
        today={today}
        selected={selected}
        todayLabel={props.todayLabel}
        prevLabel={props.prevLabel ?? '上一周'}
        nextLabel={props.nextLabel ?? '下一周'}
        onSelect={select}
        onWeek={changeWeek}
      />
      <Text size="sm" c="dimmed" data-testid="weekly-selected">{selected ? selected.format(DATE_FORMAT) : ''}</Text>
      <Chip.Group value={slot} onChange={(v) => setSlot(String(v))}>
        <Group gap={8} data-testid="weekly-slots">
          {props.slots.map((s, i) => <Chip key={s.label} value={String(i)}>{s.label}</Chip>)}
        </Group>
      </Chip.Group>
      <Paper withBorder radius="md" p="md" data-testid="weekly-schedule" data-variant={variant}>
        {schedule.name && <Text fw={600} mb="sm">{schedule.name}</Text>}
        {entries.length === 0 ? (
          <Text c="dimmed" size="sm">{props.empty ?? '该时间段暂无安排'}</Text>
        ) : (
          <Stack gap={8}>
            {entries.map((e) => (
              <Group key={`${e.time} ${e.title}`} gap="md" wrap="nowrap" data-testid="weekly-entry">
                <Box w={56}><Text fw={600} size="sm">{e.time}</Text></Box>
                <Box>
                  <Text size="sm">{e.title}</Text>
                  {e.detail && <Text size="xs" c="dimmed">{e.detail}</Text>}
                </Box>
              </Group>
            ))}
          </Stack>
        )}
      </Paper>
    </Stack>
  );
}
