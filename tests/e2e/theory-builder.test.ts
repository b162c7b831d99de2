import { rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import dayjs from 'dayjs';
import ExcelJS from 'exceljs';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { describeFindings, seriousViolations } from './axe';
import { dataDir, launchBrowser, loginAs, openPage } from './browser';
import { pickDateTime } from './staff-forms';

// teacher1 imports questions and builds a test for 口腔医学2023级1班; stu00002 (that class, no other browser test uses it)
// takes it. Other students of the class see one more test in their list; no browser test counts that list.
let browser: Browser;
const tag = Date.now().toString(36);
const file = join(tmpdir(), `${tag}-题库.xlsx`);
const title = `题库抽题测验${tag}`;
const query = <T>(sql: string, ...params: unknown[]): T[] => {
  const db = new Database(join(dataDir(), 'app.sqlite'), { readonly: true });
  try {
    return db.prepare(sql).all(...params) as T[];
  } finally {
    db.close();
  }
};

beforeAll(async () => {
  browser = await launchBrowser();
  const book = new ExcelJS.Workbook();
  const sheet = book.addWorksheet('题目');
  sheet.addRow(['题型', '题目', '选项A', '选项B', '选项C', '选项D', '选项E', '选项F', '选项G', '选项H', '选项I', '选项J', '答案', '分值', '解析']);
  const blank = Array(6).fill('');
  for (let i = 1; i <= 3; i++) sheet.addRow(['单选', `${tag} 单选${i}：正确的是哪一项？`, '错一', `对${i}`, '错二', '错三', ...blank, 'B', 2, '']);
  for (let i = 1; i <= 2; i++) sheet.addRow(['判断', `${tag} 判断${i}：这句话是对的。`, '', '', '', '', ...blank, '正确', 1, '']);
  writeFileSync(file, Buffer.from(await book.xlsx.writeBuffer()));
});
afterAll(async () => {
  await browser?.close();
  rmSync(file, { force: true });
});

async function teacherPage(route: string): Promise<Page> {
  const page = await openPage(browser, route, { width: 1366, height: 768 });
  await page.waitForURL(/#\/teacher\/login/);
  await page.locator('#root_username').fill('teacher1');
  await page.locator('#root_password').fill('teacher123');
  await page.getByRole('button', { name: '登录' }).click();
  await page.waitForURL(new RegExp(`#${route}$`));
  return page;
}

describe('teacher console: question bank to a drawn theory test, taken by a student', () => {
  it('imports questions from .xlsx after the preview, builds a test by drawing, and a student of the class takes it', async () => {
    const teacher = await teacherPage('/teacher/bank');
    const chooser = teacher.waitForEvent('filechooser');
    await teacher.getByRole('button', { name: '导入题目' }).click();
    await (await chooser).setFiles(file);
    await teacher.waitForURL(/#\/teacher\/bank\/import\?id=\d+/);
    await teacher.getByText('共 5 道题，全部无误，确认后导入题库').waitFor();
    expect(query('select id from bank_questions where question like ?', `${tag}%`)).toHaveLength(0); // nothing saved before the confirmation
    await teacher.getByRole('button', { name: '确认导入' }).click();
    await teacher.getByRole('dialog').getByRole('button', { name: '确定' }).click();
    await teacher.waitForURL(/#\/teacher\/bank$/);
    await teacher.getByText('已导入 5 道题').waitFor();
    await teacher.getByRole('row').filter({ hasText: `${tag} 单选1` }).waitFor();

    // The question form passes axe: each option's input is named although its label is hidden.
    await teacher.getByRole('button', { name: '新增题目' }).click();
    await teacher.getByRole('dialog').locator('#root_options_0').waitFor();
    expect(describeFindings('新增题目', await seriousViolations(teacher, '[role="dialog"]'))).toEqual([]);
    await teacher.keyboard.press('Escape');
    await teacher.getByRole('dialog').waitFor({ state: 'detached' });

    await teacher.getByRole('link', { name: '理论考试' }).click();
    await teacher.getByRole('button', { name: '新建理论考试' }).click();
    const dialog = teacher.getByRole('dialog');
    await dialog.locator('#root_name').waitFor();
    // Empty (placeholders shown), then with its times picked (a clear button beside each): it passes axe both ways.
    expect(describeFindings('新建理论考试', await seriousViolations(teacher, '[role="dialog"]'))).toEqual([]);
    await dialog.locator('#root_name').fill(title);
    await pickDateTime(teacher, 'start_time', dayjs().subtract(1, 'hour').startOf('minute'));
    await pickDateTime(teacher, 'end_time', dayjs().add(1, 'day').hour(18).minute(0));
    expect(describeFindings('新建理论考试, times picked', await seriousViolations(teacher, '[role="dialog"]'))).toEqual([]);
    await dialog.locator('#root_times').fill('20');
    await dialog.locator('#root_class_ids').click();
    await teacher.getByRole('option', { name: '口腔医学2023级1班', exact: true }).click();
    await dialog.locator('#root_name').click(); // closes the class list
    await dialog.getByText('交卷后立即').click();
    // Draw 3 single-choice and 2 true/false questions: the bank holds exactly those of this file.
    for (const [i, [type, count]] of ([['单选题', '3'], ['判断题', '2']] as const).entries()) {
      await dialog.locator('fieldset').filter({ hasText: '随机抽题' }).getByRole('button').last().click();
      // A new row starts as 单选题; choosing the chosen option again would clear it.
      if (i > 0) {
        await dialog.locator(`#root_draw_${i}_type`).click();
        await teacher.getByRole('option', { name: type, exact: true }).click();
      }
      await expect(dialog.locator(`#root_draw_${i}_type`).inputValue()).resolves.toBe(type);
      await dialog.locator(`#root_draw_${i}_count`).fill(count);
    }
    await dialog.getByRole('button', { name: '保存' }).click();
    await teacher.getByText('保存成功，共 5 道题').waitFor();
    await teacher.getByRole('row').filter({ hasText: title }).getByText('已发布').waitFor();

    // The student finds it where the seeded tests are, and takes it.
    const student = await openPage(browser, '/ucenter/theorylist');
    await student.waitForURL(/#\/login\?redirect=/);
    await loginAs(student, 'stu00002', 'demo123');
    await student.getByTestId('table-row').filter({ hasText: title }).getByRole('button', { name: '进入考试' }).click();
    await student.getByRole('button', { name: '开始考试' }).click();
    const questions = student.getByTestId('theory-question');
    await questions.nth(4).waitFor();
    await expect(questions.count()).resolves.toBe(5);
    for (const q of await student.locator('[data-testid="theory-question"][data-type="1"]').all()) await q.getByLabel(/^B\./).check();
    for (const q of await student.locator('[data-testid="theory-question"][data-type="3"]').all()) await q.getByLabel(/正确/).check();
    await student.locator('[data-testid="save-status"][data-status="saved"]').waitFor({ timeout: 8000 });
    await student.getByRole('button', { name: '交卷' }).first().click();
    await student.getByRole('button', { name: '确认交卷' }).click();
    await student.waitForURL(/#\/ucenter\/answerlist/);
    await student.getByTestId('table-row').first().waitFor();
    const [attempt] = query<{ score: number; status: string }>(
      "select a.score, a.status from theory_attempts a join theory_tests t on t.id = a.test_id join users u on u.id = a.user_id where t.name = ? and u.username = 'stu00002'", title);
    expect(attempt).toEqual({ score: 8, status: 'submitted' });
  }, 120_000);
});
