import { Badge, Group, Pagination, ScrollArea, Stack, Text, UnstyledButton } from '@mantine/core';
import { useEffect, useRef, useState } from 'react';
import type { SubmissionRow } from './useGrading';

/** Rows shown at once: a class of 200+ is paged, not one long list to scroll through. */
export const ROSTER_PAGE = 50;

function stateBadge(row: SubmissionRow) {
  if (row.failed) return <Badge color="red" variant="light">未保存</Badge>;
  if (row.saving) return <Badge color="gray" variant="light">保存中</Badge>;
  if (row.state === 'graded') return <Badge color="green" variant="light">{row.score} 分</Badge>;
  return <Badge color="orange" variant="light">待批阅</Badge>;
}

/**
 * The grader's list of submissions: name, class, state; the current one highlighted. Over ROSTER_PAGE rows it is paged,
 * and the page follows the submission on screen (Ctrl+Enter past the page's end turns the page).
 */
export function Roster({ rows, current, onPick }: { rows: SubmissionRow[]; current: number | null; onPick: (markId: number) => void }) {
  const pages = Math.max(1, Math.ceil(rows.length / ROSTER_PAGE));
  const at = rows.findIndex((r) => r.mark_id === current);
  const [page, setPage] = useState(1);
  useEffect(() => {
    if (at >= 0) setPage(Math.floor(at / ROSTER_PAGE) + 1);
  }, [at]);
  const shownPage = Math.min(page, pages);
  // The submission on screen stays in sight as the keyboard moves through the list.
  const list = useRef<HTMLDivElement>(null);
  useEffect(() => {
    list.current?.querySelector('[aria-selected="true"]')?.scrollIntoView({ block: 'nearest' });
  }, [current, shownPage]);
  if (!rows.length) return <Text c="dimmed" size="sm" p="md">没有待批阅的提交</Text>;
  const first = (shownPage - 1) * ROSTER_PAGE;
  return (
    <Stack gap={0} h="100%">
      <ScrollArea style={{ flex: 1 }}>
        <Stack gap={0} role="listbox" aria-label="学生提交" ref={list}>
          {rows.slice(first, first + ROSTER_PAGE).map((row) => {
            const active = row.mark_id === current;
            return (
              <UnstyledButton key={row.mark_id} role="option" aria-selected={active} onClick={() => onPick(row.mark_id!)} px="md" py={10}
                data-testid="grader-row" bg={active ? 'var(--mantine-primary-color-light)' : undefined}
                style={{ borderBottom: '1px solid var(--mantine-color-gray-2)' }}>
                <Group justify="space-between" wrap="nowrap" gap="xs">
                  <div style={{ minWidth: 0 }}>
                    <Text size="sm" fw={active ? 700 : 500} truncate>{row.realname}</Text>
                    <Text size="xs" c="dimmed" truncate>{row.class_name} {row.student_no}</Text>
                  </div>
                  <Stack gap={2} align="flex-end" style={{ flexShrink: 0 }}>
                    {stateBadge(row)}
                    {row.late && <Badge color="red" variant="outline" size="xs">迟交</Badge>}
                  </Stack>
                </Group>
              </UnstyledButton>
            );
          })}
        </Stack>
      </ScrollArea>
      {pages > 1 && (
        <Stack gap={4} align="center" py={8} style={{ borderTop: '1px solid var(--mantine-color-gray-2)' }} data-testid="grader-pages">
          <Text size="xs" c="dimmed">第 {first + 1}–{Math.min(first + ROSTER_PAGE, rows.length)} 份，共 {rows.length} 份</Text>
          <Pagination size="xs" total={pages} value={shownPage} onChange={setPage} siblings={0} boundaries={1} aria-label="名单翻页" />
        </Stack>
      )}
    </Stack>
  );
}
