import { sql } from 'kysely';
import type { Db } from '../../server/db';
import { figures, PASS_SCORE, periodRange, type Period } from '../../server/services/admin-report';

/**
 * The school report's totals and months counted straight from score_records, as the report did before the roll-up of
 * migration 0019: the reference the roll-up is checked against (tests/server/admin-report-rollup.test.ts) and
 * measured against (scripts/bench-admin-report.ts).
 */
export async function reportFromRecords(db: Db, schoolId: number, period: Period) {
  const [from, to] = periodRange(period);
  const records = () => {
    let q = db.selectFrom('score_records as s')
      .where('s.user_id', 'in', db.selectFrom('users').select('id').where('school_id', '=', schoolId).where('role', '=', 'student'));
    if (from) q = q.where('s.created_at', '>=', from);
    if (to) q = q.where('s.created_at', '<', to);
    return q.select((eb) => [
      sql<number>`count(distinct s.user_id)`.as('participants'),
      eb.fn.countAll<number>().as('sessions'),
      sql<number>`sum(case when s.total_score >= ${PASS_SCORE} then 1 else 0 end)`.as('passed'),
      eb.fn.sum<number>('s.total_time').as('time_sum'),
      eb.fn.sum<number>('s.total_score').as('score_sum'),
    ]);
  };
  const month = sql<string>`substr(s.created_at, 1, 7)`;
  const [total, months] = await Promise.all([
    records().select(sql<number>`count(distinct s.learn_id)`.as('active')).executeTakeFirst(),
    records().select(month.as('month')).groupBy(month).orderBy(month).execute(),
  ]);
  return {
    active_courses: Number(total?.active ?? 0),
    summary: figures(total ?? { participants: 0, sessions: 0, passed: 0, time_sum: 0, score_sum: 0 }),
    by_month: months.map((r) => ({ month: r.month, ...figures(r) })),
  };
}

/** What the roll-up tables must hold, recounted from score_records (sorted as `rollupRows` answers). */
export async function rollupFromRecords(db: Db) {
  const month = sql<string>`substr(s.created_at, 1, 7)`;
  const students = await db.selectFrom('score_records as s').innerJoin('users as u', 'u.id', 's.user_id').where('u.role', '=', 'student')
    .select((eb) => ['s.user_id', month.as('month'), 'u.school_id', eb.fn.countAll<number>().as('sessions')])
    .groupBy(['s.user_id', month, 'u.school_id']).orderBy('s.user_id').orderBy(month).execute();
  const months = await db.selectFrom('score_records as s').innerJoin('users as u', 'u.id', 's.user_id').where('u.role', '=', 'student')
    .select((eb) => ['u.school_id', month.as('month'), 's.learn_id', eb.fn.countAll<number>().as('sessions'),
      sql<number>`sum(case when s.total_score >= ${PASS_SCORE} then 1 else 0 end)`.as('passed'),
      eb.fn.sum<number>('s.total_time').as('time_sum'), eb.fn.sum<number>('s.total_score').as('score_sum')])
    .groupBy(['u.school_id', month, 's.learn_id']).orderBy('u.school_id').orderBy(month).orderBy('s.learn_id').execute();
  return { students: students.map(numbers), months: months.map(numbers) };
}

/** The roll-up tables as they are. */
export async function rollupRows(db: Db) {
  const students = await db.selectFrom('report_students').select(['user_id', 'month', 'school_id', 'sessions']).orderBy('user_id').orderBy('month').execute();
  const months = await db.selectFrom('report_months').select(['school_id', 'month', 'learn_id', 'sessions', 'passed', 'time_sum', 'score_sum'])
    .orderBy('school_id').orderBy('month').orderBy('learn_id').execute();
  return { students: students.map(numbers), months: months.map(numbers) };
}

// Sums of scores are compared to 6 places: added and taken away in another order, doubles differ in the last bits.
function numbers<T extends Record<string, unknown>>(row: T): T {
  return Object.fromEntries(Object.entries(row).map(([k, v]) => [k, typeof v === 'number' || (typeof v === 'string' && k !== 'month') ? Math.round(Number(v) * 1e6) / 1e6 : v])) as T;
}
