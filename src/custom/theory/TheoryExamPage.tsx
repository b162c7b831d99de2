import { Alert, Button, Center, Group, Loader, Stack, Text } from '@mantine/core';
import { useCallback, useEffect, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { api, type RendererProps } from '../../engine';
import { ExamSheet } from './ExamSheet';
import type { TheoryExamProps } from './schema.gen';
import type { AttemptState, ExamPaper } from './types';

const DEFAULT_REVIEW = '/ucenter/answerlist';
const DEFAULT_LIST = '/ucenter/theorylist';

/** `type: theory-exam` — route theoryexam?testid=: loads the paper, starts or resumes the attempt, then the sheet. */
export default function TheoryExamPage({ props }: RendererProps<TheoryExamProps>) {
  const [search] = useSearchParams();
  const testId = Number(search.get('testid'));
  if (!Number.isInteger(testId) || testId <= 0) return <Alert color="red" m="lg">缺少试卷编号（testid）</Alert>;
  return <ExamLoader key={testId} testId={testId} props={props} />;
}

type Loaded = { paper: ExamPaper; attempt: AttemptState | null } | { error: string } | null;

function ExamLoader({ testId, props }: { testId: number; props: TheoryExamProps }) {
  const navigate = useNavigate();
  const [loaded, setLoaded] = useState<Loaded>(null);
  const reviewPath = `${props.reviewPath ?? DEFAULT_REVIEW}?testid=${testId}`;

  const load = useCallback(async () => {
    setLoaded(null);
    try {
      const paper = await api.call<ExamPaper>('theory/test/{id}', { id: testId });
      const canAnswer = paper.state === 'open' || paper.state === 'in_progress';
      const attempt = canAnswer ? await api.call<AttemptState>('theory/start', { logid: testId }) : paper.attempt;
      setLoaded({ paper, attempt });
    } catch (err) {
      setLoaded({ error: err instanceof Error ? err.message : '试卷加载失败' });
    }
  }, [testId]);

  useEffect(() => {
    void load();
  }, [load]);

  if (!loaded) return <Center py="xl"><Loader /></Center>;
  if ('error' in loaded) {
    return (
      <Stack align="center" py="xl">
        <Text c="red">{loaded.error}</Text>
        <Group>
          <Button variant="default" onClick={() => navigate(props.listPath ?? DEFAULT_LIST)}>返回列表</Button>
          <Button onClick={() => void load()}>重试</Button>
        </Group>
      </Stack>
    );
  }
  const { paper, attempt } = loaded;
  if (!attempt || attempt.status !== 'in_progress') {
    const taken = paper.state === 'taken';
    return (
      <Stack align="center" py="xl" data-testid="exam-closed">
        <Text size="lg">{taken ? '您已完成该试卷' : paper.state === 'upcoming' ? '考试尚未开始' : '考试已结束，您未参加'}</Text>
        <Group>
          <Button variant="default" onClick={() => navigate(props.listPath ?? DEFAULT_LIST)}>返回列表</Button>
          {taken && <Button onClick={() => navigate(reviewPath)}>查看成绩</Button>}
        </Group>
      </Stack>
    );
  }
  return <ExamSheet paper={paper} attempt={attempt} props={props} reviewPath={reviewPath} />;
}
