import { Alert, Button, Group, Loader, Paper, SegmentedControl, Stack, Text, Title } from '@mantine/core';
import { useHotkeys } from '@mantine/hooks';
import { useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import type { RendererProps } from '../../engine';
import { AllGraded } from './AllGraded';
import { GradePanel } from './GradePanel';
import type { GraderProps } from './schema.gen';
import { Roster } from './Roster';
import { useGrading, type SubmissionRow } from './useGrading';

type Filter = 'ungraded' | 'all';
/** A handed-in row the filter shows: every one, or those still waiting (a failed save waits again). */
const shown = (r: SubmissionRow, filter: Filter) => r.mark_id !== null && (filter === 'all' || r.state === 'ungraded' || Boolean(r.failed));

/**
 * `type: grader` — grading one assignment's submissions (query `id`): the roster on the left, the work with a
 * score and comment on the right. Keyboard: Ctrl/⌘+Enter saves and moves on, Alt+↓ / Alt+↑ next / previous.
 */
export default function Grader({ props }: RendererProps<GraderProps>) {
  const [search] = useSearchParams();
  const assignmentId = Number(search.get('id'));
  const grading = useGrading(props.endpoints, assignmentId);
  const [filter, setFilter] = useState<Filter>('ungraded');
  const [current, setCurrent] = useState<number | null>(null);
  // Rows stay in the list they were in when the teacher opened it: grading one does not make the list jump.
  const [pinned, setPinned] = useState<Set<number>>(new Set());
  // Set when the teacher saves the last waiting submission: the panel says so instead of keeping that work on screen.
  const [finished, setFinished] = useState(false);
  // The grader fills the window below where it starts, so the photo gets every pixel the form leaves.
  const root = useRef<HTMLDivElement>(null);
  const [top, setTop] = useState(0);
  useLayoutEffect(() => {
    const measure = () => setTop(Math.round((root.current?.getBoundingClientRect().top ?? 0) + window.scrollY));
    measure();
    window.addEventListener('resize', measure);
    return () => window.removeEventListener('resize', measure);
  }, [grading.loading]);
  const list = useMemo(() => grading.rows.filter((r) => shown(r, filter) || (r.mark_id !== null && pinned.has(r.mark_id))), [grading.rows, filter, pinned]);

  useEffect(() => {
    if (current === null && list.length) setCurrent(list[0].mark_id);
  }, [list, current]);

  const pick = (markId: number) => {
    setFinished(false);
    setCurrent(markId);
  };
  const index = list.findIndex((r) => r.mark_id === current);
  const move = (step: number) => {
    const next = list[index + step];
    if (next?.mark_id) pick(next.mark_id);
  };
  // Also inside the score and comment fields (no tags ignored).
  useHotkeys([['alt+ArrowDown', () => move(1)], ['alt+ArrowUp', () => move(-1)]], []);

  const save = (markId: number, score: number, comment: string) => {
    setPinned((p) => new Set(p).add(markId));
    grading.grade(markId, score, comment);
    const waiting = grading.rows.filter((r) => r.mark_id !== null && r.mark_id !== markId && (r.state === 'ungraded' || r.failed));
    const next = list[index + 1];
    // Under 全部提交 the teacher may be going over graded work: only the end of the list closes it.
    if (!waiting.length && (filter === 'ungraded' || !next)) setFinished(true);
    else if (next) move(1);
    else setCurrent(waiting[0].mark_id);
  };
  const waitingCount = grading.rows.filter((r) => r.mark_id !== null && (r.state === 'ungraded' || r.failed)).length;

  // A save that failed in the background puts its work back in front of the teacher.
  useEffect(() => {
    if (!finished || !waitingCount) return;
    setFinished(false);
    setCurrent(grading.rows.find((r) => r.mark_id !== null && (r.state === 'ungraded' || r.failed))?.mark_id ?? null);
  }, [finished, waitingCount, grading.rows]);

  const giveBack = async (markId: number, comment: string) => {
    const next = list[index + 1]?.mark_id ?? list[index - 1]?.mark_id ?? null;
    await grading.giveBack(markId, comment);
    setCurrent(next);
  };

  const counts = {
    submitted: grading.rows.filter((r) => r.mark_id !== null).length,
    graded: grading.rows.filter((r) => r.state === 'graded').length,
    missing: grading.rows.filter((r) => r.mark_id === null).length,
  };

  if (!Number.isInteger(assignmentId) || assignmentId < 1) return <Alert color="orange" m="md">请从作业列表进入批阅</Alert>;
  if (grading.error) {
    return (
      <Alert color="red" title="名单加载失败">
        {grading.error} <Button variant="subtle" size="compact-sm" onClick={() => void grading.reload()}>重试</Button>
      </Alert>
    );
  }
  if (grading.loading) return <Group justify="center" py="xl"><Loader /></Group>;

  return (
    <Stack gap="md" ref={root} h={`calc(100dvh - ${top + 16}px)`} mih={520}>
      <Group justify="space-between" wrap="nowrap">
        <div>
          <Title order={3}>{grading.meta?.title ?? '批阅'}</Title>
          <Text size="sm" c="dimmed" data-testid="grader-counts">
            已交 {counts.submitted} · 已批阅 {counts.graded} · 待批阅 {counts.submitted - counts.graded} · 未交 {counts.missing}
            {grading.meta?.end_time && ` · 截止 ${grading.meta.end_time.slice(0, 16)}`}
          </Text>
        </div>
        <Group gap="sm">
          <SegmentedControl value={filter} onChange={(v) => { setFilter(v as Filter); setPinned(new Set()); setCurrent(null); setFinished(false); }}
            data={[{ value: 'ungraded', label: '待批阅' }, { value: 'all', label: '全部提交' }]} />
          {props.back && <Button variant="default" component={Link} to={props.back}>返回列表</Button>}
        </Group>
      </Group>
      <Group align="stretch" gap="md" wrap="nowrap" style={{ flex: 1, minHeight: 0 }}>
        <Paper withBorder radius="md" w={260} style={{ flexShrink: 0, overflow: 'hidden' }}>
          <Roster rows={list} current={finished ? null : current} onPick={pick} />
        </Paper>
        <Paper withBorder radius="md" p="lg" style={{ flex: 1, minWidth: 0, overflowY: 'auto', display: 'flex', flexDirection: 'column' }}>
          {finished || current === null ? (
            <AllGraded submitted={counts.submitted} back={props.back}
              onShowAll={counts.graded > 0 && filter === 'ungraded' ? () => { setFilter('all'); setPinned(new Set()); setCurrent(null); setFinished(false); } : undefined} />
          ) : (
            <GradePanel key={current} markId={current} query={grading.detail(current)} maxScore={props.maxScore ?? 100}
              comments={grading.comments} onSave={save} onReturn={props.endpoints.return ? giveBack : undefined} onPrev={index > 0 ? () => move(-1) : undefined}
              onNext={index < list.length - 1 ? () => move(1) : undefined} position={`${index + 1} / ${list.length}`}
              prefetch={() => { const n = list[index + 1]?.mark_id; if (n) grading.prefetch(n); }} />
          )}
        </Paper>
      </Group>
    </Stack>
  );
}
