import { Alert, Button, Center, Group, Loader, Stack, Text } from '@mantine/core';
import { useCallback, useEffect, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { api, notify, type RendererProps } from '../../engine';
import { ExamNotice } from './ExamNotice';
import { ExamSheet } from './ExamSheet';
import type { TheoryExamProps } from './schema.gen';
import type { ExamPaper } from './types';

const DEFAULT_REVIEW = '/ucenter/answerlist';
const DEFAULT_LIST = '/ucenter/theorylist';

/**
 * `type: theory-exam` — route theoryexam?testid=: loads the test; before the student's attempt starts the server sends only
 * its header, shown with the exam notice and 开始考试 (theory/start, then the paper); a started attempt resumes on the sheet.
 */
export default function TheoryExamPage({ props }: RendererProps<TheoryExamProps>) {
  const [search] = useSearchParams();
  const testId = Number(search.get('testid'));
  if (!Number.isInteger(testId) || testId <= 0) return <Alert color="red" m="lg">缺少试卷编号（testid）</Alert>;
  return <ExamLoader key={testId} testId={testId} props={props} />;
}

type Loaded = { paper: ExamPaper } | { error: string } | null;

function ExamLoader({ testId, props }: { testId: number; props: TheoryExamProps }) {
  const navigate = useNavigate();
  const [loaded, setLoaded] = useState<Loaded>(null);
  const [starting, setStarting] = useState(false);
  const reviewPath = `${props.reviewPath ?? DEFAULT_REVIEW}?testid=${testId}`;
  const backToList = () => navigate(props.listPath ?? DEFAULT_LIST);

  const load = useCallback(async () => {
    setLoaded(null);
    try {
      setLoaded({ paper: await api.call<ExamPaper>('theory/test/{id}', { id: testId }) });
    } catch (err) {
      setLoaded({ error: err instanceof Error ? err.message : '试卷加载失败' });
    }
  }, [testId]);

  useEffect(() => {
    void load();
  }, [load]);

  // 开始考试: the server starts the clock, then serves the paper inside the attempt.
  const start = useCallback(async () => {
    setStarting(true);
    try {
      await api.call('theory/start', { logid: testId }, { silent: true });
      setLoaded({ paper: await api.call<ExamPaper>('theory/test/{id}', { id: testId }, { silent: true }) });
    } catch (err) {
      notify.error(err instanceof Error ? err.message : '开始考试失败，请重试');
      void load();
    } finally {
      setStarting(false);
    }
  }, [testId, load]);

  if (!loaded) return <Center py="xl"><Loader /></Center>;
  if ('error' in loaded) {
    return (
      <Stack align="center" py="xl">
        <Text c="red">{loaded.error}</Text>
        <Group>
          <Button variant="default" onClick={backToList}>返回列表</Button>
          <Button onClick={() => void load()}>重试</Button>
        </Group>
      </Stack>
    );
  }
  const { paper } = loaded;
  const attempt = paper.attempt;
  if (attempt?.status === 'in_progress' && paper.questions.length > 0) {
    return <ExamSheet paper={paper} attempt={attempt} props={props} reviewPath={reviewPath} />;
  }
  if (!attempt && paper.state === 'open') {
    return <ExamNotice paper={paper} props={props} starting={starting} onStart={() => void start()} onBack={backToList} />;
  }
  const taken = paper.state === 'taken' || (attempt !== null && attempt.status !== 'in_progress');
  return (
    <Stack align="center" py="xl" data-testid="exam-closed">
      <Text size="lg">{taken ? '您已完成该试卷' : paper.state === 'upcoming' ? '考试尚未开始' : '考试已结束，您未参加'}</Text>
      <Group>
        <Button variant="default" onClick={backToList}>返回列表</Button>
        {taken && <Button onClick={() => navigate(reviewPath)}>查看成绩</Button>}
      </Group>
    </Stack>
  );
}
