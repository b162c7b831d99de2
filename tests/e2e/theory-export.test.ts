import ExcelJS from 'exceljs';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, openPage } from './browser';

// 导出成绩 on 理论考试 (teacher1): a browser download of the test's scores with its 统计 sheet.
let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

describe('teacher console: theory test score export', () => {
  it('downloads the scores of a test with handed-in papers as .xlsx', async () => {
    const page = await openPage(browser, '/teacher/theory', { width: 1366, height: 768 });
    await page.locator('#root_username').fill('teacher1');
    await page.locator('#root_password').fill('teacher123');
    await page.getByRole('button', { name: '登录' }).click();
    const row = page.getByTestId('table-row').filter({ has: page.getByRole('button', { name: '导出成绩' }) }).first();
    await row.waitFor();
    const name = (await row.locator('td').first().textContent())?.trim() ?? '';
    const [download] = await Promise.all([page.waitForEvent('download'), row.getByRole('button', { name: '导出成绩' }).click()]);
    expect(download.suggestedFilename()).toBe(`${name}-成绩.xlsx`);
    const book = new ExcelJS.Workbook();
    await book.xlsx.readFile(await download.path());
    expect(book.getWorksheet('成绩')!.getRow(1).getCell(6).value).toBe('得分');
    const labels: unknown[] = [];
    book.getWorksheet('统计')!.eachRow((r) => labels.push(r.getCell(1).value));
    expect(labels).toEqual(expect.arrayContaining(['平均分', '及格率（≥60%）', '优秀率（≥90%）', '90–100%']));
    await page.context().close();
  }, 90_000);
});
