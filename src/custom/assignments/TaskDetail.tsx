import { Badge, Button, Group, Image, Paper, Skeleton, Stack, Text, Title } from '@mantine/core';
import DOMPurify from 'dompurify';
import { Link, useSearchParams } from 'react-router-dom';
import type { RendererProps } from '../../engine';
import { useRemoteRecord, useTemplateScope } from '../../renderers';
import { failedTitle, LoadFailed, NotFoundNotice } from '../../renderers/ui/ListStatus';
import { DEFAULT_RULES } from './AssignmentList';
import { scoreLink } from './MyTasks';
import type { TaskDetailProps } from './task-detail.schema.gen';
import { DEFAULT_MESSAGES, type Receipt, type WorkItem, type WorkRules } from './types';
import { WorkPanel } from './WorkPanel';

interface TaskDetailReply {
  id: number;
  kind: 'task' | 'test';
  title: string;
  author: string;
  content: string;
  description: string;
  detail: string;
  cate_id: number;
  cate_name: string;
  cate: { name: string };
  start_time: string;
  end_time: string;
  test_time: number;
  tooth_num: string;
  status: 1 | 2 | 3;
  record_status: number;
  score: number | null;
  receipt: Receipt | null;
}

/** The spec passes the item as JSON in the query (`item`); only its id is trusted, the rest comes from the server. */
function itemId(raw: string | null): number {
  try {
    return Number((JSON.parse(raw ?? '{}') as { id?: unknown }).id) || 0;
  } catch {
    return 0;
  }
}

/** `type: task-detail` — a class task/test with up to 9 photos submitted through task/insert_student_record. */
export default function TaskDetail({ screen, props }: RendererProps<TaskDetailProps>) {
  const [search] = useSearchParams();
  const id = itemId(search.get('item'));
  const { record: task, error, refused, reload } = useRemoteRecord<TaskDetailReply>({ endpoint: 'task/get_detail', params: { id } }, useTemplateScope(), { enabled: id > 0 });
  if (!id) return <NotFoundNotice message="未找到该任务" />;
  if (error) return <LoadFailed title={failedTitle(screen?.title)} message={error} refused={refused} onRetry={reload} />;
  if (!task) return <Skeleton height={240} />;

  const rules: WorkRules = { ...DEFAULT_RULES, maxImages: 9, submitEndpoint: 'task/insert_student_record', ...props.rules };
  const item = {
    id: task.id, mark_id: task.record_status ? task.id : null, title: task.title, classify: task.cate_id === 3 ? 3 : 2, classify_name: '', type: '',
    cate_id: task.cate_id, cate_name: task.cate_name, content: task.content, kind: task.kind === 'test' ? 'exam' : 'homework', learn_id: null, learn_name: '',
    status: task.status, total_score: task.score, sum: 0, total_time: 0, start_time: task.start_time, end_time: task.end_time, time: task.test_time,
    student_des: '', student_answer: [], annex: [], graded: task.record_status === 2, receipt: task.receipt,
  } satisfies WorkItem;
  return (
    <Stack gap="md" data-testid="task-detail">
      <Group justify="space-between">
        <Title order={3}>{task.title}</Title>
        <Badge variant="light">{task.kind === 'test' ? '考核' : '任务'}</Badge>
      </Group>
      <Paper withBorder radius="md" p="md">
        <Text size="sm">发布人：{task.author || '——'} · 项目：{task.cate.name || '——'} · 分类：{task.cate_name}</Text>
        <Text size="sm" c="dimmed">{task.start_time} 至 {task.end_time}{task.tooth_num ? ` · 牙位 ${task.tooth_num}` : ''}</Text>
        <Text size="sm" mt="sm" dangerouslySetInnerHTML={{ __html: DOMPurify.sanitize(task.content) }} />
        <Text size="sm" c="dimmed" dangerouslySetInnerHTML={{ __html: DOMPurify.sanitize(task.description) }} />
        {task.detail && <Image src={task.detail} mt="sm" h={180} w="auto" fit="contain" alt="任务示意图" />}
      </Paper>
      <Paper withBorder radius="md" p="md">
        {task.record_status === 2 ? (
          <Button component={Link} to={scoreLink(props.scorePath, task)} variant="light" color="cyan">查看成绩</Button>
        ) : (
          <WorkPanel item={item} rules={rules} messages={{ ...DEFAULT_MESSAGES, ...props.messages }} idParam="task_id" onSubmitted={reload} />
        )}
      </Paper>
    </Stack>
  );
}
