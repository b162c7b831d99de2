import { useQuery, useQueryClient, type UseQueryOptions } from '@tanstack/react-query';
import { useCallback, useEffect } from 'react';
import { api, endpointKey, notify } from '../../engine';
import type { GraderProps } from './schema.gen';

export interface SubmissionRow {
  student_id: number;
  realname: string;
  student_no: string;
  class_name: string;
  mark_id: number | null;
  submitted_at: string | null;
  late: boolean;
  state: 'ungraded' | 'graded' | 'missing';
  score: number | null;
  comment: string;
  /** Client-side: a grade is being saved / failed to save. */
  saving?: boolean;
  failed?: boolean;
}

export interface Submission {
  id: number;
  realname: string;
  student_no: string;
  files: { name: string; url: string }[];
  annex: { name: string; url: string }[];
  description: string;
  submitted_at: string;
  late: boolean;
  score: number | null;
  comment: string;
  graded: boolean;
  assignment: { id: number; title: string; classify: number; classify_name: string; end_time: string };
}

interface ListReply {
  data: SubmissionRow[];
  total: number;
  assignment: { id: number; title: string; kind: string; end_time: string };
}

const PAGE = 100;

interface Roster {
  rows: SubmissionRow[];
  meta: ListReply['assignment'] | null;
}

/** Every page of the roster, read one after another. */
async function readRoster(endpoint: string, assignmentId: number): Promise<Roster> {
  const rows: SubmissionRow[] = [];
  let first: ListReply | null = null;
  for (let page = 1; ; page++) {
    const reply = await api.call<ListReply>(endpoint, { assignment_id: assignmentId, state: 'all', page, page_size: PAGE });
    first ??= reply;
    rows.push(...reply.data);
    if (rows.length >= reply.total || reply.data.length === 0) break;
  }
  return { rows, meta: first?.assignment ?? null };
}

const isPhoto = (url: string) => /\.(jpe?g|png|gif|webp)$/i.test(url);

/**
 * The grader's server state, in the query cache: the roster of one assignment (all pages), each submission's details
 * fetched once and the next one prefetched (with its photos) so moving on is instant, and grades saved in the
 * background — the roster shows the new grade at once and marks a row whose save failed, keeping what the teacher typed.
 * The roster is read when the grader opens and on 重试 only: a reload under a save in flight would undo what it shows.
 */
export function useGrading(endpoints: GraderProps['endpoints'], assignmentId: number) {
  const client = useQueryClient();
  const valid = Number.isInteger(assignmentId) && assignmentId > 0;
  const rosterKey = endpointKey(endpoints.submissions, { assignment_id: assignmentId, state: 'all', page_size: PAGE });
  const roster = useQuery({
    queryKey: rosterKey,
    queryFn: () => readRoster(endpoints.submissions, assignmentId),
    enabled: valid,
    staleTime: Infinity,
    gcTime: 0,
  });
  const commentsKey = endpointKey(endpoints.comments ?? '', {});
  const saved = useQuery({
    queryKey: commentsKey,
    queryFn: () => api.call<{ comment: string }[]>(endpoints.comments!, {}, { silent: true }),
    enabled: Boolean(endpoints.comments),
  });
  const comments = (saved.data ?? []).map((c) => c.comment);

  /** One submission's details as a query: fetched once, shared by the view and the prefetch; its photos warm the browser cache. */
  const detail = useCallback((markId: number): UseQueryOptions<Submission> => ({
    queryKey: endpointKey(endpoints.submission, { id: markId }),
    queryFn: () => api.call<Submission>(endpoints.submission, { id: markId }).then((s) => {
      for (const f of s.files) if (isPhoto(f.url)) new Image().src = f.url;
      return s;
    }),
    staleTime: Infinity,
  }), [endpoints.submission]);
  const prefetch = useCallback((markId: number) => void client.prefetchQuery(detail(markId)), [client, detail]);
  /** A graded or returned submission is read again next time it is shown (not now: its panel keeps what it shows). */
  const forget = useCallback((markId: number) => void client.invalidateQueries({ queryKey: endpointKey(endpoints.submission, { id: markId }), refetchType: 'none' }), [client, endpoints.submission]);
  // Details are the grader's own: opened again later, it reads them again.
  useEffect(() => () => client.removeQueries({ queryKey: endpointKey(endpoints.submission) }), [client, endpoints.submission]);

  const change = useCallback((edit: (rows: SubmissionRow[]) => SubmissionRow[]) =>
    client.setQueryData<Roster>(rosterKey, (r) => (r ? { ...r, rows: edit(r.rows) } : r)), [client, rosterKey]);
  const patch = useCallback((markId: number, update: Partial<SubmissionRow>) =>
    change((list) => list.map((r) => (r.mark_id === markId ? { ...r, ...update } : r))), [change]);

  /** Saves in the background; the roster shows the grade at once. */
  const grade = useCallback((markId: number, score: number, comment: string) => {
    const previous = client.getQueryData<Roster>(rosterKey)?.rows.find((r) => r.mark_id === markId);
    patch(markId, { saving: true, failed: false, score, comment, state: 'graded' });
    forget(markId);
    api.call(endpoints.grade, { id: markId, score, comment }, { silent: true }).then(
      () => {
        patch(markId, { saving: false });
        if (comment && endpoints.comments) {
          client.setQueryData<{ comment: string }[]>(commentsKey, (list = []) => (list.some((c) => c.comment === comment) ? list : [{ comment }, ...list].slice(0, 30)));
        }
      },
      (reason: unknown) => {
        patch(markId, { saving: false, failed: true, state: previous?.state ?? 'ungraded' });
        notify.error(`${previous?.realname ?? ''} 的批阅没有保存：${reason instanceof Error ? reason.message : '请重试'}`);
      },
    );
  }, [client, rosterKey, commentsKey, patch, forget, endpoints.grade, endpoints.comments]);

  /** 退回重做: waits for the server (the teacher confirmed it); the row becomes 未交 until the student hands in again. */
  const giveBack = useCallback(async (markId: number, comment: string) => {
    if (!endpoints.return) return;
    await api.call(endpoints.return, { id: markId, comment });
    forget(markId);
    change((list) => list.map((r) => (r.mark_id === markId ? { ...r, mark_id: null, state: 'missing', submitted_at: null, late: false, score: null } : r)));
    notify.success('已退回，学生可以重新提交');
  }, [endpoints.return, forget, change]);

  return {
    rows: roster.data?.rows ?? NO_ROWS,
    meta: roster.data?.meta ?? null,
    // 重试 after a failure shows the loader again, as the first load does.
    loading: roster.isPending || (roster.isError && roster.isFetching),
    error: roster.isError ? (roster.error instanceof Error ? roster.error.message : '名单加载失败') : null,
    reload: roster.refetch,
    detail,
    prefetch,
    grade,
    giveBack,
    comments,
  };
}

const NO_ROWS: SubmissionRow[] = [];
