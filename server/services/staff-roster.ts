import type { Db } from '../db';
import type { User } from '../db/schema';
import { notFound } from '../http/errors';
import { assignmentInScope } from './staff-scope';

/**
 * The roster of an assignment in the teacher console: the students of the classes the teacher teaches that it went to,
 * with their submission if any. The grading list (staff/submissions), the zip and the spreadsheet all read it, so they
 * see exactly the same students. Scope comes from services/staff-scope.ts.
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

/** The class ids a roster covers: the taught classes the assignment went to, or the one asked for (404 outside them). */
export async function rosterClasses(db: Db, a: ScopedAssignment, classId?: number): Promise<number[]> {
  const rows = await db.selectFrom('assignment_classes').select('class_id').where('assignment_id', '=', a.id)
    .where('class_id', 'in', a.taught.length ? a.taught : [-1]).execute();
  const ids = rows.map((r) => r.class_id);
  if (classId === undefined) return ids;
  if (!ids.includes(classId)) throw notFound('班级不存在');
  return [classId];
}

/** The roster as a query, for callers that add their own filters, order and paging. */
export function rosterQuery(db: Db, teacher: User, a: ScopedAssignment, classIds: number[]) {
  return db.selectFrom('users as u')
    .innerJoin('classes as c', 'c.id', 'u.class_id')
    .leftJoin('marks as m', (j) => j.onRef('m.user_id', '=', 'u.id').on('m.assignment_id', '=', a.id))
    .select(['u.id as student_id', 'u.realname', 'u.student_no', 'c.id as class_id', 'c.class_name', 'm.id as mark_id', 'm.created_at as submitted_at',
      'm.score', 'm.teacher_data', 'm.teacher_comment', 'm.student_answer', 'm.annex'])
    .where('u.role', '=', 'student').where('u.school_id', '=', teacher.school_id)
    .where('u.class_id', 'in', classIds.length ? classIds : [-1]);
}

type BaseRow = Awaited<ReturnType<ReturnType<typeof rosterQuery>['execute']>>[number];

export const toWork = (a: ScopedAssignment) => (r: BaseRow): StudentWork => ({
  student_id: r.student_id, realname: r.realname ?? '', student_no: r.student_no ?? '', class_id: r.class_id, class_name: r.class_name,
  mark_id: r.mark_id, submitted_at: r.submitted_at, late: Boolean(r.submitted_at && r.submitted_at > a.end_time),
  graded: r.mark_id !== null && r.teacher_data !== null, score: r.teacher_data !== null ? r.score : null, comment: r.teacher_comment ?? '',
  student_answer: r.student_answer, annex: r.annex,
});

/** Every student of the classes, in class and student-number order, with their work (mark_id null: not handed in). */
export async function allStudentWork(db: Db, teacher: User, a: ScopedAssignment, classIds: number[]): Promise<StudentWork[]> {
  const rows = await rosterQuery(db, teacher, a, classIds).orderBy('c.sort').orderBy('c.id').orderBy('u.student_no').orderBy('u.id').execute();
  return rows.map(toWork(a));
}

/**
 * The submissions only, a batch at a time (keyset on the mark id), so a download can start before the last batch is
 * read and memory stays bounded by the batch size.
 */
export async function* submissionBatches(db: Db, teacher: User, a: ScopedAssignment, classIds: number[], size = 200): AsyncGenerator<StudentWork[]> {
  let after = 0;
  for (;;) {
    const rows = await rosterQuery(db, teacher, a, classIds).where('m.id', 'is not', null).where('m.id', '>', after)
      .orderBy('m.id').limit(size).execute();
    if (!rows.length) return;
    yield rows.map(toWork(a));
    after = rows[rows.length - 1].mark_id!;
    if (rows.length < size) return;
  }
}
