import type { Kysely } from 'kysely';
import { createIndexes, nowText, tableWithId } from '../ddl';

/**
 * The administration console: an audit log of what administrators change (who, what, when, in which school), and the
 * reason a class application was rejected (users.review_reason, shown to the student with the 已驳回 notice).
 */
export async function up(db: Kysely<any>): Promise<void> {
  await tableWithId(db, 'audit_log')
    .addColumn('school_id', 'integer')
    .addColumn('actor_id', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('actor_name', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('action', 'text', (c) => c.notNull())
    .addColumn('target_id', 'integer')
    .addColumn('summary', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('detail', 'text', (c) => c.notNull().defaultTo('{}'))
    .addColumn('ip', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull().defaultTo(nowText(db)))
    .execute();
  await db.schema.alterTable('users').addColumn('review_reason', 'text').execute();
  await createIndexes(db, [
    ['audit_log_school_time', 'audit_log', ['school_id', 'created_at']],
    ['audit_log_kind', 'audit_log', ['kind', 'created_at']],
    ['audit_log_actor', 'audit_log', ['actor_id']],
    // The console counts students per department and per major (classes and grades had their indexes already).
    ['users_depart', 'users', ['depart_id']],
    ['users_major', 'users', ['major_id']],
  ]);
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('users_major').ifExists().execute();
  await db.schema.dropIndex('users_depart').ifExists().execute();
  await db.schema.alterTable('users').dropColumn('review_reason').execute();
  await db.schema.dropTable('audit_log').ifExists().execute();
}
