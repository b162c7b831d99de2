import { Paper, Skeleton, Stack, Table, Text, Title } from '@mantine/core';
import { useSearchParams } from 'react-router-dom';
import type { RendererProps } from '../../engine';
import { useRemoteRecord, useTemplateScope } from '../../renderers';
import { failedTitle, LoadFailed, NotFoundNotice } from '../../renderers/ui/ListStatus';
import { scoreColor } from './ScoreButton';
import type { TaskScoreProps } from './task-score.schema.gen';

interface Reply {
  task: { id: number; title: string };
  record: { score: number | null; teacher_data: string | null; teacher_comment: string; teacher_answer: string; created_at: string } | null;
}

const asList = (text: string | null | undefined): unknown[] => {
  try {
    const v = JSON.parse(text ?? '');
    return Array.isArray(v) ? v : [];
  } catch {
    return [];
  }
};

/** `type: task-score` — examarrangement: the score and teacher comments of a task by task_id and type. */
export default function TaskScore({ screen, props }: RendererProps<TaskScoreProps>) {
  const [search] = useSearchParams();
  const taskId = Number(search.get('task_id'));
  const type = search.get('type');
  const { record: reply, loading, error, refused, reload } = useRemoteRecord<Reply>({ endpoint: 'task/get_score', params: { task_id: taskId, ...(type && { type }) } }, useTemplateScope(), { enabled: taskId > 0 });
  if (loading) return <Skeleton height={200} />;
  if (error) return <LoadFailed title={failedTitle(screen?.title)} message={error} refused={refused} onRetry={reload} />;
  if (!reply) return <NotFoundNotice message="未找到该任务的成绩" />;
  const r = reply.record;
  const listStyle = taskId > props.listScores.above || props.listScores.ids.includes(taskId);
  const scores = listStyle ? asList(r?.teacher_data) : [];
  const comments = listStyle ? asList(r?.teacher_comment) : [];
  return (
    <Stack data-testid="task-score">
      <Title order={3}>{reply.task.title} · 成绩详情</Title>
      <Paper withBorder radius="md" p="md">
        {!r ? <Text c="dimmed">老师尚未批阅</Text> : (
          <Stack gap="sm">
            <Text size="xl" fw={700} c={scoreColor(r.score)} data-testid="task-score-value">{r.score ?? '——'} 分</Text>
            {listStyle ? (
              <Table withTableBorder>
                <Table.Thead><Table.Tr><Table.Th>{props.labels?.item ?? '评分项'}</Table.Th><Table.Th>{props.labels?.score ?? '得分'}</Table.Th><Table.Th>{props.labels?.comment ?? '教师评语'}</Table.Th></Table.Tr></Table.Thead>
                <Table.Tbody>
                  {Array.from({ length: Math.max(scores.length, comments.length) }, (_, i) => (
                    <Table.Tr key={i}><Table.Td>{i + 1}</Table.Td><Table.Td>{String(scores[i] ?? '——')}</Table.Td><Table.Td>{String(comments[i] ?? '')}</Table.Td></Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            ) : (
              r.teacher_comment && <Text size="sm"><b>教师评语：</b>{r.teacher_comment}</Text>
            )}
            {r.teacher_answer && <Text size="sm"><b>参考答案：</b>{r.teacher_answer}</Text>}
          </Stack>
        )}
      </Paper>
    </Stack>
  );
}
