import { Group, Pagination, Text } from '@mantine/core';
import { useAfterFirstPaint } from '../shared/engine';

export interface PagerProps {
  /** 1-based current page. */
  page: number;
  pageSize: number;
  total: number;
  /** Most page buttons shown at once, as in the spec's "pager count" (odd, default 11). */
  pagerCount?: number;
  onChange: (page: number) => void;
}

/** Mantine shows boundaries + siblings on both sides + current + two ellipses; solve for siblings. */
export function siblingsFor(pagerCount: number): number {
  return Math.max(0, Math.floor((pagerCount - 5) / 2));
}

/**
 * Page buttons with the total count ("共 N 条"); nothing at all when the list is empty. Drawn once the page's first
 * frame is painted: the buttons sit below the list and are a dozen components its first render need not wait for.
 */
export function Pager({ page, pageSize, total, pagerCount = 11, onChange }: PagerProps) {
  const painted = useAfterFirstPaint();
  if (total <= 0 || !painted) return null;
  const pages = Math.max(1, Math.ceil(total / Math.max(1, pageSize)));
  return (
    <Group justify="flex-end" gap="md" mt="lg" data-testid="pager">
      <Text size="sm" c="dimmed">
        共 {total} 条
      </Text>
      <Pagination
        total={pages}
        value={Math.min(page, pages)}
        onChange={onChange}
        siblings={siblingsFor(pagerCount)}
        boundaries={1}
        radius="md"
        getControlProps={(control) => ({ 'aria-label': CONTROL_LABELS[control] })}
      />
    </Group>
  );
}

const CONTROL_LABELS = { first: '第一页', previous: '上一页', next: '下一页', last: '最后一页' } as const;
