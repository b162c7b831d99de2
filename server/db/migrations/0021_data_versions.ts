import { sql, type Kysely } from 'kysely';
import { dialectOf } from '../ddl';

/** The tables this migration counts (later migrations add others: server/db/versions.ts lists them all). */
const TABLES = [
  'learns', 'class_learns', 'learn_categories', 'questionnaire_answers', 'score_records',
  'schools', 'departments', 'majors', 'grades', 'classes',
];

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
  if (dialectOf(db) === 'postgres') {
    await sql`create or replace function data_versions_bump() returns trigger language plpgsql as $$
      begin update data_versions set version = version + 1 where table_name = TG_TABLE_NAME; return null; end $$`.execute(db);
  }
  await countWrites(db, TABLES);
}

/** A `data_versions` row for each table, and the triggers that add one to it on every write. */
export async function countWrites(db: Kysely<any>, tables: string[]): Promise<void> {
  await db.insertInto('data_versions').values(tables.map((table_name) => ({ table_name, version: 0 }))).execute();
  if (dialectOf(db) === 'postgres') {
    for (const table of tables) {
      await sql`create trigger ${sql.raw(`${table}_data_version`)} after insert or update or delete or truncate on ${sql.table(table)}
        for each statement execute function data_versions_bump()`.execute(db);
    }
    return;
  }
  for (const table of tables) {
    for (const event of ['insert', 'update', 'delete']) {
      await sql`create trigger ${sql.raw(`${table}_data_version_${event}`)} after ${sql.raw(event)} on ${sql.table(table)}
        begin update data_versions set version = version + 1 where table_name = ${sql.lit(table)}; end`.execute(db);
    }
  }
}

export async function down(db: Kysely<any>): Promise<void> {
  await stopCountingWrites(db, TABLES);
  if (dialectOf(db) === 'postgres') await sql`drop function if exists data_versions_bump()`.execute(db);
  await db.schema.dropTable('data_versions').ifExists().execute();
}

export async function stopCountingWrites(db: Kysely<any>, tables: string[]): Promise<void> {
  const pg = dialectOf(db) === 'postgres';
  for (const table of tables) {
    if (pg) await sql`drop trigger if exists ${sql.raw(`${table}_data_version`)} on ${sql.table(table)}`.execute(db);
    else for (const event of ['insert', 'update', 'delete']) await sql`drop trigger if exists ${sql.raw(`${table}_data_version_${event}`)}`.execute(db);
  }
  await db.deleteFrom('data_versions').where('table_name', 'in', tables).execute();
}
