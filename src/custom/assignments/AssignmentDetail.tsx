import { Alert, Anchor, Badge, Button, Group, Image, Paper, Skeleton, Stack, Text, Title } from '@mantine/core';
import DOMPurify from 'dompurify';
import { useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { notify, type RendererProps } from '../../engine';
import { useRemoteRecord, useTemplateScope } from '../../renderers';
import { failedTitle, LoadFailed, NotFoundNotice } from '../../renderers/ui/ListStatus';
import { DEFAULT_RULES } from './AssignmentList';
import { ExamQuestions } from './ExamQuestions';
import type { AssignmentDetailProps } from './assignment-detail.schema.gen';
import { DEFAULT_MESSAGES, type FileRef, type WorkItem } from './types';
import { statusTag } from './WorkCard';
import { windowMessage, WorkPanel } from './WorkPanel';

interface Detail extends WorkItem {
  author: string;
  description: string;
  detail: string;
  files: FileRef[];
  cate: { id: number | null; name: string; url: string };
  question_count: number;
  mark: { answer: unknown } | null;
  /** Work the teacher handed back for resubmission, while it has not been handed in again. */
  returned: { comment: string; returned_at: string } | null;
}

/**
 * `type: assignment-detail` — homeworkinfor, Homeworkinfordata, gradesinfor: the item given by the query `id`.
 * A `start_time` in the query only decides the heading before the reply arrives; the reply's kind is the truth.
 */
export default function AssignmentDetail({ props }: RendererProps<AssignmentDetailProps>) {
  const [search] = useSearchParams();
  const id = Number(search.get('id'));
  const { record: item, error, refused, reload } = useRemoteRecord<Detail>({ endpoint: 'assign/getassign', params: { id } }, useTemplateScope(), { enabled: id > 0 });
  const [answering, setAnswering] = useState(false);
  const rules = { ...DEFAULT_RULES, ...props.rules };
  const messages = { ...DEFAULT_MESSAGES, ...props.messages };

  if (!(id > 0)) return <NotFoundNotice message={props.labels?.notFound ?? '未找到该作业'} />;
  const kindHint = search.get('start_time') ? 'exam' : 'homework';
  const label = (item?.kind ?? kindHint) === 'exam' ? props.labels?.exam ?? '考试详情' : props.labels?.homework ?? '作业详情';
  if (error) return <LoadFailed title={failedTitle(label)} message={error} refused={refused} onRetry={reload} />;
  if (!item) return <Stack><Title order={3}>{search.get('title') ?? label}</Title><Skeleton height={240} /></Stack>;

  const tag = statusTag(item);
  const answered = Boolean(item.mark?.answer);
  const startAnswering = () => {
    const problem = windowMessage(item, messages);
    if (problem) return void notify.error(problem);
    setAnswering(true);
  };
  return (
    <Stack gap="md" data-testid="work-detail">
      <Group justify="space-between">
        <Title order={3}>{item.title}</Title>
        <Group gap="xs"><Badge variant="light">{label}</Badge><Badge color={tag.color} variant="light" data-testid="status-tag">{tag.text}</Badge></Group>
      </Group>
      <Paper withBorder radius="md" p="md">
        <Stack gap={6}>
          <Fact name="所属项目" value={item.cate.name || item.learn_name || '——'} />
          <Fact name="发布人" value={item.author || '——'} />
          <Fact name="类型" value={`${item.classify_name}${item.cate_name ? ` · ${item.cate_name}` : ''}`} />
          <Fact name="开始时间" value={item.start_time} />
          <Fact name="结束时间" value={item.end_time} />
          {item.kind === 'exam' && item.time > 0 && <Fact name="考试时长" value={`${item.time} 分钟`} />}
          <Fact name="成绩" value={item.total_score === null ? '——' : String(item.total_score)} />
        </Stack>
      </Paper>
      <Paper withBorder radius="md" p="md">
        <Text fw={600} mb={6}>{item.kind === 'exam' ? '考试内容' : '作业内容'}</Text>
        <Text size="sm" dangerouslySetInnerHTML={{ __html: DOMPurify.sanitize(item.content) }} />
        {item.description && <Text size="sm" c="dimmed" mt="xs" dangerouslySetInnerHTML={{ __html: DOMPurify.sanitize(item.description) }} />}
        {item.detail && <Image src={item.detail} mt="sm" h={180} w="auto" fit="contain" alt={item.kind === 'exam' ? '考试示意图' : '作业示意图'} />}
        {item.files.length > 0 && (
          <Group gap="md" mt="sm" data-testid="attached-files">
            <Text size="sm">附件：</Text>
            {item.files.map((f) => <Anchor key={f.url} href={f.url} target="_blank" size="sm">{f.name}</Anchor>)}
          </Group>
        )}
      </Paper>
      {item.returned && (
        <Alert color="orange" title="老师退回了你的作品，请修改后重新提交" data-testid="returned-notice">
          <Text size="sm">{item.returned.comment}</Text>
          <Text size="xs" c="dimmed" mt={4}>退回时间：{item.returned.returned_at.slice(0, 16)}</Text>
        </Alert>
      )}
      <Paper withBorder radius="md" p="md">
        {/* Returned work may be handed in again after the deadline (the server allows it; the teacher sees it late). */}
        <WorkPanel item={item.returned && item.status === 1 ? { ...item, status: 2 } : item} rules={rules} messages={messages} onSubmitted={reload} />
      </Paper>
      {item.kind === 'exam' && item.question_count > 0 && (answering || answered
        ? <ExamQuestions key={answered ? "done" : "open"} assignmentId={item.id} timeUp={messages.timeUp} onDone={reload} />
        : <Button w={160} onClick={startAnswering}>开始答题</Button>)}
    </Stack>
  );
}

function Fact({ name, value }: { name: string; value: string }) {
  return (
    <Group gap="xs">
      <Text size="sm" c="dimmed" w={80}>{name}</Text>
      <Text size="sm">{value}</Text>
    </Group>
  );
}
