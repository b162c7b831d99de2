import { Avatar, Badge, Button, Group, Text } from '@mantine/core';
import { useNavigate } from 'react-router-dom';
import { emitAction } from '../shared/actions';
import { evaluate, template } from '../shared/engine';
import { formatDate, formatDuration, formatText, thresholdColor } from '../shared/format';
import { resolveLink } from '../shared/links';
import { useTemplateScope } from '../shared/useTemplateScope';
import type { TableColumn } from './schema.gen';

type Row = Record<string, unknown>;

const formatValue = (value: unknown, format: TableColumn['format']) =>
  format === 'duration' ? formatDuration(value) : format === 'date' ? formatDate(value, 'date') : formatText(value);

/** What one cell shows, by the column's `kind`. */
export function CellView({ column, row, screen }: { column: TableColumn; row: Row; screen?: string }) {
  const value = column.field ? row[column.field] : undefined;
  const base = useTemplateScope();
  const navigate = useNavigate();
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
      const tag = column.tags?.[formatText(value)];
      return tag ? <Badge variant="light" color={tag.color} data-testid="cell-tag">{tag.label}</Badge> : <Text size="sm">{formatText(value)}</Text>;
    }
    case 'action':
      return (
        <Group gap="xs">
          {(column.actions ?? []).filter((a) => a.when === undefined || evaluate(a.when, scope)).map((a) => (
            <Button key={a.action} size="compact-sm" variant="light" color={a.color}
              onClick={() => (a.link ? navigate(resolveLink([a.link], scope) ?? a.link.path) : emitAction({ action: a.action, row, screen }))}>
              {a.label}
            </Button>
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
