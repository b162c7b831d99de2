import type { Kysely } from 'kysely';
import { createIndexes, nowText, tableWithId } from '../ddl';

/**
 * Accounts in the administration console (issue 17 item 2): a password set by an administrator (a reset, an
 * import) must be changed at the next login, and account imports wait as a preview until the administrator confirms.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('users').addColumn('must_change_password', 'integer', (c) => c.notNull().defaultTo(0)).execute();
  await tableWithId(db, 'account_imports')
    .addColumn('school_id', 'integer', (c) => c.notNull().references('schools.id').onDelete('cascade'))
    .addColumn('admin_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('role', 'text', (c) => c.notNull())
    .addColumn('file_name', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('rows', 'text', (c) => c.notNull())
    .addColumn('confirmed_at', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull().defaultTo(nowText(db)))
    .execute();
  await createIndexes(db, [['account_imports_admin', 'account_imports', ['admin_id']]]);
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('account_imports').ifExists().execute();
  await db.schema.alterTable('users').dropColumn('must_change_password').execute();
}
