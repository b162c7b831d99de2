import { Alert, Button, Center, Group, Loader, Stack, Text } from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { api, endpointKey, notify, type RendererProps } from '../../engine';
import { useCall } from '../../renderers/data/useCall';
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

const PAPER = 'theory/test/{id}';

function ExamLoader({ testId, props }: { testId: number; props: TheoryExamProps }) {
  const navigate = useNavigate();
  const client = useQueryClient();
  // The attempt's answers and time left come from the server each time the page opens, never from a cached copy.
  const read = useCall<ExamPaper>(PAPER, { id: testId }, { fresh: true });
  const reviewPath = `${props.reviewPath ?? DEFAULT_REVIEW}?testid=${testId}`;
  const backToList = () => navigate(props.listPath ?? DEFAULT_LIST);

  // 开始考试: the server starts the clock, then serves the paper inside the attempt, which takes the header's place.
  const start = useMutation({
    mutationFn: async () => {
      await api.call('theory/start', { logid: testId }, { silent: true });
      return api.call<ExamPaper>(PAPER, { id: testId }, { silent: true });
    },
    onSuccess: (paper) => client.setQueryData(endpointKey(PAPER, { id: testId }), paper),
    onError: (err) => {
      notify.error(err instanceof Error ? err.message : '开始考试失败，请重试');
      void read.refetch();
    },
  });

  // A retry after a failure shows the loader again, as the first load does.
  if (!read.isFetchedAfterMount || read.isPending || (read.isError && read.isFetching)) return <Center py="xl"><Loader /></Center>;
  if (read.isError) {
    return (
      <Stack align="center" py="xl">
        <Text c="red">{read.error instanceof Error ? read.error.message : '试卷加载失败'}</Text>
        <Group>
          <Button variant="default" onClick={backToList}>返回列表</Button>
          <Button onClick={() => void read.refetch()}>重试</Button>
        </Group>
      </Stack>
    );
  }
  const paper = read.data;
  const attempt = paper.attempt;
  if (attempt?.status === 'in_progress' && paper.questions.length > 0) {
    return <ExamSheet paper={paper} attempt={attempt} props={props} reviewPath={reviewPath} />;
  }
  if (!attempt && paper.state === 'open') {
    return <ExamNotice paper={paper} props={props} starting={start.isPending} onStart={() => start.mutate()} onBack={backToList} />;
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
