import { Group, Paper } from '@mantine/core';
import type { ReactNode } from 'react';
import { CategoryFilter } from './CategoryFilter';
import { ChoiceFilters } from './ChoiceFilters';
import { KeywordSearch } from './KeywordSearch';
import type { FiltersConfig } from './schema.gen';

interface Props {
  config: FiltersConfig | undefined;
  /** New values of some request parameters; the list goes back to page 1 on any of them. */
  onChange: (patch: Record<string, unknown>) => void;
  /** The filter values the list is showing (from the address after back/forward): the controls show them. */
  values?: Record<string, unknown>;
  /** The list's heading, drawn at the bar's left (so a bar with only a search box is not an empty strip). */
  title?: ReactNode;
}

/** The filter bar above a cards or table list, configured by the screen's `filters` YAML. */
export function FilterBar({ config, onChange, values = {}, title }: Props) {
  if (!config || (!config.keyword && !config.categories && !config.choices?.length)) return null;
  const { keyword, categories, choices } = config;
  return (
    <Paper withBorder radius="md" p="md" mb="lg" data-testid="filter-bar">
      <Group justify="space-between" align="flex-start" gap="md">
        <div style={{ flex: 1, minWidth: 0 }}>
          {title}
          {categories && <CategoryFilter config={categories} value={values[categories.param]} onChange={onChange} />}
          {choices && <ChoiceFilters rows={choices} values={values} onChange={onChange} />}
        </div>
        {keyword && <KeywordSearch config={keyword} value={values[keyword.param]} onSearch={(text) => onChange({ [keyword.param]: text })} />}
      </Group>
    </Paper>
  );
}
