import type { Kysely } from 'kysely';
import { SHARED_TABLES } from '../versions';

/**
 * One write counter per table that API nodes cache answers from (server/db/versions.ts, issue 20): a write adds one in
 * its own transaction, and every node reads the rows at most once a second to drop what another node made stale.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.createTable('data_versions')
    .addColumn('table_name', 'varchar(64)', (c) => c.primaryKey())
    .addColumn('version', 'bigint', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.insertInto('data_versions').values(SHARED_TABLES.map((table_name) => ({ table_name, version: 0 }))).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('data_versions').ifExists().execute();
}
