import { Alert, Badge, Box, Button, Group, Modal, Paper, Stack, Text, Title, UnstyledButton } from '@mantine/core';
import { useCallback, useEffect, useReducer, useRef, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { api, ApiCallError, notify } from '../../engine';
import { useLeaveGuard } from '../shared/useLeaveGuard';
import { formatRemaining, isAnswered, unanswered } from './answers';
import { Autosave, localDraftStore, type SaveStatus, type SendFailure } from './autosave';
import { QuestionView } from './QuestionView';
import { SubmitDialog } from './SubmitDialog';
import type { TheoryExamProps } from './schema.gen';
import type { AttemptState, ExamPaper, SaveReply } from './types';
import { useServerClock } from './useServerClock';

const STATUS: Record<SaveStatus, { label: string; color: string }> = {
  saved: { label: '已保存', color: 'green' },
  saving: { label: '保存中…', color: 'blue' },
  offline: { label: '网络已断开：答案已保存在本机，恢复后自动上传', color: 'orange' },
  retrying: { label: '服务器暂时无法保存：答案已保存在本机，正在自动重试', color: 'orange' },
  closed: { label: '已停止保存', color: 'gray' },
};

/** A reply that says "not now" rather than "no": the same request may well succeed a little later. */
const passing = (status: number | null) => status === null || status === 408 || status === 429 || status >= 500;

function toFailure(err: unknown): SendFailure {
  if (err instanceof ApiCallError) {
    if (err.status === null) return { kind: 'network', message: err.message };
    if (passing(err.status)) return { kind: 'busy', message: err.message };
    return { kind: err.status === 422 ? 'invalid' : 'refused', message: err.message };
  }
  return { kind: 'network', message: String(err) };
}

const LEAVE_TEXT = '考试仍在计时，离开后计时不会停止，已作答的内容会保留。确定离开本页吗？';

/** The answering sheet of a started attempt: questions, autosave state, server countdown and the submit. */
export function ExamSheet({ paper, attempt, props, reviewPath }: { paper: ExamPaper; attempt: AttemptState; props: TheoryExamProps; reviewPath: string }) {
  const navigate = useNavigate();
  const [, rerender] = useReducer((n: number) => n + 1, 0);
  const clock = useServerClock(attempt.remaining);
  const [closedMessage, setClosedMessage] = useState<string | null>(null);
  const [confirming, setConfirming] = useState(false);
  const [submitting, setSubmitting] = useState(false);
  const submitted = useRef(false);
  const [leaving, setLeaving] = useState<string | null>(null);
  const leaveText = props.leaveText ?? LEAVE_TEXT;
  useLeaveGuard(!closedMessage, leaveText, setLeaving);

  const [saver] = useState(() => {
    const types = new Map(paper.questions.map((q) => [q.id, q.type]));
    const autosave = new Autosave({
      send: (cid, answer, seq) =>
        api.call<SaveReply>('theory/test', { logid: paper.id, cid, answer, type: types.get(cid), seq }, { silent: true }).catch((err: unknown) => {
          throw toFailure(err);
        }),
      store: localDraftStore(`vsim.theory.attempt.${attempt.id}`),
      onChange: rerender,
      onReply: (reply) => clock.correct(reply.remaining),
      onClosed: (message) => setClosedMessage(message),
      onInvalid: (_id, message) => notify.error(message),
    });
    autosave.init(attempt.answers, attempt.last_seq);
    return autosave;
  });

  useEffect(() => {
    const online = () => saver.online();
    // Leaving (another route, closing the tab) sends what is pending now; localStorage keeps it either way.
    const leave = () => saver.flush();
    window.addEventListener('online', online);
    window.addEventListener('pagehide', leave);
    return () => {
      window.removeEventListener('online', online);
      window.removeEventListener('pagehide', leave);
      saver.flush();
      saver.dispose();
    };
  }, [saver]);

  const handIn = useCallback(async (auto: boolean) => {
    if (submitted.current) return;
    setSubmitting(true);
    const safe = await saver.settle();
    if (!safe && !auto && (saver.status === 'offline' || saver.status === 'retrying')) {
      setSubmitting(false);
      notify.error(saver.status === 'offline' ? '网络未连接，答案已保存在本机；恢复网络后再交卷' : '服务器暂时无法保存答案，答案已保存在本机；请稍后再交卷');
      return;
    }
    submitted.current = true;
    try {
      await api.call('theory/submit', { logid: paper.id }, { silent: true });
      notify.success(props.submitted ?? '提交成功');
    } catch (err) {
      if (err instanceof ApiCallError && passing(err.status)) {
        // Not handed in yet: stay on the paper. At the deadline the server finishes the attempt with what it holds.
        submitted.current = false;
        setSubmitting(false);
        if (!auto) notify.error('交卷未成功（网络或服务器暂时不可用），答案仍在；请稍后再点交卷');
        return;
      }
      if (!auto && err instanceof ApiCallError) notify.error(err.message);
    }
    saver.close();
    navigate(reviewPath);
  }, [saver, paper.id, props.submitted, navigate, reviewPath]);

  // Time over: hand in what there is (the server would finish the attempt anyway).
  useEffect(() => {
    if (clock.remaining === 0 && !submitted.current) void handIn(true);
  }, [clock.remaining, handIn]);

  const answers = saver.answers;
  const missing = unanswered(paper.questions, answers);
  const status = STATUS[saver.status];

  return (
    <Box maw={1100} mx="auto" py="md">
      <Paper withBorder radius="md" p="md" mb="md" pos="sticky" top="var(--app-header-height, 0px)" style={{ zIndex: 5 }} data-testid="exam-bar">
        <Group justify="space-between" align="flex-start">
          <Stack gap={4}>
            <Title order={3} data-testid="exam-title">{paper.name}</Title>
            <Text size="sm" c="dimmed">出卷老师：{paper.teacher || '—'}　总分：{paper.score} 分　共 {paper.questions.length} 题　已答 {paper.questions.length - missing.length} 题</Text>
          </Stack>
          <Group gap="sm">
            <Badge size="lg" variant="light" color={clock.remaining < 300 ? 'red' : 'blue'} data-testid="exam-countdown">剩余 {formatRemaining(clock.remaining)}</Badge>
            <Badge size="lg" variant="dot" color={status.color} data-testid="save-status" data-status={saver.status}>{status.label}</Badge>
            <Button onClick={() => setConfirming(true)} disabled={submitting || !!closedMessage}>交卷</Button>
          </Group>
        </Group>
        <Group gap={6} mt="sm">
          {paper.questions.map((q, i) => (
            <UnstyledButton key={q.id} onClick={() => document.getElementById(`question-${q.id}`)?.scrollIntoView({ behavior: 'smooth', block: 'center' })}
              aria-label={`第${i + 1}题`} style={{ width: 28, height: 28, borderRadius: 4, textAlign: 'center', lineHeight: '28px', fontSize: 13,
                background: isAnswered(answers[q.id]?.answer) ? 'var(--mantine-primary-color-filled)' : 'var(--mantine-color-gray-2)',
                color: isAnswered(answers[q.id]?.answer) ? 'white' : 'inherit' }}>
              {i + 1}
            </UnstyledButton>
          ))}
        </Group>
      </Paper>
      {closedMessage && (
        <Alert color="orange" mb="md" title={closedMessage}>
          <Button size="xs" mt="xs" onClick={() => navigate(reviewPath)}>查看成绩</Button>
        </Alert>
      )}
      <Stack gap="md">
        {paper.questions.map((q, i) => (
          <QuestionView key={q.id} no={i + 1} question={q} answer={answers[q.id]?.answer ?? ''} disabled={!!closedMessage || submitting}
            onChange={(value) => saver.change(q.id, value)} />
        ))}
      </Stack>
      <Group justify="center" mt="lg">
        <Button size="md" onClick={() => setConfirming(true)} disabled={submitting || !!closedMessage}>交卷</Button>
      </Group>
      <SubmitDialog opened={confirming} title={props.confirmTitle ?? '交卷确认'} text={props.confirmText ?? '请确认试卷已全部完成，交卷后不能再修改答案。'}
        unanswered={missing} busy={submitting}
        onCancel={() => {
          setConfirming(false);
          notify.info(props.cancelled ?? '已取消');
        }}
        onConfirm={() => {
          setConfirming(false);
          void handIn(false);
        }} />
      <Modal opened={leaving !== null} onClose={() => setLeaving(null)} title="离开考试" centered>
        <Text size="sm">{leaveText}</Text>
        <Group justify="flex-end" mt="md">
          <Button variant="default" onClick={() => setLeaving(null)}>继续答题</Button>
          <Button color="red" data-testid="leave-exam" onClick={() => {
            saver.flush();
            const href = leaving ?? '';
            setLeaving(null);
            navigate(href.replace(/^#/, ''));
          }}>离开</Button>
        </Group>
      </Modal>
    </Box>
  );
}
