import { Badge, Card, Group, Stack, Text } from '@mantine/core';
import { Link } from 'react-router-dom';
import { NoWrap } from './NoWrap';
import { scoreColor } from './ScoreButton';
import type { WorkItem, WorkMessages, WorkRules } from './types';
import { WorkPanel } from './WorkPanel';

/** Spec status tags: 已完成 when submitted, else 已结束 / 未开始 by the server's status, else 进行中. */
export function statusTag(item: Pick<WorkItem, 'status' | 'mark_id'>): { text: string; color: string } {
  if (item.mark_id) return { text: '已完成', color: 'teal' };
  if (item.status === 1) return { text: '已结束', color: 'gray' };
  if (item.status === 3) return { text: '未开始', color: 'orange' };
  return { text: '进行中', color: 'blue' };
}

interface Props {
  item: WorkItem;
  detailPath?: string;
  startPath?: string;
  rules: WorkRules;
  messages: WorkMessages;
  onSubmitted: () => void;
}

/** One exam/homework card: title, tags, times, score (—— when none) and the work flow. */
export function WorkCard({ item, detailPath, startPath, rules, messages, onSubmitted }: Props) {
  const tag = statusTag(item);
  return (
    <Card withBorder radius="md" padding="md" data-testid="work-card" data-id={item.id}>
      <Stack gap={8}>
        <Group justify="space-between" wrap="nowrap" gap="xs">
          {detailPath ? <Text fw={600} lineClamp={2} title={item.title} component={Link} to={detailPath}>{item.title}</Text> : <Text fw={600} lineClamp={2}>{item.title}</Text>}
          <Badge color={tag.color} variant="light" data-testid="status-tag" style={{ flexShrink: 0 }}>{tag.text}</Badge>
        </Group>
        <Group gap={6}>
          {item.classify_name && <Badge size="sm" variant="outline">{item.classify_name}</Badge>}
          {item.cate_name && <Badge size="sm" variant="outline" color="grape">{item.cate_name}</Badge>}
          {item.learn_name && <Text size="xs" c="dimmed" lineClamp={1}>{item.learn_name}</Text>}
        </Group>
        <Text size="xs" c="dimmed"><NoWrap>{item.start_time}</NoWrap> 至 <NoWrap>{item.end_time}</NoWrap></Text>
        <Group gap={4}>
          <Text size="sm">成绩：</Text>
          <Text size="sm" fw={700} c={scoreColor(item.total_score)} data-testid="total-score">{item.total_score ?? '——'}</Text>
        </Group>
        <WorkPanel item={item} rules={rules} messages={messages} detailPath={detailPath} startPath={startPath} onSubmitted={onSubmitted} />
      </Stack>
    </Card>
  );
}
