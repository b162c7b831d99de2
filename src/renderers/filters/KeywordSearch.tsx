import { ActionIcon, TextInput } from '@mantine/core';
import { useEffect, useState } from 'react';
import { SearchIcon } from '../ui/icons';
import type { KeywordFilterConfig } from './schema.gen';

/**
 * A search box that applies its text on Enter or on the search button; an emptied box clears the filter. It shows the
 * keyword the list is filtered by when that changes from outside (back to an address with another keyword).
 */
export function KeywordSearch({ config, value, onSearch }: { config: KeywordFilterConfig; value: unknown; onSearch: (keyword: string) => void }) {
  const applied = value === undefined || value === null ? '' : String(value);
  const [text, setText] = useState(applied);
  useEffect(() => setText(applied), [applied]);
  const submit = () => onSearch(text.trim());
  return (
    <TextInput
      // Not narrower than 300 px: the box would scale with the root font, its placeholder (≥ 14 px) does not, and the
      // longest (搜索姓名、账号、学号、手机号或班级) needs ~290 px.
      w={{ base: '100%', sm: 'max(17.5rem, 300px)' }}
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
