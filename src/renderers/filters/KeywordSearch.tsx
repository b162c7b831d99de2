import { ActionIcon, TextInput } from '@mantine/core';
import { useState } from 'react';
import { SearchIcon } from '../ui/icons';
import type { KeywordFilterConfig } from './schema.gen';

/** A search box that applies its text on Enter or on the search button; an emptied box clears the filter. */
export function KeywordSearch({ config, onSearch }: { config: KeywordFilterConfig; onSearch: (keyword: string) => void }) {
  const [text, setText] = useState('');
  const submit = () => onSearch(text.trim());
  return (
    <TextInput
      w={{ base: '100%', sm: 280 }}
      radius="xl"
      placeholder={config.placeholder ?? '请输入关键字'}
      aria-label={config.placeholder ?? '搜索'}
      value={text}
      onChange={(e) => setText(e.currentTarget.value)}
      onKeyDown={(e) => {
        if (e.key === 'Enter') submit();
      }}
      leftSection={<SearchIcon />}
      rightSection={
        <ActionIcon variant="subtle" radius="xl" aria-label="搜索" onClick={submit}>
          <SearchIcon />
        </ActionIcon>
      }
    />
  );
}
