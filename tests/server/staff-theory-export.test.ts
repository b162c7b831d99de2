import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DATABASES, startTestServer, type TestServer } from './harness';
import { staffPeople } from './staff-fixture';

function sheetRows(sheet: ExcelJS.Worksheet): unknown[][] {
  const rows: unknown[][] = [];
  sheet.eachRow({ includeEmpty: false }, (row) => rows.push((row.values as unknown[]).slice(1)));
  return rows;
}

/** 导出成绩 of a theory test: one row per student of the taught classes, and the statistics against full marks. */
describe.each(DATABASES)('teacher console: theory test score export on %s', (kind) => {
  let s: TestServer;
  let teacher1: string;
  let partner: string;
  let student: string;
  const download = (query: Record<string, number>, auth: { bearer?: string; cookie?: string } = {}) =>
    s.app.inject({
      method: 'GET', url: `/api/staff/theory/export?${new URLSearchParams(Object.entries(query).map(([k, v]) => [k, String(v)]))}`,
      headers: { host: 'localhost', ...(auth.bearer && { authorization: `Bearer ${auth.bearer}` }), ...(auth.cookie && { cookie: `token=${auth.cookie}` }) },
    });

  beforeAll(async () => {
    s = await startTestServer(kind);
    ({ teacher1, partner, student } = await staffPeople(s));
  });
  afterAll(async () => s?.close());

  it('exports every student with state and score, and average, pass and excellent rates and the bands of the final scores', async () => {
    const tests = (await s.get('staff/theory/tests', { page_size: 100 }, teacher1)).body.data.data as { id: number; name: string; finished: number }[];
    const test = tests.find((t) => t.finished > 0)!;
    expect(test).toBeTruthy();
    // Make the scores known: two finished papers with nothing left to grade, one at 60 % and one at 95 % of full marks.
    const db = s.opened.db;
    const full = Number((await db.selectFrom('theory_questions').select((eb) => eb.fn.sum<number>('poins').as('n')).where('test_id', '=', test.id).executeTakeFirstOrThrow()).n);
    const students: any[] = [];
    for (let page = 1; ; page++) {
      const reply = (await s.get('staff/theory/students', { test_id: test.id, page, page_size: 100 }, teacher1)).body.data;
      students.push(...reply.data);
      if (students.length >= reply.total) break;
    }
    const attempts = await db.selectFrom('theory_attempts').select(['id', 'user_id']).where('test_id', '=', test.id).where('status', '!=', 'in_progress')
      .where('user_id', 'in', students.map((st) => st.id)).execute();
    await db.deleteFrom('theory_answers').where('attempt_id', 'in', attempts.map((a) => a.id)).where('isright', '=', 0).execute();
    await db.updateTable('theory_attempts').set({ score: (full * 60) / 100 }).where('id', 'in', attempts.map((a) => a.id)).execute();
    await db.updateTable('theory_attempts').set({ score: (full * 95) / 100 }).where('id', '=', attempts[0].id).execute();

    const res = await download({ test_id: test.id }, { cookie: teacher1 });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-disposition']).toContain(encodeURIComponent(`${test.name}-成绩.xlsx`));
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const rows = sheetRows(book.getWorksheet('成绩')!);
    expect(rows[0]).toEqual(['班级', '学号', '姓名', '状态', '交卷时间', '得分', '待评分题数']);
    expect(rows).toHaveLength(students.length + 1);
    expect(rows.filter((r) => String(r[3]).startsWith('已交卷'))).toHaveLength(attempts.length);
    expect(rows.filter((r) => r[3] === '未参加')).toHaveLength(students.filter((st) => st.state === 'none').length);

    const stats = new Map(sheetRows(book.getWorksheet('统计')!).map((r) => [r[0], r[1]]));
    const n = attempts.length;
    expect(stats.get('满分')).toBe(full);
    expect(stats.get('计入统计人数')).toBe(n);
    expect(stats.get('平均分')).toBeCloseTo(((full * 95) / 100 + ((full * 60) / 100) * (n - 1)) / n, 2);
    expect(stats.get('及格率（≥60%）')).toBe(1);
    expect(stats.get('优秀率（≥90%）')).toBeCloseTo(1 / n, 5);
    expect(stats.get('90–100%')).toBe(1);
    expect(stats.get('60–69%')).toBe(n - 1);
  });

  it('keeps another school and students out (IDOR)', async () => {
    const test = ((await s.get('staff/theory/tests', { page_size: 100 }, teacher1)).body.data.data as { id: number }[])[0];
    const foreign = await download({ test_id: test.id }, { bearer: partner });
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json().message).toBe('考试不存在');
    expect((await download({ test_id: test.id }, { bearer: student })).statusCode).toBe(403);
    expect((await download({ test_id: test.id })).statusCode).toBe(401);
  });
});
