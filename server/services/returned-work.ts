import type { Db } from '../db';

/**
 * The newest return (退回重做, routes/staff-return.ts) of a student's work on an assignment, while the student has not
 * handed in again (a return removes the submission, so "no submission" plus a return means it is still pending).
 */
export async function pendingReturn(db: Db, userId: number, assignmentId: number): Promise<{ comment: string; returned_at: string } | null> {
  const row = await db.selectFrom('returned_work').select(['comment', 'returned_at']).where('user_id', '=', userId).where('assignment_id', '=', assignmentId)
    .where((eb) => eb.not(eb.exists(eb.selectFrom('marks').select('marks.id').whereRef('marks.user_id', '=', 'returned_work.user_id').whereRef('marks.assignment_id', '=', 'returned_work.assignment_id'))))
    .orderBy('id', 'desc').limit(1).executeTakeFirst();
  return row ?? null;
}
