import type { Kysely } from 'kysely';

/**
 * Two-sided conversations: the teacher's unread count, and the point up to which the student cleared the
 * history by deleting the conversation (the teacher keeps the whole thread).
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('conversations').addColumn('unread_teacher', 'integer', (c) => c.notNull().defaultTo(0)).execute();
  await db.schema.alterTable('conversations').addColumn('student_cleared_id', 'integer', (c) => c.notNull().defaultTo(0)).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('conversations').dropColumn('student_cleared_id').execute();
  await db.schema.alterTable('conversations').dropColumn('unread_teacher').execute();
}
