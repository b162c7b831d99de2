import { Button, Group, Paper, Stack, Text, Textarea } from '@mantine/core';
import { useCallback, useEffect, useRef, useState } from 'react';
import { api, invalidateEndpoints, notify } from '../../engine';
import { useCall } from '../../renderers/data/useCall';
import { LoadFailed } from '../../renderers/ui/ListStatus';

interface Question {
  id: number;
  question: string;
  answer?: string;
}
interface QuestionReply {
  list: Question[];
  test_time: number;
  end_time: string;
  server_time: string;
  submitted: boolean;
}

const QUESTIONS = 'assign/getquestion';
const seconds = (text: string) => Date.parse(text.replace(' ', 'T') + '+08:00') / 1000;
const clock = (s: number) => `${String(Math.floor(s / 60)).padStart(2, '0')}:${String(s % 60).padStart(2, '0')}`;

/**
 * An exam's questions answered in the page with a countdown: test_time minutes, cut at the exam's end, measured
 * from the server's clock. At zero 考试时间到！ and the answers are sent as they are.
 */
export function ExamQuestions({ assignmentId, timeUp, onDone }: { assignmentId: number; timeUp: string; onDone: () => void }) {
  const read = useCall<QuestionReply>(QUESTIONS, { id: assignmentId });
  const reply = read.data ?? null;
  const repliedAt = read.dataUpdatedAt;
  const [answers, setAnswers] = useState<Record<number, string>>({});
  const [deadline, setDeadline] = useState<number | null>(null); // ms on this browser's clock
  const [left, setLeft] = useState<number | null>(null);
  const [sending, setSending] = useState(false);
  const startedAt = useRef(Date.now());
  const sent = useRef(false);

  // The clock starts with the first answer, measured from when it arrived (a cached one may be a moment old).
  useEffect(() => {
    if (!reply || reply.submitted || deadline !== null) return;
    // Only durations are taken from the server's clock, so a wrong clock on this computer changes nothing.
    const untilEnd = seconds(reply.end_time) - seconds(reply.server_time);
    const allowed = Math.max(0, Math.min(reply.test_time > 0 ? reply.test_time * 60 : untilEnd, untilEnd));
    startedAt.current = repliedAt;
    setDeadline(repliedAt + allowed * 1000);
    setLeft(Math.max(0, Math.ceil((repliedAt + allowed * 1000 - Date.now()) / 1000)));
  }, [reply, repliedAt, deadline]);

  const submit = useCallback(async (auto: boolean) => {
    if (sent.current) return;
    sent.current = true;
    setSending(true);
    try {
      const total_time = Math.round((Date.now() - startedAt.current) / 1000);
      const r = await api.callWithMessage('assign/uploadanswer', { assignment_id: assignmentId, answer: JSON.stringify(answers), total_time });
      if (!auto) notify.success(r.message || '提交成功');
      await invalidateEndpoints([QUESTIONS]); // shown again, the questions come with the reference answers
      onDone();
    } catch {
      sent.current = false;
    } finally {
      setSending(false);
    }
  }, [answers, assignmentId, onDone]);

  // Ticks recompute from the deadline, so a throttled background tab never runs slow.
  useEffect(() => {
    if (deadline === null) return;
    const timer = setInterval(() => setLeft(Math.max(0, Math.ceil((deadline - Date.now()) / 1000))), 250);
    return () => clearInterval(timer);
  }, [deadline]);

  useEffect(() => {
    if (left !== 0 || sent.current) return;
    notify.warn(timeUp);
    void submit(true);
  }, [left, submit, timeUp]);

  if (!reply && read.isError) return <LoadFailed title="考试题目加载失败" message={read.error.message} onRetry={() => void read.refetch()} />;
  if (!reply || reply.list.length === 0) return null;
  return (
    <Paper withBorder radius="md" p="md" data-testid="exam-questions">
      <Group justify="space-between" mb="sm">
        <Text fw={600}>考试题目</Text>
        {left !== null && !reply.submitted && <Text fw={700} c={left < 60 ? 'red' : undefined} data-testid="countdown">剩余时间 {clock(left)}</Text>}
      </Group>
      <Stack gap="md">
        {reply.list.map((q, i) => (
          <Stack key={q.id} gap={4}>
            <Text size="sm">{i + 1}. {q.question}</Text>
            {reply.submitted ? (
              q.answer && <Text size="sm" c="dimmed">参考答案：{q.answer}</Text>
            ) : (
              <Textarea autosize minRows={2} value={answers[q.id] ?? ''} aria-label={`第${i + 1}题答案`}
                onChange={(e) => { const v = e.currentTarget.value; setAnswers((a) => ({ ...a, [q.id]: v })); }} />
            )}
          </Stack>
        ))}
      </Stack>
      {!reply.submitted && <Button mt="md" onClick={() => void submit(false)} loading={sending}>提交答案</Button>}
    </Paper>
  );
}
