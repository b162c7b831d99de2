import type { Db } from '../db';
import type { User } from '../db/schema';
import { invalid, notFound } from '../http/errors';

/**
 * What a teacher may reach: their own school, and in it the classes they teach (teacher_classes). Every staff route
 * asks one of these functions before it reads or writes, so scoping is decided here once. Records outside the scope
 * answer "not found": a teacher learns nothing about another school's or another teacher's classes.
 */
export async function taughtClassIds(db: Db, teacher: User): Promise<number[]> {
  const rows = await db.selectFrom('teacher_classes as tc')
    .innerJoin('classes as c', 'c.id', 'tc.class_id')
    .innerJoin('grades as g', 'g.id', 'c.grade_id')
    .innerJoin('majors as m', 'm.id', 'g.major_id')
    .innerJoin('departments as d', 'd.id', 'm.depart_id')
    .select('tc.class_id')
    .where('tc.teacher_id', '=', teacher.id)
    .where('d.school_id', '=', teacher.school_id)
    .execute();
  return rows.map((r) => r.class_id);
}

/** Refuses a class list that names a class the teacher does not teach. */
export async function assertTeaches(db: Db, teacher: User, classIds: number[]): Promise<void> {
  const taught = new Set(await taughtClassIds(db, teacher));
  if (classIds.some((id) => !taught.has(id))) throw invalid('class_ids', '只能选择您任教的班级');
}

/**
 * An assignment the teacher may manage: in their school, and either written by them or published to a class they
 * teach (a colleague's assignment for a shared class can be graded, as the class's teachers share the marking).
 */
export async function assignmentInScope(db: Db, teacher: User, id: number) {
  const taught = await taughtClassIds(db, teacher);
  const row = await db.selectFrom('assignments as a').selectAll('a')
    .where('a.id', '=', id)
    .where('a.school_id', '=', teacher.school_id)
    .where((eb) => eb.or([
      eb('a.teacher_id', '=', teacher.id),
      eb.exists(eb.selectFrom('assignment_classes as ac').select('ac.class_id').whereRef('ac.assignment_id', '=', 'a.id').where('ac.class_id', 'in', taught.length ? taught : [-1])),
    ]))
    .executeTakeFirst();
  if (!row) throw notFound('作业不存在');
  return { ...row, taught };
}

/** A submission the teacher may grade: its assignment is in scope and its student sits in a class they teach. */
export async function markInScope(db: Db, teacher: User, markId: number) {
  const mark = await db.selectFrom('marks as m').innerJoin('users as u', 'u.id', 'm.user_id')
    .selectAll('m').select(['u.class_id', 'u.realname', 'u.student_no', 'u.school_id'])
    .where('m.id', '=', markId).executeTakeFirst();
  if (!mark || mark.school_id !== teacher.school_id) throw notFound('提交记录不存在');
  const assignment = await assignmentInScope(db, teacher, mark.assignment_id).catch(() => null);
  if (!assignment || mark.class_id === null || !assignment.taught.includes(mark.class_id)) throw notFound('提交记录不存在');
  return { mark, assignment };
}

/**
 * Whether a teacher may open a student's uploaded file: it is named in a submission of that student, who sits in a
 * class the teacher teaches, to an assignment the teacher may manage. One query: the grader loads every photo this way.
 */
export async function mayOpenStudentFile(db: Db, teacher: User, ownerId: number, storedName: string): Promise<boolean> {
  if (teacher.role !== 'teacher') return false;
  const taught = await taughtClassIds(db, teacher);
  if (!taught.length) return false;
  // Stored names are 32 hex digits and an extension: nothing in them a LIKE pattern would treat specially.
  const named = `%${storedName}%`;
  const row = await db.selectFrom('marks as m').innerJoin('users as u', 'u.id', 'm.user_id').innerJoin('assignments as a', 'a.id', 'm.assignment_id')
    .select('m.id')
    .where('m.user_id', '=', ownerId).where('u.class_id', 'in', taught).where('a.school_id', '=', teacher.school_id)
    .where((eb) => eb.or([eb('m.student_answer', 'like', named), eb('m.annex', 'like', named)]))
    .where((eb) => eb.or([
      eb('a.teacher_id', '=', teacher.id),
      eb.exists(eb.selectFrom('assignment_classes as ac').select('ac.class_id').whereRef('ac.assignment_id', '=', 'a.id').where('ac.class_id', 'in', taught)),
    ]))
    .limit(1).executeTakeFirst();
  return row !== undefined;
}
