import type { Db } from '../db';
import type { User } from '../db/schema';
import { notFound } from '../http/errors';
import { jsonOr } from './assignments';
import { assignmentInScope } from './staff-scope';
import { storedNameOf } from './uploads';

/**
 * What the teacher console's bulk download and score export read (issue 16 #4): the students of an assignment in the
 * classes the teacher teaches, with their submission if any. Scope comes from services/staff-scope.ts, so both the
 * zip and the spreadsheet see exactly the students the grading list shows.
 */
export type ScopedAssignment = Awaited<ReturnType<typeof assignmentInScope>>;

export interface StudentWork {
  student_id: number;
  realname: string;
  student_no: string;
  class_id: number;
  class_name: string;
  mark_id: number | null;
  submitted_at: string | null;
  late: boolean;
  graded: boolean;
  score: number | null;
  comment: string;
  student_answer: string | null;
  annex: string | null;
}

/** The class ids an export covers: the taught classes the assignment went to, or the one asked for (404 outside them). */
export async function exportClasses(db: Db, a: ScopedAssignment, classId?: number): Promise<number[]> {
  const rows = await db.selectFrom('assignment_classes').select('class_id').where('assignment_id', '=', a.id)
    .where('class_id', 'in', a.taught.length ? a.taught : [-1]).execute();
  const ids = rows.map((r) => r.class_id);
  if (classId === undefined) return ids;
  if (!ids.includes(classId)) throw notFound('班级不存在');
  return [classId];
}

function baseQuery(db: Db, teacher: User, a: ScopedAssignment, classIds: number[]) {
  return db.selectFrom('users as u')
    .innerJoin('classes as c', 'c.id', 'u.class_id')
    .leftJoin('marks as m', (j) => j.onRef('m.user_id', '=', 'u.id').on('m.assignment_id', '=', a.id))
    .select(['u.id as student_id', 'u.realname', 'u.student_no', 'c.id as class_id', 'c.class_name', 'm.id as mark_id', 'm.created_at as submitted_at',
      'm.score', 'm.teacher_data', 'm.teacher_comment', 'm.student_answer', 'm.annex'])
    .where('u.role', '=', 'student').where('u.school_id', '=', teacher.school_id)
    .where('u.class_id', 'in', classIds.length ? classIds : [-1]);
}

type BaseRow = Awaited<ReturnType<ReturnType<typeof baseQuery>['execute']>>[number];

const toWork = (a: ScopedAssignment) => (r: BaseRow): StudentWork => ({
  student_id: r.student_id, realname: r.realname ?? '', student_no: r.student_no ?? '', class_id: r.class_id, class_name: r.class_name,
  mark_id: r.mark_id, submitted_at: r.submitted_at, late: Boolean(r.submitted_at && r.submitted_at > a.end_time),
  graded: r.mark_id !== null && r.teacher_data !== null, score: r.teacher_data !== null ? r.score : null, comment: r.teacher_comment ?? '',
  student_answer: r.student_answer, annex: r.annex,
});

/** Every student of the classes, in class and student-number order, with their work (mark_id null: not handed in). */
export async function allStudentWork(db: Db, teacher: User, a: ScopedAssignment, classIds: number[]): Promise<StudentWork[]> {
  const rows = await baseQuery(db, teacher, a, classIds).orderBy('c.sort').orderBy('c.id').orderBy('u.student_no').orderBy('u.id').execute();
  return rows.map(toWork(a));
}

/**
 * The submissions only, a batch at a time (keyset on the mark id), so a download can start before the last batch is
 * read and memory stays bounded by the batch size.
 */
export async function* submissionBatches(db: Db, teacher: User, a: ScopedAssignment, classIds: number[], size = 200): AsyncGenerator<StudentWork[]> {
  let after = 0;
  for (;;) {
    const rows = await baseQuery(db, teacher, a, classIds).where('m.id', 'is not', null).where('m.id', '>', after)
      .orderBy('m.id').limit(size).execute();
    if (!rows.length) return;
    yield rows.map(toWork(a));
    after = rows[rows.length - 1].mark_id!;
    if (rows.length < size) return;
  }
}

export interface WorkFile {
  /** Stored name under <dataDir>/uploads, or null for a file that is not an upload (a seed asset, a foreign URL). */
  stored: string | null;
  url: string;
  /** The name the student gave, when known. */
  name: string;
  annex: boolean;
}

/** The files of a submission: the answer files, then the attachments. */
export function workFiles(w: Pick<StudentWork, 'student_answer' | 'annex'>): WorkFile[] {
  const list = (text: string | null, annex: boolean) => jsonOr<unknown[]>(text, []).flatMap((f): WorkFile[] => {
    const ref = typeof f === 'string' ? { name: '', url: f } : f && typeof f === 'object' && typeof (f as { url?: unknown }).url === 'string' ? f as { name?: unknown; url: string } : null;
    if (!ref) return [];
    return [{ stored: storedNameOf(ref.url), url: ref.url, name: typeof ref.name === 'string' ? ref.name : '', annex }];
  });
  return [...list(w.student_answer, false), ...list(w.annex, true)];
}

/** One path segment of a zip entry: no separators, control or reserved characters, not empty, not dots only. */
export function safeSegment(text: string, fallback = '未命名'): string {
  const cleaned = text.replace(/[\u0000-\u001f\u007f<>:"/\\|?*\u200b-\u200f\u202a-\u202e\u2066-\u2069]/g, '').replace(/\s+/g, ' ').trim().slice(0, 60);
  return cleaned && !/^\.+$/.test(cleaned) ? cleaned : fallback;
}

/** Names inside one folder, made unique: 作品.jpg, 作品 (2).jpg … */
export function uniqueNamer(): (name: string) => string {
  const used = new Set<string>();
  return (name) => {
    const dot = name.lastIndexOf('.');
    const stem = dot > 0 ? name.slice(0, dot) : name;
    const ext = dot > 0 ? name.slice(dot) : '';
    let candidate = name;
    for (let n = 2; used.has(candidate.toLowerCase()); n++) candidate = `${stem} (${n})${ext}`;
    used.add(candidate.toLowerCase());
    return candidate;
  };
}

/** 'YYYY-MM-DD HH:mm:ss' → 'YYYY-MM-DD HH:mm' (the exports show minutes). */
export const minutes = (at: string | null) => (at ? at.slice(0, 16) : '');

/** A CSV cell: quoted when needed, and a leading = + - @ neutralised so a spreadsheet never runs a name as a formula. */
export function csvCell(value: string | number | null | undefined): string {
  let text = value === null || value === undefined ? '' : String(value);
  if (/^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** Content-Disposition for a download with a Chinese name: an ASCII fallback and the UTF-8 name (RFC 6266 / 5987). */
export function attachment(fallback: string, name: string): string {
  const encoded = encodeURIComponent(name).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
  return `attachment; filename="${fallback}"; filename*=UTF-8''${encoded}`;
}

/** Summary figures of a list of scores (graded submissions only): what the 统计 sheet shows. */
export interface ScoreStats {
  students: number;
  submitted: number;
  graded: number;
  late: number;
  average: number | null;
  max: number | null;
  min: number | null;
  passRate: number | null;
  excellentRate: number | null;
  /** Ten bands: 0–9, 10–19, … 80–89, 90–100. */
  bands: { label: string; count: number }[];
}

export function scoreStats(rows: StudentWork[]): ScoreStats {
  const scores = rows.filter((r) => r.graded && r.score !== null).map((r) => r.score!);
  const bands = Array.from({ length: 10 }, (_, i) => ({ label: i === 9 ? '90–100' : `${i * 10}–${i * 10 + 9}`, count: 0 }));
  for (const s of scores) bands[Math.min(9, Math.max(0, Math.floor(s / 10)))].count++;
  const n = scores.length;
  return {
    students: rows.length,
    submitted: rows.filter((r) => r.mark_id !== null).length,
    graded: n,
    late: rows.filter((r) => r.late).length,
    average: n ? Math.round((scores.reduce((a, b) => a + b, 0) / n) * 100) / 100 : null,
    max: n ? Math.max(...scores) : null,
    min: n ? Math.min(...scores) : null,
    passRate: n ? scores.filter((s) => s >= 60).length / n : null,
    excellentRate: n ? scores.filter((s) => s >= 90).length / n : null,
    bands,
  };
}
