import { sql, type Kysely } from 'kysely';
import { dialectOf } from '../ddl';

/**
 * A version per student of what their unread counts are built from (their conversations and notifications), so each
 * API node can answer the unread poll from memory while nothing of that student's has changed (services/inbox.ts).
 * A write stamps the student's row with the next value of one counter (`data_versions`' 'inbox_versions' row, locked
 * by the writer until it commits, so stamps appear in commit order) and a node asks only for the rows stamped after
 * the last one it saw: one write invalidates one student's answer, not everyone's.
 */
const SOURCES = [
  { table: 'conversations', student: 'student_id' },
  { table: 'notifications', student: 'user_id' },
];

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.createTable('inbox_versions')
    .addColumn('user_id', 'integer', (c) => c.primaryKey())
    .addColumn('version', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('inbox_versions_version').on('inbox_versions').column('version').execute();
  await db.insertInto('data_versions').values({ table_name: 'inbox_versions', version: 0 }).execute();
  if (dialectOf(db) === 'postgres') {
    await sql`create or replace function inbox_versions_stamp() returns trigger language plpgsql as $$
      declare
        student integer;
        stamp bigint;
      begin
        student := (to_jsonb(case when TG_OP = 'DELETE' then OLD else NEW end) ->> TG_ARGV[0])::integer;
        update data_versions set version = version + 1 where table_name = 'inbox_versions' returning version into stamp;
        insert into inbox_versions (user_id, version) values (student, stamp)
          on conflict (user_id) do update set version = excluded.version;
        return null;
      end $$`.execute(db);
    for (const { table, student } of SOURCES) {
      await sql`create trigger ${sql.raw(`${table}_inbox_version`)} after insert or update or delete on ${sql.table(table)}
        for each row execute function inbox_versions_stamp(${sql.lit(student)})`.execute(db);
    }
    return;
  }
  for (const { table, student } of SOURCES) {
    for (const event of ['insert', 'update', 'delete']) {
      const row = sql.raw(`${event === 'delete' ? 'old' : 'new'}.${student}`);
      await sql`create trigger ${sql.raw(`${table}_inbox_version_${event}`)} after ${sql.raw(event)} on ${sql.table(table)}
        begin
          update data_versions set version = version + 1 where table_name = 'inbox_versions';
          insert into inbox_versions (user_id, version) values (${row}, (select version from data_versions where table_name = 'inbox_versions'))
            on conflict (user_id) do update set version = excluded.version;
        end`.execute(db);
    }
  }
}

export async function down(db: Kysely<any>): Promise<void> {
  const pg = dialectOf(db) === 'postgres';
  for (const { table } of SOURCES) {
    if (pg) await sql`drop trigger if exists ${sql.raw(`${table}_inbox_version`)} on ${sql.table(table)}`.execute(db);
    else for (const event of ['insert', 'update', 'delete']) await sql`drop trigger if exists ${sql.raw(`${table}_inbox_version_${event}`)}`.execute(db);
  }
  if (pg) await sql`drop function if exists inbox_versions_stamp()`.execute(db);
  await db.deleteFrom('data_versions').where('table_name', '=', 'inbox_versions').execute();
  await db.schema.dropTable('inbox_versions').ifExists().execute();
}
