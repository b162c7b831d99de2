import { join } from 'node:path';
import Database from 'better-sqlite3';
import ExcelJS from 'exceljs';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dataDir, launchBrowser } from './browser';
import { query, teacherPage } from './staff-work';

// 班级成绩 → 步骤与问卷 → 问卷统计, and 导出成绩: the step students lose points on and the questionnaire, as teacher1 sees them.
let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

const HEADER = ['序号', '考核项目', '满分', '得分', '用时(秒)'];

describe('class results by step and questionnaire', () => {
  it('names the weak step in the list, shows every step and the questionnaire counted, and exports them', async () => {
    const [student] = query<{ id: number; class_id: number; grade_id: number; class_name: string }>(
      `select u.id, u.class_id, u.grade_id, c.class_name from users u join classes c on c.id = u.class_id join teacher_classes tc on tc.class_id = u.class_id
       where tc.teacher_id = (select id from users where username = 'teacher1' and school_id = 100002) and u.role = 'student' order by u.id limit 1`,
    );
    // A course this class has no records or answers for yet: its figures are only the ones written here.
    const [learn] = query<{ id: number; name: string }>(
      `select id, name from learns l where not exists (select 1 from score_records r join users u on u.id = r.user_id where r.learn_id = l.id and u.class_id = ?)
       and not exists (select 1 from questionnaire_answers q join users u on u.id = q.user_id where q.learn_id = l.id and u.class_id = ?) order by id limit 1`,
      student.class_id, student.class_id,
    );
    const db = new Database(join(dataDir(), 'app.sqlite'));
    try {
      const add = db.prepare('insert into score_records (user_id, learn_id, class_id, grade_id, total_score, total_time, detail) values (?, ?, ?, ?, ?, ?, ?)');
      add.run(student.id, learn.id, student.class_id, student.grade_id, 75, 600, JSON.stringify([HEADER, [1, '体位与支点', 20, 20, 60], [2, '操作过程', 50, 25, 300]]));
      add.run(student.id, learn.id, student.class_id, student.grade_id, 90, 500, JSON.stringify([HEADER, [1, '体位与支点', 20, 18, 60], [2, '操作过程', 50, 35, 300]]));
      db.prepare('insert into questionnaire_answers (user_id, learn_id, estimate, know, resource, perspective) values (?, ?, ?, ?, ?, ?)')
        .run(student.id, learn.id, 1, '[1,2]', '希望增加病例', '步骤提示清楚');
    } finally {
      db.close();
    }

    const page = await teacherPage(browser, '/teacher/results');
    await page.getByPlaceholder('搜索班级或实训项目').fill(learn.name);
    await page.keyboard.press('Enter');
    // The course's row is also on the unfiltered first page: wait until the list shows rows and only the search's (a
    // list still loading shows placeholders, no rows), which is when the toolbar's export has the keyword too.
    const rows = page.getByTestId('table-row');
    await expect.poll(async () => (await rows.count()) > 0 && (await rows.filter({ hasNotText: learn.name }).count()) === 0, { timeout: 20_000 }).toBe(true);
    const row = page.getByTestId('table-row').filter({ hasText: student.class_name }).filter({ hasText: learn.name });
    await row.getByText('操作过程 60%').waitFor();
    await row.getByText('满意 100%').waitFor();

    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: '导出成绩' }).click()]);
    expect(download.suggestedFilename()).toMatch(/^班级成绩-\d{4}-\d\d-\d\d\.xlsx$/);
    const book = new ExcelJS.Workbook();
    await book.xlsx.readFile(await download.path());
    // The file holds what the list shows after the search (before, every taught class and course), and says so.
    const summary: unknown[][] = [];
    book.getWorksheet('班级成绩')!.eachRow((r) => summary.push((r.values as unknown[]).slice(1)));
    expect(summary.length).toBeGreaterThan(1);
    expect(summary.slice(1).filter((r) => !String(r[0]).includes(learn.name) && !String(r[1]).includes(learn.name))).toEqual([]);
    const about: unknown[][] = [];
    book.getWorksheet('说明')!.eachRow((r) => about.push((r.values as unknown[]).slice(1)));
    expect(about.find((r) => r[0] === '范围')?.[1]).toBe(`按页面上的筛选导出：班级或实训项目含“${learn.name}”`);
    const steps: unknown[][] = [];
    book.getWorksheet('步骤得分')!.eachRow((r) => steps.push((r.values as unknown[]).slice(1)));
    expect(steps.filter((r) => r[0] === student.class_name && r[1] === learn.name).map((r) => [r[3], r[5]])).toEqual([['体位与支点', 19], ['操作过程', 30]]);

    await row.getByRole('button', { name: '步骤与问卷' }).or(row.getByRole('link', { name: '步骤与问卷' })).click();
    // 班级成绩 stays alive behind it: read the screen that is shown.
    const shown = page.locator('[data-screen]:not([hidden])');
    await shown.getByText(`${student.class_name} · ${learn.name}`).waitFor();
    const operation = shown.getByTestId('table-row').filter({ hasText: '操作过程' });
    await operation.waitFor();
    expect((await operation.innerText()).split(/\s+/)).toEqual(['2', '操作过程', '50', '30', '20', '60%', '100%', '2']);

    await shown.getByRole('button', { name: '问卷统计' }).or(shown.getByRole('link', { name: '问卷统计' })).click();
    await shown.getByText('1 名学生填写了问卷').waitFor();
    const tools = shown.getByTestId('table-row').filter({ hasText: '器械使用' });
    expect((await tools.innerText()).split(/\s+/).slice(-2)).toEqual(['1', '100%']);
    await shown.getByTestId('table-row').filter({ hasText: '步骤提示清楚' }).waitFor();
    await page.context().close();
  }, 120_000);
});
