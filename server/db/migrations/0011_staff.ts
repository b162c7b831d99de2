import type { Kysely } from 'kysely';
import { createIndexes, nowText, tableWithId } from '../ddl';

/**
 * The teacher console: which classes a teacher teaches (their scope), draft assignments (published = 0 is not shown
 * to students), and the history of every grade a teacher gives (a changed grade keeps the earlier ones).
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('teacher_classes')
    .addColumn('teacher_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('class_id', 'integer', (c) => c.notNull().references('classes.id').onDelete('cascade'))
    .addPrimaryKeyConstraint('teacher_classes_pk', ['teacher_id', 'class_id'])
    .execute();
  await db.schema.alterTable('assignments').addColumn('published', 'integer', (c) => c.notNull().defaultTo(1)).execute();
  await tableWithId(db, 'grade_events')
    .addColumn('mark_id', 'integer', (c) => c.notNull().references('marks.id').onDelete('cascade'))
    .addColumn('teacher_id', 'integer', (c) => c.notNull().references('users.id'))
    .addColumn('score', 'integer')
    .addColumn('comment', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('created_at', 'text', (c) => c.notNull().defaultTo(nowText(db)))
    .execute();
  await createIndexes(db, [
    ['teacher_classes_class', 'teacher_classes', ['class_id']],
    ['grade_events_mark', 'grade_events', ['mark_id']],
    ['grade_events_teacher', 'grade_events', ['teacher_id', 'created_at']],
  ]);
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('grade_events').ifExists().execute();
  await db.schema.alterTable('assignments').dropColumn('published').execute();
  await db.schema.dropTable('teacher_classes').ifExists().execute();
}
