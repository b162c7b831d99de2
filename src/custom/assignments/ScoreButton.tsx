import { Button, Loader, Modal, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { useCall } from '../../renderers/data/useCall';
import { LoadFailed } from '../../renderers/ui/ListStatus';
import type { WorkItem } from './types';

interface Mark {
  score: number | null;
  teacher_comment: string;
  teacher_answer: string;
  teacher_data: unknown;
}

/** 查看成绩: the teacher's score, comment and reference answer of a graded submission. */
export function ScoreButton({ item }: { item: Pick<WorkItem, 'id' | 'title'> }) {
  const [asked, setAsked] = useState(false);
  const read = useCall<Mark>('assign/getmark', { assignment_id: item.id }, { enabled: asked });
  const mark = read.data;
  const open = () => (asked ? void read.refetch() : setAsked(true));
  return (
    <>
      <Button size="compact-sm" variant="light" color="cyan" onClick={open}>查看成绩</Button>
      <Modal opened={asked} onClose={() => setAsked(false)} title={`${item.title} · 成绩`} centered>
        {!mark && read.isError && <LoadFailed title="成绩加载失败" message={read.error.message} onRetry={() => void read.refetch()} />}
        {!mark && !read.isError && <Loader size="sm" />}
        {mark && (
          <Stack gap="xs" data-testid="score-modal">
            <Text size="xl" fw={700} c={scoreColor(mark.score)}>{mark.score ?? '——'} 分</Text>
            {mark.teacher_comment && <Text size="sm"><b>教师评语：</b>{mark.teacher_comment}</Text>}
            {mark.teacher_answer && <Text size="sm"><b>参考答案：</b>{mark.teacher_answer}</Text>}
          </Stack>
        )}
      </Modal>
    </>
  );
}

/** Spec §4: below 60 red, 60 or more blue, 90 or more cyan. */
export const scoreColor = (score: number | null | undefined) => (score == null ? 'dimmed' : score >= 90 ? 'cyan' : score >= 60 ? 'blue' : 'red');
