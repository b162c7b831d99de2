import { join } from 'node:path';
import Database from 'better-sqlite3';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashPassword } from '../../server/db/password';
import { adminCreate } from '../../server/ops/admin-create';
import { baseURL, dataDir, launchBrowser, loginAs, openPage } from './browser';

// The administration console as three people: the platform administrator (created by npm run admin:create, as at a
// deployment) sets up a school and its administrator; that administrator builds the organisation and approves a
// student's class application; the student then has the class. Everything here happens in a school this file creates.
let browser: Browser;
const tag = Date.now().toString(36).slice(-5);
const domain = `e2e${tag}`;
const schoolName = `测试医学院${tag}`;
const viewport = { width: 1366, height: 768 };
const dataFile = () => join(dataDir(), 'app.sqlite');
const query = <T>(sql: string, ...params: unknown[]): T[] => {
  const db = new Database(dataFile(), { readonly: true });
  try {
    return db.prepare(sql).all(...params) as T[];
  } finally {
    db.close();
  }
};
const toast = (page: Page, text: string) => page.getByText(text).first().waitFor({ timeout: 8000 });
/** The new school's own site: its sub-domain of localhost, which Chromium resolves to this machine. */
const schoolSite = () => {
  const url = new URL(baseURL());
  url.hostname = `${domain}.localhost`;
  return url.origin;
};

beforeAll(async () => {
  browser = await launchBrowser();
});

/** Pages of the test, photographed when it fails (ADMIN_E2E_SHOTS=<dir>), to see what the browser showed. */
const pages: Page[] = [];
afterAll(async () => {
  const dir = process.env.ADMIN_E2E_SHOTS;
  if (dir) for (const [i, page] of pages.entries()) await page.screenshot({ path: join(dir, `admin-e2e-${i}.png`) }).catch(() => undefined);
  await browser?.close();
});

async function signIn(page: Page, username: string, password: string) {
  await page.locator('#root_username').fill(username);
  await page.locator('#root_password').fill(password);
  await page.getByRole('button', { name: '登录' }).click();
}

/** Opens the toolbar form `button`, fills text fields and picks select options, and saves. */
async function fillDialog(page: Page, button: string, fields: Record<string, string>, picks: Record<string, string> = {}) {
  await page.getByRole('button', { name: button }).click();
  const dialog = page.getByRole('dialog').first();
  for (const [field, option] of Object.entries(picks)) {
    await dialog.locator(`#root_${field}`).click();
    await page.getByRole('option', { name: option, exact: true }).click();
  }
  for (const [field, value] of Object.entries(fields)) await dialog.locator(`#root_${field}`).fill(value);
  await dialog.getByRole('button', { name: '保存' }).click();
  await page.getByRole('dialog').waitFor({ state: 'detached', timeout: 8000 }); // saved: the dialog closes, the list reloads
}

describe('administration console', () => {
  it('platform admin creates a school and its admin → the admin builds the organisation and approves a class application → the student has the class', async () => {
    // Deployment: the first platform administrator comes from the command (npm run admin:create, run in-process here).
    const made = await adminCreate(['--username', `root${tag}`, '--password', 'Root2026pass'], { DATA_DIR: dataDir(), DATABASE_URL: '' });
    expect(made.out).toContain(`已创建平台管理员 root${tag}`);

    // The platform administrator: a console page asks for the admin login, then a new school and its administrator.
    const platform = await openPage(browser, '/platform/schools', viewport);
    pages.push(platform);
    await platform.waitForURL(/#\/admin\/login\?redirect=/);
    await signIn(platform, `root${tag}`, 'Root2026pass');
    await platform.waitForURL(/#\/platform\/schools$/);
    await fillDialog(platform, '新建学校', { school_name: schoolName, domain_name: domain });
    const schoolRow = platform.getByTestId('table-row').filter({ hasText: schoolName });
    await schoolRow.waitFor();
    await schoolRow.getByRole('button', { name: '管理员' }).click();
    await platform.waitForURL(/#\/platform\/admins\?school_id=/);
    await fillDialog(platform, '新建学校管理员', { username: `admin${tag}`, realname: '王管理', password: 'School2026' });
    await platform.getByTestId('table-row').filter({ hasText: `admin${tag}` }).waitFor();

    // The school administrator, on the school's own site: department → major → grade → class.
    const admin = await browser.newPage({ viewport });
    pages.push(admin);
    await admin.goto(`${schoolSite()}/#/admin/login`);
    await signIn(admin, `admin${tag}`, 'School2026');
    await admin.waitForURL(/#\/admin\/classes$/);
    await expect.poll(() => admin.getByTestId('staff-shell').innerText()).toContain(schoolName);
    await admin.getByRole('link', { name: '院系' }).click();
    await fillDialog(admin, '新建院系', { department_name: '口腔医学院' });
    const deptRow = admin.getByTestId('table-row').filter({ hasText: '口腔医学院' });
    await deptRow.getByRole('button', { name: '专业' }).click();
    await admin.waitForURL(/#\/admin\/majors\?depart_id=/);
    await fillDialog(admin, '新建专业', { major_name: '口腔医学' }); // the department is preset from the page it came from
    await admin.getByTestId('table-row').filter({ hasText: '口腔医学' }).getByRole('button', { name: '年级' }).click();
    await admin.waitForURL(/#\/admin\/grades\?major_id=/);
    await fillDialog(admin, '新建年级', { grade_name: '2026级' });
    await admin.getByTestId('table-row').filter({ hasText: '2026级' }).getByRole('button', { name: '班级' }).click();
    await admin.waitForURL(/#\/admin\/classes\?grade_id=/);
    await fillDialog(admin, '新建班级', { class_name: '口腔2026级1班' });

    await admin.getByTestId('table-row').filter({ hasText: '口腔2026级1班' }).waitFor();
    const [klass] = query<{ id: number; grade_id: number; major_id: number; depart_id: number; school_id: number }>(
      `select c.id, c.grade_id, g.major_id, m.depart_id, d.school_id from classes c join grades g on g.id = c.grade_id join majors m on m.id = g.major_id
       join departments d on d.id = m.depart_id where c.class_name = '口腔2026级1班' and d.school_id = (select id from schools where domain_name = ?)`, domain);
    expect(klass).toBeDefined();

    // A student applied for the class (type 4 待审核); learning waits for the review.
    const db = new Database(dataFile());
    db.prepare(`insert into users (school_id, role, username, password_hash, realname, mobile, type, depart_id, major_id, grade_id, class_id)
      values (?, 'student', ?, ?, '李同学', ?, 4, ?, ?, ?, ?)`).run(klass.school_id, `stu${tag}`, await hashPassword('demo123'), `139${String(Date.now()).slice(-8)}`, klass.depart_id, klass.major_id, klass.grade_id, klass.id);
    db.close();
    const student = await browser.newPage({ viewport });
    pages.push(student);
    await student.goto(`${schoolSite()}/#/login`);
    await loginAs(student, `stu${tag}`, 'demo123');
    await student.waitForURL(/#\/ucenter\/practiceList/);
    await student.getByText('您的班级信息正在审核中，该功能暂不可用，请联系老师').first().waitFor();

    // The administrator approves it.
    await admin.getByRole('link', { name: '班级申请审核' }).click();
    const application = admin.getByTestId('table-row').filter({ hasText: '李同学' });
    await expect(application.textContent()).resolves.toContain('口腔2026级1班');
    await application.getByRole('button', { name: '通过' }).click();
    await admin.getByRole('dialog').getByRole('button', { name: '确定' }).click();
    await toast(admin, '已通过');
    await application.waitFor({ state: 'detached' });
    await admin.getByRole('link', { name: '操作日志' }).click();
    await admin.getByTestId('table-row').filter({ hasText: '通过 李同学 加入 口腔2026级1班 的申请' }).waitFor();

    // The student, at the next login, has the class: no review notice, the class in the profile.
    const again = await (await browser.newContext({ viewport, locale: 'zh-CN' })).newPage();
    pages.push(again);
    await again.goto(`${schoolSite()}/#/login?redirect=%2Fucenter%2Fprofile`);
    await loginAs(again, `stu${tag}`, 'demo123');
    await again.waitForURL(/#\/ucenter\/profile$/);
    await expect.poll(() => again.locator('body').innerText(), { timeout: 10_000 }).toContain('班级：口腔2026级1班');
    expect(await again.locator('body').innerText()).not.toContain('正在审核中');
    expect(query<{ type: number }>('select type from users where username = ? and school_id = ?', `stu${tag}`, klass.school_id)[0].type).toBe(1);
  }, 120_000); // the whole loop: 48 s alone under load, over 60 s beside five other browser files
});
