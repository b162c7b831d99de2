import { Badge, Button, Group, Text, UnstyledButton } from '@mantine/core';
import type { Dayjs } from 'dayjs';
import { DATE_FORMAT, isSameDay } from './week';

interface DayStripProps {
  days: Dayjs[];
  dayNames: string[];
  today: Dayjs;
  selected: Dayjs | null;
  todayLabel: string;
  prevLabel: string;
  nextLabel: string;
  onSelect: (day: Dayjs) => void;
  onWeek: (direction: -1 | 1) => void;
}

/** Monday-to-Sunday buttons between previous-week and next-week buttons; today carries a badge. */
export function DayStrip({ days, dayNames, today, selected, todayLabel, prevLabel, nextLabel, onSelect, onWeek }: DayStripProps) {
  return (
    <Group gap={8} wrap="nowrap" data-testid="weekly-strip">
      <Button variant="default" onClick={() => onWeek(-1)} data-testid="weekly-prev" style={{ flexShrink: 0 }}>{prevLabel}</Button>
      {days.map((day, i) => {
        const isToday = isSameDay(day, today);
        const isSelected = selected !== null && isSameDay(day, selected);
        return (
          <UnstyledButton
            key={day.format(DATE_FORMAT)}
            onClick={() => onSelect(day)}
            data-testid="weekly-day"
            data-date={day.format(DATE_FORMAT)}
            data-selected={isSelected || undefined}
            data-today={isToday || undefined}
            aria-pressed={isSelected}
            style={{
              width: 96, height: 72, flexShrink: 0, padding: '6px 0', textAlign: 'center', borderRadius: 8,
              border: `1px solid ${isSelected ? 'var(--mantine-primary-color-filled)' : 'var(--mantine-color-gray-3)'}`,
              background: isSelected ? 'var(--mantine-primary-color-filled)' : 'var(--mantine-color-body)',
              color: isSelected ? 'var(--mantine-color-white)' : undefined,
            }}
          >
            <Text size="sm" fw={600}>{dayNames[i]}</Text>
            <Text size="xs">{day.format('MM-DD')}</Text>
            {isToday && <Badge size="xs" color={isSelected ? 'gray' : 'red'} variant="filled" data-testid="weekly-today">{todayLabel}</Badge>}
          </UnstyledButton>
        );
      })}
      <Button variant="default" onClick={() => onWeek(1)} data-testid="weekly-next" style={{ flexShrink: 0 }}>{nextLabel}</Button>
    </Group>
  );
}
