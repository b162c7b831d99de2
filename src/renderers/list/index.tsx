import { Box, Group, Image, Paper, Skeleton, Text, TextInput } from '@mantine/core';
import { useWindowVirtualizer } from '@tanstack/react-virtual';
import { useDeferredValue, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { Link } from 'react-router-dom';
import type { RendererProps } from '../shared/engine';
import { formatCount, formatDate, formatText } from '../format/format';
import { resolveLink } from '../links/links';
import { EmptyList, failedTitle, LoadFailed } from '../ui/ListStatus';
import { useRemoteList } from '../data/useRemoteList';
import { useTemplateScope } from '../data/useTemplateScope';
import type { ListProps } from './schema.gen';

const NO_FILTERS = {};

function metaText(item: Record<string, unknown>, m: NonNullable<ListProps['meta']>[number]): string {
  const value = item[m.field];
  const text = m.format === 'date' ? formatDate(value, 'date') : m.format === 'count' ? formatCount(value) : formatText(value);
  return `${m.label ? `${m.label}：` : ''}${text}${m.suffix ?? ''}`;
}

/**
 * `type: list` — every row of a source in one request (e.g. 9,999 courses), rendered virtually against the
 * window scroll so tens of thousands of rows stay smooth: only the rows in view (plus a few) are in the DOM.
 */
export default function ListRenderer({ screen, props }: RendererProps<ListProps>) {
  const rowHeight = props.rowHeight ?? 96;
  const query = useMemo(() => ({ page: 1, pageSize: props.fetchSize ?? 9999, filters: NO_FILTERS }), [props.fetchSize]);
  const data = useRemoteList<Record<string, unknown>>(props.source, query);
  const scope = useTemplateScope();
  const [keyword, setKeyword] = useState('');
  const deferred = useDeferredValue(keyword.trim());
  const rows = useMemo(
    () => (deferred ? data.items.filter((item) => formatText(item[props.title]).includes(deferred)) : data.items),
    [data.items, deferred, props.title],
  );

  const listRef = useRef<HTMLDivElement>(null);
  const [offset, setOffset] = useState(0);
  useLayoutEffect(() => setOffset(listRef.current?.offsetTop ?? 0), [data.loading]);
  const virtualizer = useWindowVirtualizer({ count: rows.length, estimateSize: () => rowHeight, overscan: 6, scrollMargin: offset });

  if (data.error) return <LoadFailed title={failedTitle(screen?.title)} message={data.error} refused={data.refused} onRetry={data.reload} />;
  return (
    <Box>
      <Group justify="space-between" mb="md">
        <Text c="dimmed" size="sm" data-testid="list-count">共 {rows.length} 条</Text>
        {props.search && (
          <TextInput w={280} placeholder={props.search.placeholder ?? '搜索'} value={keyword} onChange={(e) => setKeyword(e.currentTarget.value)} />
        )}
      </Group>
      {data.loading && data.items.length === 0 && Array.from({ length: 6 }, (_, i) => <Skeleton key={i} height={rowHeight - 12} mb={12} />)}
      {!data.loading && rows.length === 0 && <EmptyList text={props.empty} />}
      <div ref={listRef} style={{ height: virtualizer.getTotalSize(), position: 'relative' }} data-testid="virtual-list">
        {virtualizer.getVirtualItems().map((v) => {
          const item = rows[v.index];
          const to = resolveLink(props.links, { ...scope, item });
          const body = (
            // Heights in CSS pixels: the virtualiser positions rows in px, while Mantine sizes are scaled rem.
            <Paper withBorder radius="md" p="sm" style={{ height: rowHeight - 12, display: 'flex', gap: 16, alignItems: 'center' }}>
              {props.image && <Image src={formatText(item[props.image])} style={{ width: (rowHeight - 36) * 1.6, height: rowHeight - 36, flex: 'none' }} radius="sm" alt="" />}
              <div style={{ minWidth: 0 }}>
                <Text fw={600} truncate data-testid="list-row-title">{formatText(item[props.title])}</Text>
                <Group gap="lg" mt={4}>
                  {props.meta?.map((m) => <Text key={m.field} size="sm" c="dimmed">{metaText(item, m)}</Text>)}
                </Group>
              </div>
            </Paper>
          );
          return (
            <div key={v.key} data-index={v.index} data-testid="list-row" style={{ position: 'absolute', top: 0, left: 0, width: '100%', height: rowHeight, transform: `translateY(${v.start - virtualizer.options.scrollMargin}px)` }}>
              {to ? <Link to={to} style={{ textDecoration: 'none', color: 'inherit' }}>{body}</Link> : body}
            </div>
          );
        })}
      </div>
    </Box>
  );
}
