import { Badge, Button, Group, Paper, SegmentedControl, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { Link } from 'react-router-dom';
import type { RendererProps } from '../../engine';
import { Pager } from '../../renderers';
import { useCall } from '../../renderers/data/useCall';
import { failedTitle, LoadFailed } from '../../renderers/ui/ListStatus';
import type { MyTasksProps } from './my-tasks.schema.gen';
import { scoreColor } from './ScoreButton';

export interface TaskRow {
  id: number;
  kind: 'task' | 'test';
  title: string;
  cate_name: string;
  start_time: string;
  end_time: string;
  status: 1 | 2 | 3;
  record_status: number; // 0 not submitted, 1 submitted, 2 graded
  score: number | null;
}
interface Block {
  data: TaskRow[];
  page: number;
  count: number;
}

/** Link to the task details page: the spec passes the item as JSON in the query. */
export const taskDetailLink = (path: string, row: Pick<TaskRow, 'id' | 'kind' | 'title'>) =>
  `${path}?item=${encodeURIComponent(JSON.stringify({ id: row.id, kind: row.kind, title: row.title }))}`;
export const scoreLink = (path: string, row: Pick<TaskRow, 'id' | 'kind'>) => `${path}?task_id=${row.id}&type=${row.kind === 'test' ? 2 : 1}`;

/** `type: my-tasks` — class tasks and tests in finished / unfinished blocks of 3, sorted by score or finish time. */
export default function MyTasks({ props }: RendererProps<MyTasksProps>) {
  const [sort, setSort] = useState<'finish' | 'score'>('finish');
  return (
    <Stack gap="lg">
      <Group justify="space-between">
        <Title order={3}>我的任务</Title>
        <SegmentedControl value={sort} onChange={(v) => setSort(v as 'finish' | 'score')} data={[{ value: 'finish', label: '按完成时间' }, { value: 'score', label: '按成绩' }]} />
      </Group>
      {props.sections.map((section) => (
        <Section key={section.kind} {...section} sort={sort} pageSize={props.pageSize ?? 3} detailPath={props.detailPath} scorePath={props.scorePath} />
      ))}
    </Stack>
  );
}

function Section({ kind, title, sort, pageSize, detailPath, scorePath }: MyTasksProps['sections'][number] & { sort: string; pageSize: number; detailPath: string; scorePath: string }) {
  const [pages, setPages] = useState({ finish: 1, unfinish: 1 });
  const params = { kind, sort, page_size: pageSize, finish_page: pages.finish, unfinish_page: pages.unfinish };
  const read = useCall<{ finish: Block; unfinish: Block }>('task/get_student_record', params, { keepPrevious: true });
  const { data } = read;
  return (
    <Paper withBorder radius="md" p="md" data-testid={`tasks-${kind}`}>
      <Text fw={600} mb="sm">{title}</Text>
      {!data && read.isError && <LoadFailed title={failedTitle(title)} message={read.error.message} onRetry={() => void read.refetch()} />}
      {(['unfinish', 'finish'] as const).map((which) => (
        <Stack key={which} gap="xs" mb="md">
          <Text size="sm" c="dimmed">{which === 'finish' ? '已完成' : '未完成'}（{data?.[which].count ?? 0}）</Text>
          <SimpleGrid cols={{ base: 1, md: 3 }}>
            {data?.[which].data.map((row) => (
              <Paper key={row.id} withBorder p="sm" radius="md" data-testid="task-row">
                <Text fw={600} lineClamp={1} component={Link} to={taskDetailLink(detailPath, row)}>{row.title}</Text>
                <Group gap={6} mt={4}>
                  {row.cate_name && <Badge size="sm" variant="outline">{row.cate_name}</Badge>}
                  <Text size="xs" c="dimmed">截止 {row.end_time}</Text>
                </Group>
                <Group gap="xs" mt="xs">
                  {row.record_status === 2 ? (
                    <Button size="compact-xs" variant="light" color="cyan" component={Link} to={scoreLink(scorePath, row)}>查看成绩</Button>
                  ) : row.record_status === 1 ? (
                    <Button size="compact-xs" variant="light" disabled>已提交</Button>
                  ) : (
                    <Button size="compact-xs" component={Link} to={taskDetailLink(detailPath, row)}>去完成</Button>
                  )}
                  {row.score !== null && <Text size="sm" fw={700} c={scoreColor(row.score)}>{row.score}</Text>}
                </Group>
              </Paper>
            ))}
          </SimpleGrid>
          <Pager page={pages[which]} pageSize={pageSize} total={data?.[which].count ?? 0} onChange={(p) => setPages((c) => ({ ...c, [which]: p }))} />
        </Stack>
      ))}
    </Paper>
  );
}
