import { Stack } from '@mantine/core';
import { useState } from 'react';
import { ChipRow, FilterChip } from './CategoryFilter';
import type { ChoiceFilterConfig } from './schema.gen';

/** Chip rows of fixed choices from YAML (status, completion, ...); each row sets one request parameter. */
export function ChoiceFilters({ rows, onChange }: { rows: ChoiceFilterConfig[]; onChange: (patch: Record<string, unknown>) => void }) {
  const [chosen, setChosen] = useState<Record<string, number>>({});
  return (
    <Stack gap="sm" mt={4}>
      {rows.map((row) => (
        <ChipRow key={row.param} label={row.label}>
          {row.options.map((option, i) => (
            <FilterChip key={i} text={option.label} active={(chosen[row.param] ?? 0) === i}
              onClick={() => {
                setChosen((c) => ({ ...c, [row.param]: i }));
                onChange({ [row.param]: option.value });
              }} />
          ))}
        </ChipRow>
      ))}
    </Stack>
  );
}
