import { Button, Group, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router-dom';

/** The grader's panel once nothing waits: how many were handed in and the ways on (back to the list, or over graded work). */
export function AllGraded({ submitted, back, onShowAll }: { submitted: number; back?: string; onShowAll?: () => void }) {
  return (
    <Stack align="center" py="xl" gap="sm" role="status" data-testid="grader-finished">
      <Title order={4} c="green.8">{submitted ? '全部批阅完成' : '还没有学生提交'}</Title>
      <Text c="dimmed" size="sm">
        {submitted ? `已交的 ${submitted} 份作品都已批阅，可以在“全部提交”中修改分数。` : '学生提交后会出现在左侧名单中。'}
      </Text>
      <Group gap="sm" mt="xs">
        {back && <Button component={Link} to={back}>返回作业列表</Button>}
        {onShowAll && <Button variant="default" onClick={onShowAll}>查看全部提交</Button>}
      </Group>
    </Stack>
  );
}
