import { Badge, Group, ScrollArea, Stack, Text, UnstyledButton } from '@mantine/core';
import type { SubmissionRow } from './useGrading';

function stateBadge(row: SubmissionRow) {
  if (row.failed) return <Badge color="red" variant="light">未保存</Badge>;
  if (row.saving) return <Badge color="gray" variant="light">保存中</Badge>;
  if (row.state === 'graded') return <Badge color="green" variant="light">{row.score} 分</Badge>;
  return <Badge color="orange" variant="light">待批阅</Badge>;
}

/** The grader's list of submissions: name, class, state; the current one highlighted. */
export function Roster({ rows, current, onPick }: { rows: SubmissionRow[]; current: number | null; onPick: (markId: number) => void }) {
  if (!rows.length) return <Text c="dimmed" size="sm" p="md">没有待批阅的提交</Text>;
  return (
    <ScrollArea h="100%">
      <Stack gap={0} role="listbox" aria-label="学生提交">
        {rows.map((row) => {
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
  );
}
