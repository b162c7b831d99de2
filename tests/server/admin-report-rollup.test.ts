import { Migrator } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrations } from '../../server/db/migrations';
import { now } from '../../server/db/time';
import { PERIODS, schoolReport, type Period } from '../../server/services/admin-report';
import { adminPeople } from './admin-fixture';
import { DATABASES, startTestServer, type TestServer } from './harness';
import { reportFromRecords, rollupFromRecords, rollupRows } from './report-reference';

/**
 * The school report's monthly roll-up (migration 0019, issue 17 #6): the totals and months read from it are the figures
 * counted from the score records themselves, for the seeded schools and every period; a result upload shows in its
 * month at once; every other write (a changed or deleted record, a deleted student, a teacher's record) and the
 * migration's backfill leave the roll-up equal to a recount of the records.
 */
describe.each(DATABASES)('admin console: the report roll-up on %s', (kind) => {
  let s: TestServer;
  let people: Awaited<ReturnType<typeof adminPeople>>;
  const db = () => s.opened.db;
  const ok = (res: { status: number; body: any }) => {
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.code, res.body.message).toBe(200);
    return res.body.data;
  };
  const schools = async () => (await db().selectFrom('users').select('school_id').distinct().where('role', '=', 'student').orderBy('school_id').execute()).map((r) => r.school_id);
  const expectSameAsRecords = async () => {
    for (const school of await schools()) {
      for (const period of Object.keys(PERIODS) as Period[]) {
        const r = await schoolReport(db(), school, period);
        expect({ active_courses: r.active_courses, summary: r.summary, by_month: r.by_month }, `${school} ${period}`)
          .toEqual(await reportFromRecords(db(), school, period));
      }
    }
    expect(await rollupRows(db())).toEqual(await rollupFromRecords(db()));
  };

  beforeAll(async () => {
    s = await startTestServer(kind);
    people = await adminPeople(s);
  });
  afterAll(async () => s?.close());

  it('gives the seeded schools the same totals and months as the records, for every period', async () => {
    expect((await schools()).length).toBeGreaterThanOrEqual(2);
    const months = ok(await s.get('admin/report', { by: 'month' }, people.adminA));
    expect(months.data.length).toBeGreaterThan(1);
    expect(months.summary.participants).toBeGreaterThan(1);
    await expectSameAsRecords();
    // The route shows the same; per course (read from the records) adds up to the same results.
    const reference = await reportFromRecords(db(), 100002, 'all');
    expect(months.summary).toMatchObject(reference.summary);
    expect(months.data.map((m: any) => [m.label, m.participants, m.sessions, m.passed, m.avg_time]))
      .toEqual(reference.by_month.map((m) => [m.month, m.participants, m.sessions, m.passed, m.avg_time]));
    const courses = ok(await s.get('admin/report', { by: 'course' }, people.adminA));
    expect(courses.summary).toEqual(months.summary);
    expect(courses.data.reduce((n: number, c: any) => n + c.sessions, 0)).toBe(months.summary.sessions);
  });

  it('shows a result the simulation uploads in its month at once, each student counted once', async () => {
    const month = now().slice(0, 7);
    const thisMonth = async () => (ok(await s.get('admin/report', { by: 'month', period: 'year' }, people.adminA)).data as any[]).find((m) => m.label === month);
    const before = (await thisMonth()) ?? { participants: 0, sessions: 0, passed: 0 };
    const demo = await db().selectFrom('users').select(['id', 'password_hash', 'class_id']).where('username', '=', 'demo').where('school_id', '=', 100002).executeTakeFirstOrThrow();
    const other = await db().selectFrom('users').select(['id', 'username']).where('school_id', '=', 100002).where('role', '=', 'student')
      .where('class_id', '=', demo.class_id).where('id', '!=', demo.id).where('status', '=', 1).where('type', '=', 1).orderBy('id').executeTakeFirstOrThrow();
    const hasMonth = async (userId: number) => !!(await db().selectFrom('score_records').select('id').where('user_id', '=', userId).where('created_at', '>=', `${month}-01`).executeTakeFirst());
    const [demoWas, otherWas] = [await hasMonth(demo.id), await hasMonth(other.id)];
    await db().updateTable('users').set({ password_hash: demo.password_hash, must_change_password: 0 }).where('id', '=', other.id).execute();
    const upload = async (token: string, total_score: number, total_time: number) => {
      const launched = ok(await s.post('learn/getlearnurl', { learn_id: 2 }, token));
      const launch = new URL(launched.url, 'http://localhost').searchParams.get('token')!;
      ok(await s.post('sim/result', { token: launch, total_score, total_time, detail: JSON.stringify([['步骤', '得分'], ['评估', total_score]]) }));
    };

    await upload(people.student, 80, 300);
    expect(await thisMonth()).toMatchObject({ participants: before.participants + (demoWas ? 0 : 1), sessions: before.sessions + 1, passed: before.passed + 1 });
    // The same student again this month: one more 实验人次, the same 实验人数.
    await upload(people.student, 40, 100);
    expect(await thisMonth()).toMatchObject({ participants: before.participants + (demoWas ? 0 : 1), sessions: before.sessions + 2, passed: before.passed + 1 });
    await upload(await s.login(other.username), 95, 200);
    expect(await thisMonth()).toMatchObject({ participants: before.participants + (demoWas ? 0 : 1) + (otherWas ? 0 : 1), sessions: before.sessions + 3, passed: before.passed + 2 });
    await expectSameAsRecords();
  });

  it('stays equal to the records after records are changed or deleted, a student is deleted, a teacher has a result', async () => {
    const student = await db().selectFrom('score_records as s').innerJoin('users as u', 'u.id', 's.user_id').select(['s.user_id', 'u.school_id'])
      .where('u.role', '=', 'student').where('u.username', '!=', 'demo').groupBy(['s.user_id', 'u.school_id']).orderBy('s.user_id', 'desc').executeTakeFirstOrThrow();
    const records = await db().selectFrom('score_records').select(['id', 'learn_id', 'total_score']).where('user_id', '=', student.user_id).orderBy('id').execute();
    expect(records.length).toBeGreaterThanOrEqual(2);
    const [first, second] = records;
    const summary = async () => (await schoolReport(db(), student.school_id, 'all', {})).summary;
    const start = await summary();

    // A score corrected from below the pass mark to above it, and moved to another month and course.
    await db().updateTable('score_records').set({ total_score: first.total_score >= 60 ? 10 : 99, created_at: '2023-02-14 08:00:00', learn_id: second.learn_id, total_time: 1234 })
      .where('id', '=', first.id).execute();
    expect((await summary()).passed).toBe(start.passed + (first.total_score >= 60 ? -1 : 1));
    await expectSameAsRecords();
    const february = (await schoolReport(db(), student.school_id, 'all', { month: true })).by_month.find((m) => m.month === '2023-02');
    expect(february).toMatchObject({ participants: 1, sessions: 1, avg_time: 1234 });

    // That record deleted: its month goes; then the student (their records go by cascade).
    await db().deleteFrom('score_records').where('id', '=', first.id).execute();
    expect((await schoolReport(db(), student.school_id, 'all', { month: true })).by_month.find((m) => m.month === '2023-02')).toBeUndefined();
    expect((await summary()).sessions).toBe(start.sessions - 1);
    await expectSameAsRecords();
    await db().deleteFrom('users').where('id', '=', student.user_id).execute();
    expect(await summary()).toMatchObject({ participants: start.participants - 1, sessions: start.sessions - records.length });
    await expectSameAsRecords();

    // A teacher's result (a teacher trying a simulation) is not a student's: not counted.
    const teacher = await db().selectFrom('users').select(['id', 'school_id']).where('role', '=', 'teacher').where('school_id', '=', student.school_id).executeTakeFirstOrThrow();
    const teacherBefore = await summary();
    await db().insertInto('score_records').values({ user_id: teacher.id, learn_id: second.learn_id, total_score: 100, total_time: 60, created_at: now() }).execute();
    expect(await summary()).toEqual(teacherBefore);
    await expectSameAsRecords();
  });

  it('is filled from the existing records when the migration runs', async () => {
    const migrator = new Migrator({ db: db(), provider: { getMigrations: async () => migrations } });
    const expected = await rollupFromRecords(db());
    expect(expected.students.length).toBeGreaterThan(100);
    // Back to before the roll-up (undoing the migrations after it on the way), then forward again.
    const down = await migrator.migrateTo('0018_returned_work');
    expect(down.error).toBeUndefined();
    expect(down.results).toContainEqual(expect.objectContaining({ migrationName: '0019_report_rollup', direction: 'Down', status: 'Success' }));
    // Records written while the roll-up is gone are in the backfill too.
    const demo = await db().selectFrom('users').select(['id']).where('username', '=', 'demo').where('school_id', '=', 100002).executeTakeFirstOrThrow();
    await db().insertInto('score_records').values({ user_id: demo.id, learn_id: 2, total_score: 61, total_time: 61, created_at: '2022-07-01 00:00:00' }).execute();
    const up = await migrator.migrateToLatest();
    expect(up.error).toBeUndefined();
    const filled = await rollupRows(db());
    expect(filled).toEqual(await rollupFromRecords(db()));
    expect(filled.students).toContainEqual({ user_id: demo.id, month: '2022-07', school_id: 100002, sessions: 1 });
    expect(filled.students.length).toBe(expected.students.length + 1);
    // And the triggers are back.
    await db().deleteFrom('score_records').where('user_id', '=', demo.id).where('created_at', '=', '2022-07-01 00:00:00').execute();
    await expectSameAsRecords();
  });
});
