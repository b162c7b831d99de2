import { sql, type CreateTableBuilder, type Kysely } from 'kysely';
import { createIndexes, dialectOf } from '../ddl';

/**
 * The school report's monthly roll-up (issue 17 #6; services/admin-report.ts). Every score record of a student is
 * counted in two small tables, kept by triggers on score_records so that every write — the simulation's result upload,
 * the seed, a cascade when a student or course is deleted, a hand edit — keeps them exact:
 * - report_months: per school, month (YYYY-MM of created_at) and course, the results, passed results (score ≥ 60, the
 *   report's PASS_SCORE), the sum of times and of scores;
 * - report_students: per student and month, the results, with the student's school — so distinct students per month
 *   (实验人数) is a count of rows, and over a period a count of distinct user_id, both exact.
 * The school and role are the student's at the time of the write; the app never changes either.
 * Created before the backfill: on PostgreSQL CREATE TRIGGER locks out concurrent writes until the migration commits,
 * so no record is missed or counted twice.
 */
const PASS = 60;
const month = (row: string) => `substr(${row}.created_at, 1, 7)`;
const passed = (row: string) => `case when ${row}.total_score >= ${PASS} then 1 else 0 end`;

/** Adds one record `n` (new) when its user is a student. */
const add = (n: string) => `
  insert into report_students (user_id, month, school_id, sessions)
    select ${n}.user_id, ${month(n)}, u.school_id, 1 from users u where u.id = ${n}.user_id and u.role = 'student'
    on conflict (user_id, month) do update set sessions = report_students.sessions + 1;
  insert into report_months (school_id, month, learn_id, sessions, passed, time_sum, score_sum)
    select u.school_id, ${month(n)}, ${n}.learn_id, 1, ${passed(n)}, ${n}.total_time, ${n}.total_score
    from users u where u.id = ${n}.user_id and u.role = 'student'
    on conflict (school_id, month, learn_id) do update set sessions = report_months.sessions + 1,
      passed = report_months.passed + excluded.passed, time_sum = report_months.time_sum + excluded.time_sum,
      score_sum = report_months.score_sum + excluded.score_sum;`;

/** SQLite: takes one record `o` (old) away again; the school comes from report_students (the user may be gone). */
const removeSqlite = (o: string) => `
  update report_months set sessions = sessions - 1, passed = passed - ${passed(o)}, time_sum = time_sum - ${o}.total_time,
      score_sum = score_sum - ${o}.total_score
    where school_id = (select school_id from report_students where user_id = ${o}.user_id and month = ${month(o)})
      and month = ${month(o)} and learn_id = ${o}.learn_id;
  delete from report_months where month = ${month(o)} and learn_id = ${o}.learn_id and sessions <= 0
    and school_id = (select school_id from report_students where user_id = ${o}.user_id and month = ${month(o)});
  update report_students set sessions = sessions - 1 where user_id = ${o}.user_id and month = ${month(o)};
  delete from report_students where user_id = ${o}.user_id and month = ${month(o)} and sessions <= 0;`;

const COLUMNS = 'user_id, learn_id, created_at, total_score, total_time';

async function sqliteTriggers(db: Kysely<any>): Promise<void> {
  await sql.raw(`create trigger score_records_report_insert after insert on score_records begin ${add('new')} end`).execute(db);
  await sql.raw(`create trigger score_records_report_delete after delete on score_records begin ${removeSqlite('old')} end`).execute(db);
  await sql.raw(`create trigger score_records_report_update after update of ${COLUMNS} on score_records
    begin ${removeSqlite('old')} ${add('new')} end`).execute(db);
}

// PostgreSQL: report_students first, then report_months, in every path, so two writers cannot deadlock.
async function postgresTriggers(db: Kysely<any>): Promise<void> {
  await sql.raw(`create function score_records_report() returns trigger language plpgsql as $$
    declare
      sid integer;
    begin
      if tg_op in ('DELETE', 'UPDATE') then
        update report_students set sessions = sessions - 1 where user_id = old.user_id and month = ${month('old')}
          returning school_id into sid;
        if found then
          update report_months set sessions = sessions - 1, passed = passed - ${passed('old')}, time_sum = time_sum - old.total_time,
              score_sum = score_sum - old.total_score
            where school_id = sid and month = ${month('old')} and learn_id = old.learn_id;
          delete from report_months where school_id = sid and month = ${month('old')} and learn_id = old.learn_id and sessions <= 0;
          delete from report_students where user_id = old.user_id and month = ${month('old')} and sessions <= 0;
        end if;
      end if;
      if tg_op in ('INSERT', 'UPDATE') then
        ${add('new')}
      end if;
      return null;
    end $$`).execute(db);
  await sql.raw(`create trigger score_records_report after insert or delete or update of ${COLUMNS} on score_records
    for each row execute function score_records_report()`).execute(db);
}

export async function up(db: Kysely<any>): Promise<void> {
  const pg = dialectOf(db) === 'postgres';
  // On SQLite the rows are kept in primary-key order (no rowid), so each key is one b-tree lookup.
  const clustered = <T extends string, C extends string>(t: CreateTableBuilder<T, C>) => (pg ? t : t.modifyEnd(sql`without rowid`));
  await clustered(db.schema.createTable('report_months')
    .addColumn('school_id', 'integer', (c) => c.notNull())
    .addColumn('month', 'text', (c) => c.notNull())
    .addColumn('learn_id', 'integer', (c) => c.notNull())
    .addColumn('sessions', 'integer', (c) => c.notNull())
    .addColumn('passed', 'integer', (c) => c.notNull())
    .addColumn('time_sum', 'bigint', (c) => c.notNull())
    .addColumn('score_sum', 'double precision', (c) => c.notNull())
    .addPrimaryKeyConstraint('report_months_pk', ['school_id', 'month', 'learn_id'])).execute();
  await clustered(db.schema.createTable('report_students')
    .addColumn('user_id', 'integer', (c) => c.notNull())
    .addColumn('month', 'text', (c) => c.notNull())
    .addColumn('school_id', 'integer', (c) => c.notNull())
    .addColumn('sessions', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('report_students_pk', ['user_id', 'month'])).execute();
  // Students per month (count per month), and distinct students over a period (grouped by user, no sort).
  await createIndexes(db, [
    ['report_students_school_month', 'report_students', ['school_id', 'month', 'user_id']],
    ['report_students_school_user', 'report_students', ['school_id', 'user_id', 'month']],
  ]);
  if (pg) await postgresTriggers(db);
  else await sqliteTriggers(db);

  await sql.raw(`insert into report_students (user_id, month, school_id, sessions)
    select s.user_id, ${month('s')}, u.school_id, count(*) from score_records s join users u on u.id = s.user_id
    where u.role = 'student' group by s.user_id, ${month('s')}, u.school_id`).execute(db);
  await sql.raw(`insert into report_months (school_id, month, learn_id, sessions, passed, time_sum, score_sum)
    select u.school_id, ${month('s')}, s.learn_id, count(*), sum(${passed('s')}), sum(s.total_time), sum(s.total_score)
    from score_records s join users u on u.id = s.user_id
    where u.role = 'student' group by u.school_id, ${month('s')}, s.learn_id`).execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  if (dialectOf(db) === 'postgres') {
    await sql.raw('drop trigger if exists score_records_report on score_records').execute(db);
    await sql.raw('drop function if exists score_records_report()').execute(db);
  } else {
    for (const t of ['insert', 'delete', 'update']) await sql.raw(`drop trigger if exists score_records_report_${t}`).execute(db);
  }
  await db.schema.dropTable('report_students').ifExists().execute();
  await db.schema.dropTable('report_months').ifExists().execute();
}
