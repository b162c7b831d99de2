import { useCallback, useEffect, useRef, useState } from 'react';
import { api, notify } from '../../engine';
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

/**
 * The grader's server state: the roster of one assignment (all pages), each submission's details fetched once and
 * the next one prefetched (with its photos) so moving on is instant, and grades saved in the background — the
 * roster shows the new grade at once and marks a row whose save failed, keeping what the teacher typed.
 */
export function useGrading(endpoints: GraderProps['endpoints'], assignmentId: number) {
  const [rows, setRows] = useState<SubmissionRow[]>([]);
  const [meta, setMeta] = useState<ListReply['assignment'] | null>(null);
  const [loading, setLoading] = useState(true);
  const [error, setError] = useState<string | null>(null);
  const details = useRef(new Map<number, Promise<Submission>>());
  const [comments, setComments] = useState<string[]>([]);

  const load = useCallback(async () => {
    setLoading(true);
    setError(null);
    try {
      const all: SubmissionRow[] = [];
      let first: ListReply | null = null;
      for (let page = 1; ; page++) {
        const reply = await api.call<ListReply>(endpoints.submissions, { assignment_id: assignmentId, state: 'all', page, page_size: PAGE });
        first ??= reply;
        all.push(...reply.data);
        if (all.length >= reply.total || reply.data.length === 0) break;
      }
      setRows(all);
      setMeta(first?.assignment ?? null);
    } catch (reason) {
      setError(reason instanceof Error ? reason.message : '名单加载失败');
    } finally {
      setLoading(false);
    }
  }, [endpoints.submissions, assignmentId]);

  useEffect(() => {
    void load();
  }, [load]);

  useEffect(() => {
    if (!endpoints.comments) return;
    api.call<{ comment: string }[]>(endpoints.comments, {}, { silent: true }).then((list) => setComments(list.map((c) => c.comment)), () => undefined);
  }, [endpoints.comments]);

  /** One submission's details: fetched once, shared by the view and the prefetch; its photos warm the browser cache. */
  const detail = useCallback((markId: number): Promise<Submission> => {
    let request = details.current.get(markId);
    if (!request) {
      request = api.call<Submission>(endpoints.submission, { id: markId }).then((s) => {
        for (const f of s.files) if (/\.(jpe?g|png|gif|webp)$/i.test(f.url)) new Image().src = f.url;
        return s;
      });
      request.catch(() => details.current.delete(markId));
      details.current.set(markId, request);
    }
    return request;
  }, [endpoints.submission]);

  const patch = (markId: number, change: Partial<SubmissionRow>) =>
    setRows((list) => list.map((r) => (r.mark_id === markId ? { ...r, ...change } : r)));

  /** Saves in the background; the roster shows the grade at once. */
  const grade = useCallback((markId: number, score: number, comment: string) => {
    const previous = rows.find((r) => r.mark_id === markId);
    patch(markId, { saving: true, failed: false, score, comment, state: 'graded' });
    details.current.delete(markId);
    api.call(endpoints.grade, { id: markId, score, comment }, { silent: true }).then(
      () => {
        patch(markId, { saving: false });
        if (comment && !comments.includes(comment)) setComments((list) => [comment, ...list].slice(0, 30));
      },
      (reason: unknown) => {
        patch(markId, { saving: false, failed: true, state: previous?.state ?? 'ungraded' });
        notify.error(`${previous?.realname ?? ''} 的批阅没有保存：${reason instanceof Error ? reason.message : '请重试'}`);
      },
    );
  }, [rows, endpoints.grade, comments]);

  /** 退回重做: waits for the server (the teacher confirmed it); the row becomes 未交 until the student hands in again. */
  const giveBack = useCallback(async (markId: number, comment: string) => {
    if (!endpoints.return) return;
    await api.call(endpoints.return, { id: markId, comment });
    details.current.delete(markId);
    setRows((list) => list.map((r) => (r.mark_id === markId ? { ...r, mark_id: null, state: 'missing', submitted_at: null, late: false, score: null } : r)));
    notify.success('已退回，学生可以重新提交');
  }, [endpoints.return]);

  return { rows, meta, loading, error, reload: load, detail, grade, giveBack, comments };
}
