import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DATABASES, startTestServer, type TestServer } from './harness';
import { staffPeople } from './staff-fixture';

const HEADER = ['序号', '考核项目', '满分', '得分', '用时(秒)'];
const steps = (first: number, second: number) => JSON.stringify([HEADER, [1, '体位与支点', 20, first, 60], [2, '操作过程', 50, second, 300]]);

function sheetRows(sheet: ExcelJS.Worksheet): unknown[][] {
  const rows: unknown[][] = [];
  sheet.eachRow({ includeEmpty: false }, (row) => rows.push((row.values as unknown[]).slice(1)));
  return rows;
}

/** 班级成绩's step and questionnaire figures: the list's columns, the per-class detail and the .xlsx, scoped to taught classes. */
describe.each(DATABASES)('teacher console: class results by step and questionnaire on %s', (kind) => {
  let s: TestServer;
  let people: Awaited<ReturnType<typeof staffPeople>>;
  let learnId: number;
  let className: string;
  let learnName: string;

  beforeAll(async () => {
    s = await startTestServer(kind);
    people = await staffPeople(s);
    const db = s.opened.db;
    // One course's records and answers of the demo class made known: three attempts with step rows, one with pictures.
    const learn = await db.selectFrom('learns').select(['id', 'name']).orderBy('id').executeTakeFirstOrThrow();
    learnId = learn.id;
    learnName = learn.name;
    className = (await db.selectFrom('classes').select('class_name').where('id', '=', people.demoClass).executeTakeFirstOrThrow()).class_name;
    const students = await db.selectFrom('users').select(['id', 'grade_id']).where('class_id', '=', people.demoClass).where('role', '=', 'student').orderBy('id').limit(3).execute();
    const ids = (await db.selectFrom('users').select('id').where('class_id', '=', people.demoClass).execute()).map((u) => u.id);
    await db.deleteFrom('score_records').where('learn_id', '=', learnId).where('user_id', 'in', ids).execute();
    await db.deleteFrom('questionnaire_answers').where('learn_id', '=', learnId).where('user_id', 'in', ids).execute();
    const at = '2026-11-20 10:00:00';
    const record = (i: number, total: number, detail: string) => ({
      user_id: students[i].id, learn_id: learnId, class_id: people.demoClass, grade_id: students[i].grade_id, created_at: at, total_score: total, total_time: 600, detail,
    });
    await db.insertInto('score_records').values([
      record(0, 50, steps(20, 30)), record(1, 60, steps(10, 50)), record(2, 60, steps(20, 40)), record(2, 95, JSON.stringify(['/uploads/a.png'])),
    ]).execute();
    const answer = (i: number, estimate: number, know: number[], resource: string, perspective: string) => ({
      user_id: students[i].id, learn_id: learnId, estimate, know: JSON.stringify(know), resource, perspective, created_at: at,
    });
    await db.insertInto('questionnaire_answers').values([
      answer(0, 0, [0, 1], '希望增加病例', '手感真实'), answer(1, 0, [1], '希望增加病例', '界面清楚'), answer(2, 2, [1, 3], '', '手感真实'),
    ]).execute();
  });
  afterAll(async () => s?.close());

  it('adds the step students lose most on, the questionnaire count and the most chosen satisfaction to each row', async () => {
    const rows = (await s.get('staff/results', { keyword: learnName, page_size: 100 }, people.teacher1)).body.data.data;
    expect(rows.find((r: any) => r.class_id === people.demoClass && r.learn_id === learnId)).toMatchObject({
      attempts: 4, participants: 3, weak_step: '操作过程 80%', evaluated: 3, satisfaction: '非常满意 66.7%',
    });
  });

  it('gives the figures of every step and the questionnaire counted per option', async () => {
    const res = await s.get('staff/results/detail', { class_id: people.demoClass, learn_id: learnId }, people.teacher1);
    expect(res.status).toBe(200);
    const detail = res.body.data;
    expect(detail).toMatchObject({ class_name: className, learn_name: learnName, attempts: 4, evaluated: 3, steps_total: 2 });
    expect(detail.steps).toEqual([
      { no: 1, name: '体位与支点', full: 20, average: 16.7, lost: 3.3, loss_rate: 33.3, score_rate: 83.3, attempts: 3 },
      { no: 2, name: '操作过程', full: 50, average: 40, lost: 10, loss_rate: 66.7, score_rate: 80, attempts: 3 },
    ]);
    const answers = (question: number) => detail.survey.filter((r: any) => r.question === question).map((r: any) => [r.answer, r.count, r.percent]);
    expect(answers(1)).toEqual([['非常满意', 2, 66.7], ['满意', 0, 0], ['一般', 1, 33.3], ['不满意', 0, 0]]);
    expect(answers(2)).toEqual([['操作流程', 1, 33.3], ['器械使用', 3, 100], ['评分要点', 0, 0], ['临床思维', 1, 33.3]]);
    expect(answers(3)).toEqual([['希望增加病例', 2, 66.7]]);
    expect(answers(4)).toEqual([['手感真实', 2, 66.7], ['界面清楚', 1, 33.3]]);
  });

  it('pages the questionnaire and step rows when the screen asks for a page (a large class answers with many texts)', async () => {
    const whole = (await s.get('staff/results/detail', { class_id: people.demoClass, learn_id: learnId }, people.teacher1)).body.data;
    const second = (await s.get('staff/results/detail', { class_id: people.demoClass, learn_id: learnId, page: 2, page_size: 5 }, people.teacher1)).body.data;
    expect(second.survey).toEqual(whole.survey.slice(5, 10));
    expect(second.survey_total).toBe(whole.survey.length);
    expect(second.steps).toEqual([]);
    expect(second.steps_total).toBe(2);
  });

  it('exports the rows, the steps and the questionnaire as .xlsx, with the token cookie as a browser download', async () => {
    const res = await s.app.inject({ method: 'GET', url: `/api/staff/results/export?keyword=${encodeURIComponent(learnName)}`, headers: { host: 'localhost', cookie: `token=${people.teacher1}` } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('spreadsheetml');
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    expect(book.worksheets.map((w) => w.name)).toEqual(['班级成绩', '步骤得分', '问卷', '说明']);
    const summary = sheetRows(book.getWorksheet('班级成绩')!).find((r) => r[0] === className && r[1] === learnName)!;
    expect(summary.slice(2, 4)).toEqual([3, 4]);
    expect(summary.slice(9)).toEqual(['操作过程 80%', 3, '非常满意 66.7%']);
    const stepRows = sheetRows(book.getWorksheet('步骤得分')!).filter((r) => r[0] === className && r[1] === learnName);
    expect(stepRows.map((r) => r.slice(2, 7))).toEqual([[1, '体位与支点', 20, 16.7, 3.3], [2, '操作过程', 50, 40, 10]]);
    const survey = sheetRows(book.getWorksheet('问卷')!).filter((r) => r[0] === className && r[1] === learnName);
    expect(survey.find((r) => r[4] === '器械使用')?.slice(5)).toEqual([3, 1]);
    // Only the rows the keyword finds, as the list shows them, and the 说明 sheet says so.
    const shown = (await s.get('staff/results', { keyword: learnName, page_size: 100 }, people.teacher1)).body.data;
    expect(sheetRows(book.getWorksheet('班级成绩')!).slice(1).map((r) => `${r[0]}|${r[1]}`))
      .toEqual(shown.data.map((r: { class_name: string; learn_name: string }) => `${r.class_name}|${r.learn_name}`));
    const about = Object.fromEntries(sheetRows(book.getWorksheet('说明')!).map((r) => [r[0], r[1]]));
    expect(about['范围']).toBe(`按页面上的筛选导出：班级或实训项目含“${learnName}”`);
    expect(about['行数']).toBe(`${shown.total} 行（班级 × 实训项目）`);
  });

  it('exports every taught class and course when the list is not filtered', async () => {
    const res = await s.app.inject({ method: 'GET', url: '/api/staff/results/export', headers: { host: 'localhost', cookie: `token=${people.teacher1}` } });
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const total = (await s.get('staff/results', { page_size: 100 }, people.teacher1)).body.data.total;
    expect(sheetRows(book.getWorksheet('班级成绩')!).length - 1).toBe(total);
    expect(sheetRows(book.getWorksheet('说明')!).find((r) => r[0] === '范围')?.[1]).toBe('全部任教班级（页面上没有筛选）');
  });

  it('says when no step stands out, and lists no questionnaire rows when nobody answered', async () => {
    const db = s.opened.db;
    const student = await db.selectFrom('users').select(['id', 'grade_id']).where('class_id', '=', people.demoClass).where('role', '=', 'student').orderBy('id').executeTakeFirstOrThrow();
    const other = await db.selectFrom('learns').select(['id', 'name']).where('id', '!=', learnId).orderBy('id').executeTakeFirstOrThrow();
    const ids = (await db.selectFrom('users').select('id').where('class_id', '=', people.demoClass).execute()).map((u) => u.id);
    await db.deleteFrom('score_records').where('learn_id', '=', other.id).where('user_id', 'in', ids).execute();
    await db.deleteFrom('questionnaire_answers').where('learn_id', '=', other.id).where('user_id', 'in', ids).execute();
    await db.insertInto('score_records').values({
      user_id: student.id, learn_id: other.id, class_id: people.demoClass, grade_id: student.grade_id, created_at: '2026-11-21 10:00:00', total_score: 60, total_time: 600, detail: steps(12, 30),
    }).execute();
    const detail = (await s.get('staff/results/detail', { class_id: people.demoClass, learn_id: other.id }, people.teacher1)).body.data;
    expect(detail).toMatchObject({ attempts: 1, evaluated: 0, survey: [], survey_total: 0 });
    const rows = (await s.get('staff/results', { keyword: other.name, page_size: 100 }, people.teacher1)).body.data.data;
    expect(rows.find((r: any) => r.class_id === people.demoClass && r.learn_id === other.id)).toMatchObject({ weak_step: '各步均为 60%', evaluated: 0, satisfaction: '' });
  });

  it('keeps other teachers, other schools and students out (IDOR)', async () => {
    const query = { class_id: people.demoClass, learn_id: learnId };
    for (const outsider of [people.teacher3, people.partner]) {
      const res = await s.get('staff/results/detail', query, outsider);
      expect(res.status).toBe(404);
      expect(res.body.message).toBe('班级不存在');
      const xlsx = await s.app.inject({ method: 'GET', url: '/api/staff/results/export', headers: { host: 'localhost', authorization: `Bearer ${outsider}` } });
      expect(xlsx.statusCode).toBe(200);
      const book = new ExcelJS.Workbook();
      await book.xlsx.load(xlsx.rawPayload as unknown as ArrayBuffer);
      expect(sheetRows(book.getWorksheet('班级成绩')!).some((r) => r[0] === className)).toBe(false);
    }
    // A class of the school teacher1 does not teach.
    expect((await s.get('staff/results/detail', { class_id: people.otherClass, learn_id: learnId }, people.teacher1)).status).toBe(404);
    expect((await s.get('staff/results/detail', query, people.student)).status).toBe(403);
    expect((await s.get('staff/results/detail', query)).status).toBe(401);
    expect((await s.app.inject({ method: 'GET', url: '/api/staff/results/export', headers: { host: 'localhost', authorization: `Bearer ${people.student}` } })).statusCode).toBe(403);
    expect((await s.get('staff/results/detail', { class_id: people.demoClass, learn_id: 0 }, people.teacher1)).status).toBe(422);
  });
});
