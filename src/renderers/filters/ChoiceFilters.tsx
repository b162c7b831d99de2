import { Stack } from '@mantine/core';
import { ChipRow, FilterChip } from './CategoryFilter';
import type { ChoiceFilterConfig } from './schema.gen';

/** The same filter value, whether it was set here (a number) or read back from the address (a string). */
export const sameValue = (a: unknown, b: unknown) => String(a ?? '') === String(b ?? '');

/**
 * Chip rows of fixed choices from YAML (status, completion, ...); each row sets one request parameter. The chip shown
 * chosen is the one whose value the list is filtered by (the first when none matches).
 */
export function ChoiceFilters({ rows, values, onChange }: { rows: ChoiceFilterConfig[]; values: Record<string, unknown>; onChange: (patch: Record<string, unknown>) => void }) {
  const chosen = (row: ChoiceFilterConfig) => Math.max(0, row.options.findIndex((option) => sameValue(option.value, values[row.param])));
  return (
    <Stack gap="sm" mt={4}>
      {rows.map((row) => (
        <ChipRow key={row.param} label={row.label}>
          {row.options.map((option, i) => (
            <FilterChip key={i} text={option.label} active={chosen(row) === i} onClick={() => onChange({ [row.param]: option.value })} />
          ))}
        </ChipRow>
      ))}
    </Stack>
  );
}
