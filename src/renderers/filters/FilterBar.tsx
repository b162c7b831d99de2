import { Group, Paper } from '@mantine/core';
import { CategoryFilter } from './CategoryFilter';
import { ChoiceFilters } from './ChoiceFilters';
import { KeywordSearch } from './KeywordSearch';
import type { FiltersConfig } from './schema.gen';

interface Props {
  config: FiltersConfig | undefined;
  /** New values of some request parameters; the list goes back to page 1 on any of them. */
  onChange: (patch: Record<string, unknown>) => void;
}

/** The filter bar above a cards or table list, configured by the screen's `filters` YAML. */
export function FilterBar({ config, onChange }: Props) {
  if (!config || (!config.keyword && !config.categories && !config.choices?.length)) return null;
  const { keyword, categories, choices } = config;
  return (
    <Paper withBorder radius="md" p="md" mb="lg" data-testid="filter-bar">
      <Group justify="space-between" align="flex-start" gap="md">
        <div style={{ flex: 1, minWidth: 0 }}>
          {categories && <CategoryFilter config={categories} onChange={onChange} />}
          {choices && <ChoiceFilters rows={choices} onChange={onChange} />}
        </div>
        {keyword && <KeywordSearch config={keyword} onSearch={(text) => onChange({ [keyword.param]: text })} />}
      </Group>
    </Paper>
  );
}
