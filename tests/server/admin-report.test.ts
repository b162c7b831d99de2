import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DATABASES, startTestServer, type TestServer } from './harness';
import { adminPeople } from './admin-fixture';
import { loadExcel } from '../../server/services/excel';
import { periodRange } from '../../server/services/admin-report';

/**
 * The school report (issue 17 #6) against a hand-computed fixture: school B's students get exactly the score records
 * below, so every figure is known; school A's report does not move when school B's records change.
 */
describe.each(DATABASES)('admin console: school report on %s', (kind) => {
  let s: TestServer;
  let people: Awaited<ReturnType<typeof adminPeople>>;
  const db = () => s.opened.db;
  const ok = (res: { status: number; body: any }) => {
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.code, res.body.message).toBe(200);
    return res.body.data;
  };
  let courses: { id: number; name: string }[];

  beforeAll(async () => {
    s = await startTestServer(kind);
    people = await adminPeople(s);
    const students = await db().selectFrom('users').select(['id', 'class_id', 'grade_id']).where('school_id', '=', 100045).where('role', '=', 'student').orderBy('id').limit(3).execute();
    courses = await db().selectFrom('learns').select(['id', 'name']).where('parent_learn_id', 'is', null).where('school_id', 'is', null).orderBy('id').limit(2).execute();
    await db().deleteFrom('score_records').where('user_id', 'in', db().selectFrom('users').select('id').where('school_id', '=', 100045)).execute();
    const [u1, u2, u3] = students;
    const [c1, c2] = courses;
    // course 1: u1 twice (50, 70), u2 once (90) → 2 students, 3 sessions, 2 passed, time (100+200+300)/3 = 200
    // course 2: u3 once (59.5) → 1 student, 1 session, 0 passed, time 400
    // months: 2025-03 holds u1's first and u3's; 2025-04 the other two.
    const rows = [
      { u: u1, c: c1, score: 50, time: 100, at: '2025-03-05 10:00:00' },
      { u: u1, c: c1, score: 70, time: 200, at: '2025-04-01 09:00:00' },
      { u: u2, c: c1, score: 90, time: 300, at: '2025-04-20 23:59:59' },
      { u: u3, c: c2, score: 59.5, time: 400, at: '2025-03-31 23:59:59' },
    ];
    await db().insertInto('score_records').values(rows.map((r) => ({ user_id: r.u.id, learn_id: r.c.id, class_id: r.u.class_id, grade_id: r.u.grade_id,
      total_score: r.score, total_time: r.time, created_at: r.at }))).execute();
  });
  afterAll(async () => s?.close());

  it('counts participants, sessions, pass rate and average time per school, per course and per month', async () => {
    const byCourse = ok(await s.get('admin/report', { by: 'course' }, people.adminB));
    expect(byCourse.summary).toMatchObject({ participants: 3, sessions: 4, passed: 2, pass_rate: 0.5, avg_time: 250, avg_score: 67.38, pass_rate_text: '50.0%', avg_time_text: '4 分 10 秒' });
    expect(byCourse.active_courses).toBe(2);
    expect(byCourse.courses).toBeGreaterThanOrEqual(2);
    expect(byCourse.data).toEqual([
      expect.objectContaining({ key: String(courses[0].id), label: courses[0].name, participants: 2, sessions: 3, passed: 2, pass_rate: 0.6667, avg_time: 200, avg_score: 70 }),
      expect.objectContaining({ key: String(courses[1].id), participants: 1, sessions: 1, passed: 0, pass_rate: 0, avg_time: 400, avg_score: 59.5 }),
    ]);
    const byMonth = ok(await s.get('admin/report', { by: 'month' }, people.adminB));
    expect(byMonth.data).toEqual([
      expect.objectContaining({ label: '2025-03', participants: 2, sessions: 2, passed: 0, avg_time: 250 }),
      expect.objectContaining({ label: '2025-04', participants: 2, sessions: 2, passed: 2, pass_rate: 1, avg_time: 250 }),
    ]);
    // A period outside the records: zeros, no division by zero.
    const none = ok(await s.get('admin/report', { period: 'year' }, people.adminB));
    expect(none.summary).toMatchObject({ participants: 0, sessions: 0, pass_rate: null, pass_rate_text: '—' });
    expect((await s.get('admin/report', { period: 'decade' }, people.adminB)).body).toMatchObject({ code: 422, message: '统计范围应为 all、12m、year 或 lastyear' });
  });

  it('keeps each school to its own students', async () => {
    const before = ok(await s.get('admin/report', {}, people.adminA)).summary;
    expect(before.sessions).toBeGreaterThan(0);
    const bStudent = (await db().selectFrom('users').select(['id']).where('school_id', '=', 100045).where('role', '=', 'student').executeTakeFirstOrThrow()).id;
    await db().insertInto('score_records').values({ user_id: bStudent, learn_id: courses[0].id, total_score: 100, total_time: 1, created_at: '2025-05-01 00:00:00' }).execute();
    expect(ok(await s.get('admin/report', {}, people.adminA)).summary).toEqual(before);
    expect(ok(await s.get('admin/report', {}, people.adminB)).summary.sessions).toBe(5);
    await db().deleteFrom('score_records').where('created_at', '=', '2025-05-01 00:00:00').where('user_id', '=', bStudent).execute();
  });

  it('exports the same figures as an .xlsx with 汇总, 按课程 and 按月份', async () => {
    const res = await s.app.inject({ method: 'GET', url: '/api/admin/report/export', headers: { authorization: `Bearer ${people.adminB}` } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-disposition']).toMatch(/attachment; filename="report-100045\.xlsx"; filename\*=UTF-8''/);
    const Excel = await loadExcel();
    const book = new Excel.Workbook();
    await book.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    expect(book.worksheets.map((w) => w.name)).toEqual(['汇总', '按课程', '按月份']);
    const summary = Object.fromEntries(book.getWorksheet('汇总')!.getSheetValues().slice(2).map((r: any) => [r[1], r[2]]));
    expect(summary).toMatchObject({ 实验人数: 3, 实验人次: 4, '通过人次（≥60 分）': 2, 通过率: 0.5, '平均用时（秒）': 250, 有实验记录的实训项目数: 2 });
    const perCourse = book.getWorksheet('按课程')!.getRow(2).values as unknown[];
    expect(perCourse.slice(1)).toEqual([courses[0].name, 2, 3, 2, 0.6667, 200, 70]);
    expect(book.getWorksheet('按月份')!.getRow(3).values).toEqual([undefined, '2025-04', 2, 2, 2, 1, 250, 80]);
    // Not for teachers or students; the other school's admin gets their own school's file.
    expect((await s.app.inject({ method: 'GET', url: '/api/admin/report/export', headers: { authorization: `Bearer ${people.teacher}` } })).statusCode).toBe(403);
    const a = await s.app.inject({ method: 'GET', url: '/api/admin/report/export', headers: { authorization: `Bearer ${people.adminA}` } });
    expect(a.headers['content-disposition']).toContain('report-100002.xlsx');
  });

  it('turns a period into its time range', () => {
    expect(periodRange('year', '2026-11-26 10:00:00')).toEqual(['2026-01-01 00:00:00', '2027-01-01 00:00:00']);
    expect(periodRange('lastyear', '2026-11-26 10:00:00')).toEqual(['2025-01-01 00:00:00', '2026-01-01 00:00:00']);
    expect(periodRange('12m', '2026-11-26 10:00:00')).toEqual(['2025-12-01 00:00:00', null]);
    expect(periodRange('12m', '2026-12-02 10:00:00')).toEqual(['2026-01-01 00:00:00', null]);
    expect(periodRange('all')).toEqual([null, null]);
  });
});
