import type { Kysely } from 'kysely';
import { createIndexes, nowText, tableWithId } from '../ddl';

/**
 * Theory tests written by teachers (issue 16 item 5): each teacher's question bank, spreadsheet imports waiting for
 * the teacher's confirmation, drafts and review options of tests, where a test's question came from, and extra time
 * granted to one student (which also moves that student's closing time).
 */
export async function up(db: Kysely<any>): Promise<void> {
  const now = nowText(db);
  await tableWithId(db, 'bank_questions')
    .addColumn('school_id', 'integer', (c) => c.notNull().references('schools.id').onDelete('cascade'))
    .addColumn('teacher_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('type', 'integer', (c) => c.notNull())
    .addColumn('question', 'text', (c) => c.notNull())
    .addColumn('content', 'text', (c) => c.notNull().defaultTo('[]'))
    .addColumn('answer', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('poins', 'double precision', (c) => c.notNull().defaultTo(0))
    .addColumn('analysis', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('created_at', 'text', (c) => c.notNull().defaultTo(now))
    .addColumn('updated_at', 'text', (c) => c.notNull().defaultTo(now))
    .execute();
  await tableWithId(db, 'question_imports')
    .addColumn('teacher_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('file_name', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('rows', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull().defaultTo(now))
    .execute();
  await db.schema
    .createTable('theory_extra_time')
    .addColumn('test_id', 'integer', (c) => c.notNull().references('theory_tests.id').onDelete('cascade'))
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('minutes', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('theory_extra_time_pk', ['test_id', 'user_id'])
    .execute();
  await db.schema.alterTable('theory_tests').addColumn('published', 'integer', (c) => c.notNull().defaultTo(1)).execute();
  // 0 never, 1 once the test has closed for everyone (what seeded tests always did), 2 as soon as the student hands in.
  await db.schema.alterTable('theory_tests').addColumn('review', 'integer', (c) => c.notNull().defaultTo(1)).execute();
  await db.schema.alterTable('theory_questions').addColumn('bank_id', 'integer').execute();
  await db.schema.alterTable('theory_questions').addColumn('analysis', 'text', (c) => c.notNull().defaultTo('')).execute();
  await createIndexes(db, [
    ['bank_questions_teacher', 'bank_questions', ['teacher_id', 'type']],
    ['question_imports_teacher', 'question_imports', ['teacher_id']],
  ]);
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('theory_questions').dropColumn('analysis').execute();
  await db.schema.alterTable('theory_questions').dropColumn('bank_id').execute();
  await db.schema.alterTable('theory_tests').dropColumn('review').execute();
  await db.schema.alterTable('theory_tests').dropColumn('published').execute();
  await db.schema.dropTable('theory_extra_time').ifExists().execute();
  await db.schema.dropTable('question_imports').ifExists().execute();
  await db.schema.dropTable('bank_questions').ifExists().execute();
}
