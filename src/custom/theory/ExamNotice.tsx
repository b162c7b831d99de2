import { Box, Button, Group, List, Paper, Stack, Table, Text, Title } from '@mantine/core';
import type { TheoryExamProps } from './schema.gen';
import type { ExamPaper } from './types';

export const DEFAULT_RULES = [
  '本试卷共 {count} 题，满分 {score} 分；考试时长 {duration}，须在 {end} 前交卷。',
  '点击“开始考试”后才显示试题并立即开始计时；计时不能暂停，离开页面、关闭浏览器或断网期间时间照常计算。',
  '答案自动保存到服务器，并在本机保留一份；断网时答案先保存在本机，恢复网络后自动上传。',
  '时间到时系统按已保存的答案自动交卷；每人只能作答一次，交卷后不能修改答案。',
];

/** One notice line with its placeholders filled from the paper's header. */
export function fillRule(rule: string, paper: Pick<ExamPaper, 'times' | 'start' | 'end' | 'question_count' | 'score'>): string {
  const values: Record<string, string> = {
    duration: paper.times > 0 ? `${paper.times} 分钟` : '不限时长',
    start: paper.start,
    end: paper.end,
    count: String(paper.question_count),
    score: String(paper.score),
  };
  return rule.replace(/\{(\w+)\}/g, (whole, key: string) => values[key] ?? whole);
}

/** 考试须知: the test's header and rules before the attempt starts; the questions come only after 开始考试. */
export function ExamNotice({ paper, props, starting, onStart, onBack }: { paper: ExamPaper; props: TheoryExamProps; starting: boolean; onStart(): void; onBack(): void }) {
  const rules = props.noticeRules?.length ? props.noticeRules : DEFAULT_RULES;
  return (
    <Box maw={760} mx="auto" py="lg" data-testid="exam-notice">
      <Paper withBorder radius="md" p="lg">
        <Stack gap="md">
          <Title order={3} data-testid="exam-title">{paper.name}</Title>
          <Text size="sm" c="dimmed">
            出卷老师：{paper.teacher || '—'}　考试时间：{paper.start} 至 {paper.end}　时长：{paper.times > 0 ? `${paper.times} 分钟` : '不限'}　总分：{paper.score} 分
          </Text>
          {paper.sections.length > 0 && (
            <Table withTableBorder data-testid="exam-sections">
              <Table.Thead>
                <Table.Tr><Table.Th>题型</Table.Th><Table.Th>题数</Table.Th><Table.Th>分值</Table.Th></Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {paper.sections.map((s) => (
                  <Table.Tr key={s.type}><Table.Td>{s.type_name}</Table.Td><Table.Td>{s.count}</Table.Td><Table.Td>{s.points} 分</Table.Td></Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          )}
          <Title order={4}>{props.noticeTitle ?? '考试须知'}</Title>
          <List type="ordered" spacing="xs" data-testid="exam-rules">
            {rules.map((rule, i) => <List.Item key={i}>{fillRule(rule, paper)}</List.Item>)}
          </List>
          <Group justify="center" mt="sm">
            <Button variant="default" onClick={onBack}>返回列表</Button>
            <Button onClick={onStart} loading={starting} data-testid="start-exam">{props.startLabel ?? '开始考试'}</Button>
          </Group>
        </Stack>
      </Paper>
    </Box>
  );
}
