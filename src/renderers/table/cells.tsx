import { Avatar, Badge, Group, Text } from '@mantine/core';
import { evaluate, template } from '../shared/engine';
import { formatDate, formatDuration, formatText, thresholdColor } from '../format/format';
import { useTemplateScope } from '../data/useTemplateScope';
import { RowActionButton } from './RowActionButton';
import type { TableColumn } from './schema.gen';

type Row = Record<string, unknown>;

const formatValue = (value: unknown, format: TableColumn['format']) =>
  format === 'duration' ? formatDuration(value) : format === 'date' ? formatDate(value, 'date') : formatText(value);

/** What one cell shows, by the column's `kind`. */
export function CellView({ column, row, screen, onDone }: { column: TableColumn; row: Row; screen?: string; onDone?: () => void }) {
  const value = column.field ? row[column.field] : undefined;
  const base = useTemplateScope();
  const scope = { ...base, item: row };
  switch (column.kind) {
    case 'avatar': {
      const name = column.nameField ? formatText(row[column.nameField]) : '';
      // Chinese names read best as one character (the surname) rather than Mantine's two-letter initials.
      return (
        <Avatar src={formatText(value) || null} alt={name || '头像'} name={name || undefined} color="initials" radius="xl">
          {name ? name.slice(0, 1) : undefined}
        </Avatar>
      );
    }
    case 'datetime':
      return <Text size="sm" style={{ whiteSpace: 'nowrap' }}>{formatDate(value, 'datetime')}</Text>; // a date and time read as one
    case 'tag': {
      const tag = column.tags?.[column.template ? template(column.template, scope) : formatText(value)];
      return tag ? <Badge variant="light" color={tag.color} data-testid="cell-tag" style={{ minWidth: 'max-content' }}>{tag.label}</Badge> : <Text size="sm">{formatText(value)}</Text>;
    }
    case 'action':
      return (
        <Group gap="xs" wrap="nowrap">
          {(column.actions ?? []).filter((a) => a.when === undefined || evaluate(a.when, scope)).map((a) => (
            <RowActionButton key={a.action ?? a.label} action={a} row={row} scope={scope} screen={screen} onDone={onDone} />
          ))}
        </Group>
      );
    default:
      return (
        <Text size="sm" c={thresholdColor(column.colors, value)} fw={column.colors ? 600 : undefined}>
          {column.template ? template(column.template, scope) : formatValue(value, column.format)}
        </Text>
      );
  }
}
