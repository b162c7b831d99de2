import type { Kysely } from 'kysely';
import { createIndexes, nowText, tableWithId } from '../ddl';

/**
 * Work a teacher handed back for resubmission (issue 16, 退回重做): the submission as it was and the teacher's
 * comment. The submission itself is removed, so the student may hand in again and every count sees the new one.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await tableWithId(db, 'returned_work')
    .addColumn('assignment_id', 'integer', (c) => c.notNull().references('assignments.id').onDelete('cascade'))
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('teacher_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('comment', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('student_answer', 'text', (c) => c.notNull().defaultTo('[]'))
    .addColumn('student_des', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('annex', 'text', (c) => c.notNull().defaultTo('[]'))
    .addColumn('submitted_at', 'text', (c) => c.notNull())
    .addColumn('returned_at', 'text', (c) => c.notNull().defaultTo(nowText(db)))
    .execute();
  await createIndexes(db, [['returned_work_assignment_user', 'returned_work', ['assignment_id', 'user_id']], ['returned_work_user', 'returned_work', ['user_id']]]);
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('returned_work').ifExists().execute();
}
