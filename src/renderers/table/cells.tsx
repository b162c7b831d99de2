import { Avatar, Button, Group, Text } from '@mantine/core';
import { emitAction } from '../shared/actions';
import { formatDate, formatText } from '../shared/format';
import type { TableColumn } from './types';

type Row = Record<string, unknown>;

/** What one cell shows, by the column's `kind`. */
export function CellView({ column, row, screen }: { column: TableColumn; row: Row; screen?: string }) {
  const value = column.field ? row[column.field] : undefined;
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
      return <Text size="sm">{formatDate(value, 'datetime')}</Text>;
    case 'action':
      return (
        <Group gap="xs">
          {(column.actions ?? []).map((a) => (
            <Button key={a.action} size="compact-sm" variant="light" color={a.color}
              onClick={() => emitAction({ action: a.action, row, screen })}>
              {a.label}
            </Button>
          ))}
        </Group>
      );
    default:
      return <Text size="sm">{formatText(value)}</Text>;
  }
}
