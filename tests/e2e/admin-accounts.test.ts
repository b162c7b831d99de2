import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import ExcelJS from 'exceljs';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashPassword } from '../../server/db/password';
import { dataDir, launchBrowser, loginAs, openPage } from './browser';

// Accounts in the administration console: the school administrator imports 50 students from an .xlsx (preview, then
// confirm) → one of them signs in with the initial password shown in the preview → is sent to 修改密码 before anything
// else → changes it, signs in again and sees the course list. Everything here uses accounts this file creates.
let browser: Browser;
const tag = Date.now().toString(36).slice(-5);
const viewport = { width: 1366, height: 768 };
const dataFile = () => join(dataDir(), 'app.sqlite');

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => browser?.close());

describe('administration console: accounts', () => {
  it('imports 50 students from an .xlsx → one signs in with the initial password → must change it → sees the courses', async () => {
    const db = new Database(dataFile());
    db.prepare(`insert into users (school_id, role, username, password_hash, realname, type, status) values (100002, 'admin', ?, ?, '导入管理员', 1, 1)`)
      .run(`acc${tag}`, await hashPassword('School2026'));
    const klass = db.prepare(`select c.class_name, g.grade_name, m.major_name, d.department_name from classes c join grades g on g.id = c.grade_id
      join majors m on m.id = g.major_id join departments d on d.id = m.depart_id where c.id = (select class_id from users where school_id = 100002 and username = 'demo')`)
      .get() as { class_name: string; grade_name: string; major_name: string; department_name: string };
    db.close();

    const book = new ExcelJS.Workbook();
    const sheet = book.addWorksheet('学生');
    sheet.addRow(['账号', '姓名', '学号', '院系', '专业', '年级', '班级']);
    for (let i = 1; i <= 50; i++) sheet.addRow([`im${tag}${String(i).padStart(2, '0')}`, `导入生${i}`, `${tag}${i}`, klass.department_name, klass.major_name, klass.grade_name, klass.class_name]);
    const file = join(mkdtempSync(join(tmpdir(), 'acc-import-')), '学生名单.xlsx');
    writeFileSync(file, Buffer.from(await book.xlsx.writeBuffer()));

    const admin = await openPage(browser, '/admin/login', viewport);
    await admin.locator('#root_username').fill(`acc${tag}`);
    await admin.locator('#root_password').fill('School2026');
    await admin.getByRole('button', { name: '登录' }).click();
    await admin.waitForURL(/#\/admin\/classes$/);
    await admin.getByRole('link', { name: '学生', exact: true }).click();
    await admin.waitForURL(/#\/admin\/students$/);
    await admin.locator('input[data-upload="admin/students/import"]').setInputFiles(file);
    await admin.waitForURL(/#\/admin\/accounts\/import\?id=\d+/);
    await admin.getByText('共 50 行，全部无误，确认后导入').waitFor();
    const row = admin.getByTestId('table-row').filter({ hasText: `im${tag}01` });
    const cells = await row.locator('td').allInnerTexts();
    const initial = cells[cells.length - 1].trim();
    expect(initial).toMatch(/^[a-z0-9]{10}$/);
    await admin.getByRole('button', { name: '确认导入' }).click();
    await admin.getByRole('dialog').getByRole('button', { name: '确定' }).click();
    // Confirming hashes 50 initial passwords: on a machine busy with the other test files that took over 30 s once.
    await admin.getByText(/已导入 50 个学生账号/).first().waitFor({ timeout: 90_000 });
    await admin.getByText(/已导入 50 个账号/).first().waitFor(); // the preview now says it was imported, passwords still shown

    const student = await openPage(browser, '/login', viewport);
    await loginAs(student, `im${tag}01`, initial);
    await student.waitForURL(/#\/ucenter\/changePassword\?reason=must-change/);
    // Any other page sends the student back while the password is the administrator's.
    await student.evaluate(() => { window.location.hash = '#/ucenter/practiceList'; });
    await expect.poll(() => student.url(), { timeout: 8000 }).toMatch(/#\/ucenter\/changePassword/);
    await student.locator('#root_old_password').fill(initial);
    await student.locator('#root_new_password').fill('mine2026x');
    await student.locator('#root_new_password_repeat').fill('mine2026x');
    await student.getByRole('button', { name: '确认修改' }).click();
    await student.waitForURL(/#\/login/);
    await loginAs(student, `im${tag}01`, 'mine2026x');
    await student.waitForURL(/#\/ucenter\/practiceList/);
    await student.locator('[data-testid="list-row"], [data-testid="course-card"]').first().waitFor({ timeout: 10_000 });
    expect(student.url()).not.toContain('changePassword');
  }, 180_000);

  it('a teacher whose password an administrator set is sent to 修改密码 in the teacher console, then works normally', async () => {
    const db = new Database(dataFile());
    db.prepare(`insert into users (school_id, role, username, password_hash, realname, type, status, must_change_password) values (100002, 'teacher', ?, ?, '新教师', 1, 1, 1)`)
      .run(`tch${tag}`, await hashPassword('Init2026x'));
    db.close();
    const teacher = await openPage(browser, '/teacher/login', viewport);
    await teacher.locator('#root_username').fill(`tch${tag}`);
    await teacher.locator('#root_password').fill('Init2026x');
    await teacher.getByRole('button', { name: '登录' }).click();
    await teacher.waitForURL(/#\/teacher\/password\?reason=must-change/);
    await teacher.evaluate(() => { window.location.hash = '#/teacher/assignments'; });
    await expect.poll(() => teacher.url(), { timeout: 8000 }).toMatch(/#\/teacher\/password/);
    await teacher.locator('#root_old_password').fill('Init2026x');
    await teacher.locator('#root_new_password').fill('mine2026y');
    await teacher.locator('#root_new_password_repeat').fill('mine2026y');
    await teacher.getByRole('button', { name: '确认修改' }).click();
    await teacher.waitForURL(/#\/teacher\/login/);
    await teacher.locator('#root_username').fill(`tch${tag}`);
    await teacher.locator('#root_password').fill('mine2026y');
    await teacher.getByRole('button', { name: '登录' }).click();
    await teacher.waitForURL(/#\/teacher\/home$/);
    await teacher.getByTestId('user-menu').click();
    await teacher.getByRole('menuitem', { name: '修改密码' }).waitFor();
  });
});
