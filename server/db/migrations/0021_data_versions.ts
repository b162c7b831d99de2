import { sql, type Kysely } from 'kysely';
import { dialectOf } from '../ddl';
import { SHARED_TABLES } from '../versions';

/**
 * One write counter per table that API nodes cache answers from (server/db/versions.ts, issue 20), kept by triggers:
 * any write — this node, another node, a script, an operator's SQL — adds one in its own transaction, and every node
 * reads the rows at most once a second to drop what it holds from before. PostgreSQL counts once per statement,
 * SQLite (which has only row triggers) once per row.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.createTable('data_versions')
    .addColumn('table_name', 'varchar(64)', (c) => c.primaryKey())
    .addColumn('version', 'bigint', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.insertInto('data_versions').values(SHARED_TABLES.map((table_name) => ({ table_name, version: 0 }))).execute();
  if (dialectOf(db) === 'postgres') {
    await sql`create or replace function data_versions_bump() returns trigger language plpgsql as $$
      begin update data_versions set version = version + 1 where table_name = TG_TABLE_NAME; return null; end $$`.execute(db);
    for (const table of SHARED_TABLES) {
      await sql`create trigger ${sql.raw(`${table}_data_version`)} after insert or update or delete or truncate on ${sql.table(table)}
        for each statement execute function data_versions_bump()`.execute(db);
    }
    return;
  }
  for (const table of SHARED_TABLES) {
    for (const event of ['insert', 'update', 'delete']) {
      await sql`create trigger ${sql.raw(`${table}_data_version_${event}`)} after ${sql.raw(event)} on ${sql.table(table)}
        begin update data_versions set version = version + 1 where table_name = ${sql.lit(table)}; end`.execute(db);
    }
  }
}

export async function down(db: Kysely<any>): Promise<void> {
  const pg = dialectOf(db) === 'postgres';
  for (const table of SHARED_TABLES) {
    if (pg) await sql`drop trigger if exists ${sql.raw(`${table}_data_version`)} on ${sql.table(table)}`.execute(db);
    else for (const event of ['insert', 'update', 'delete']) await sql`drop trigger if exists ${sql.raw(`${table}_data_version_${event}`)}`.execute(db);
  }
  if (pg) await sql`drop function if exists data_versions_bump()`.execute(db);
  await db.schema.dropTable('data_versions').ifExists().execute();
}
