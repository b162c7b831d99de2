import { sql } from 'kysely';
import type { Db } from '../db';
import { now } from '../db/time';

/**
 * The school report of the administration console (issue 17 #6): what a province platform asks of a school — courses
 * offered (published training items the school's students may have, child items of a practice included, as results are
 * recorded per item), participants (实验人数: distinct students with at least one result), sessions (实验人次: results), pass rate
 * (results with a score ≥ 60, as in the teacher console's 班级成绩), average time and score — for the whole school, per
 * course and per month. Counted over the score records of the school's students (wherever the course comes from).
 */
/** Also in the roll-up's triggers (migration 0019): a change needs a migration that recounts report_months.passed. */
export const PASS_SCORE = 60;
export const PERIODS = { all: '全部', '12m': '近 12 个月', year: '今年', lastyear: '去年' } as const;
export type Period = keyof typeof PERIODS;

export interface Figures { participants: number; sessions: number; passed: number; pass_rate: number | null; avg_time: number | null; avg_score: number | null }
export interface CourseRow extends Figures { learn_id: number; name: string }
export interface MonthRow extends Figures { month: string }
export interface SchoolReport {
  period: Period; period_name: string; from: string | null; to: string | null;
  courses: number; active_courses: number; summary: Figures; by_course: CourseRow[]; by_month: MonthRow[];
}

/** [from, to) as timestamps for a period, Shanghai wall clock; null = open. */
export function periodRange(period: Period, today = now()): [string | null, string | null] {
  const year = Number(today.slice(0, 4));
  const month = Number(today.slice(5, 7));
  if (period === 'year') return [`${year}-01-01 00:00:00`, `${year + 1}-01-01 00:00:00`];
  if (period === 'lastyear') return [`${year - 1}-01-01 00:00:00`, `${year}-01-01 00:00:00`];
  if (period === '12m') {
    const start = month === 12 ? `${year}-01` : `${year - 1}-${String(month + 1).padStart(2, '0')}`;
    return [`${start}-01 00:00:00`, null];
  }
  return [null, null];
}

const round = (n: number, digits: number) => Math.round(n * 10 ** digits) / 10 ** digits;

export function figures(r: { participants: unknown; sessions: unknown; passed: unknown; time_sum: unknown; score_sum: unknown }): Figures {
  const sessions = Number(r.sessions ?? 0);
  const passed = Number(r.passed ?? 0);
  return {
    participants: Number(r.participants ?? 0), sessions, passed,
    pass_rate: sessions ? round(passed / sessions, 4) : null,
    avg_time: sessions ? round(Number(r.time_sum ?? 0) / sessions, 1) : null,
    avg_score: sessions ? round(Number(r.score_sum ?? 0) / sessions, 2) : null,
  };
}

/** A period's [from, to) as months (YYYY-MM): every period starts and ends at a month's start. */
const monthOf = (t: string | null) => (t ? t.slice(0, 7) : null);

/**
 * The report; `parts` leaves out a breakdown the caller does not show. The totals and the months are read from the
 * roll-up the score_records triggers keep (migration 0019): report_months (results, passed, time and score sums per
 * month and course) and report_students (one row per student and month: 实验人数 per month is a count of rows, over
 * the period a count of distinct students). Per course, each student's figures per course are read from the records.
 */
export async function schoolReport(db: Db, schoolId: number, period: Period, parts: { course?: boolean; month?: boolean } = { course: true, month: true }): Promise<SchoolReport> {
  const [from, to] = periodRange(period);
  const [fromMonth, toMonth] = [monthOf(from), monthOf(to)];
  const months = () => {
    let q = db.selectFrom('report_months as r').where('r.school_id', '=', schoolId);
    if (fromMonth) q = q.where('r.month', '>=', fromMonth);
    if (toMonth) q = q.where('r.month', '<', toMonth);
    return q.select((eb) => [eb.fn.sum<number>('r.sessions').as('sessions'), eb.fn.sum<number>('r.passed').as('passed'),
      eb.fn.sum<number>('r.time_sum').as('time_sum'), eb.fn.sum<number>('r.score_sum').as('score_sum')]);
  };
  const students = () => {
    let q = db.selectFrom('report_students as p').where('p.school_id', '=', schoolId);
    if (fromMonth) q = q.where('p.month', '>=', fromMonth);
    if (toMonth) q = q.where('p.month', '<', toMonth);
    return q;
  };
  // Per course: first each student's figures per course (in the covering index's order, no sort), then per course —
  // twice as fast as count(distinct) per course on SQLite (scripts/bench-admin-report.ts).
  const perStudentCourse = () => {
    let q = db.selectFrom('score_records as s')
      .where('s.user_id', 'in', db.selectFrom('users').select('id').where('school_id', '=', schoolId).where('role', '=', 'student'));
    if (from) q = q.where('s.created_at', '>=', from);
    if (to) q = q.where('s.created_at', '<', to);
    return q.select((eb) => ['s.learn_id', eb.fn.countAll<number>().as('n'),
      sql<number>`sum(case when s.total_score >= ${PASS_SCORE} then 1 else 0 end)`.as('ok'),
      eb.fn.sum<number>('s.total_time').as('t'), eb.fn.sum<number>('s.total_score').as('sc')]).groupBy(['s.user_id', 's.learn_id']);
  };
  const [total, participants, perCourse, perMonth, monthStudents, offered] = await Promise.all([
    months().select(sql<number>`count(distinct r.learn_id)`.as('active')).executeTakeFirst(),
    db.selectFrom(students().select('p.user_id').groupBy('p.user_id').as('u')).select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirst(),
    parts.course
      ? db.selectFrom(perStudentCourse().as('u')).select((eb) => ['u.learn_id', eb.fn.countAll<number>().as('participants'), eb.fn.sum<number>('u.n').as('sessions'),
        eb.fn.sum<number>('u.ok').as('passed'), eb.fn.sum<number>('u.t').as('time_sum'), eb.fn.sum<number>('u.sc').as('score_sum')]).groupBy('u.learn_id').execute()
      : Promise.resolve([]),
    parts.month ? months().select('r.month').groupBy('r.month').orderBy('r.month').execute() : Promise.resolve([]),
    parts.month ? students().select((eb) => ['p.month', eb.fn.countAll<number>().as('n')]).groupBy('p.month').execute() : Promise.resolve([]),
    db.selectFrom('learns').select((eb) => eb.fn.countAll<number>().as('n')).where('state', '=', 1)
      .where((eb) => eb.or([eb('school_id', 'is', null), eb('school_id', '=', schoolId)])).executeTakeFirst(),
  ]);
  const ids = perCourse.map((r) => r.learn_id);
  const names = ids.length
    ? await db.selectFrom('learns as l').leftJoin('learns as p', 'p.id', 'l.parent_learn_id').select(['l.id', 'l.name', 'p.name as parent_name'])
      .where('l.id', 'in', ids).execute()
    : [];
  const nameOf = new Map(names.map((n) => [n.id, n.parent_name ? `${n.parent_name} / ${n.name}` : n.name]));
  const by_course = perCourse.map((r) => ({ learn_id: r.learn_id, name: nameOf.get(r.learn_id) ?? `课程 ${r.learn_id}`, ...figures(r) }))
    .sort((a, b) => b.sessions - a.sessions || a.learn_id - b.learn_id);
  const studentsIn = new Map(monthStudents.map((r) => [r.month, r.n]));
  return {
    period, period_name: PERIODS[period], from, to,
    courses: Number(offered?.n ?? 0), active_courses: Number(total?.active ?? 0),
    summary: figures({ ...(total ?? { sessions: 0, passed: 0, time_sum: 0, score_sum: 0 }), participants: participants?.n ?? 0 }),
    by_course, by_month: perMonth.map((r) => ({ month: r.month, ...figures({ ...r, participants: studentsIn.get(r.month) ?? 0 }) })),
  };
}
