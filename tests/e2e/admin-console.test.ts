import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import ExcelJS from 'exceljs';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminCreate } from '../../server/ops/admin-create';
import { baseURL, dataDir, launchBrowser, loginAs, smsCode } from './browser';

// The two loops, in a school this file creates through the console: the platform administrator (made by
// npm run admin:create, as at a deployment) creates the school and its administrator → the administrator replaces the
// initial password, builds department → major → grade → class, imports 50 students from an .xlsx, registers a course
// with the built-in demo simulation and shows it to the class → an imported student changes the initial password,
// finds the course, launches it and sees the score in 成绩中心 (and the administrator in 实验统计). Then a student
// registers by SMS, applies for the class → the administrator approves → the student can learn the class's course.
// The steps are separate tests sharing this state, in order; each needs the ones before it.
let browser: Browser;
const tag = Date.now().toString(36).slice(-5);
const domain = `e2e${tag}`;
const schoolName = `测试医学院${tag}`;
const className = '口腔2026级1班';
const courseName = `根管治疗训练${tag}`;
const adminUser = `admin${tag}`;
const adminPassword = 'Mine2026adm';
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
const rows = (page: Page) => page.locator('[data-screen]:not([hidden])').getByTestId('table-row');
/** The new school's own site: its sub-domain of localhost, which Chromium resolves to this machine. */
const schoolSite = () => {
  const url = new URL(baseURL());
  url.hostname = `${domain}.localhost`;
  return url.origin;
};
/** A page in a fresh browser context (no cookies) on the new school's site (or on `base`). */
const freshPage = async (route: string, base = schoolSite()) => {
  const page = await (await browser.newContext({ viewport, locale: 'zh-CN' })).newPage();
  pages.push(page);
  await page.goto(`${base}/#${route}`);
  return page;
};
/** The course's card in the practice list, found by its name (the shared catalogue fills the first pages). */
async function findCourse(page: Page) {
  const search = page.getByPlaceholder('搜索实训项目');
  await search.fill(courseName);
  await search.press('Enter');
  return page.locator('[data-screen]:not([hidden])').getByTestId('course-card').filter({ hasText: courseName });
}

/** Pages of the test, photographed at the end (ADMIN_E2E_SHOTS=<dir>), to see what the browser showed. */
const pages: Page[] = [];
let admin: Page;
let importedUser: string;
let importedInitial: string;

beforeAll(async () => {
  browser = await launchBrowser();
});
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
  // Saved: the dialog closes, the list reloads. A dialog still open says what it shows (a refusal under a field).
  await page.getByRole('dialog').waitFor({ state: 'detached', timeout: 8000 })
    .catch(async (error: Error) => { throw new Error(`「${button}」 not saved: ${(await dialog.innerText().catch(() => '')).replace(/\s+/g, ' ')}\n${error.message}`); });
}

/** Going to `hash` while the password is the administrator's lands back on 修改密码 (the hash is read live). */
async function sentBack(page: Page, hash: string, back: RegExp) {
  expect(await page.evaluate((to) => { window.location.hash = to; return window.location.hash; }, hash)).toBe(hash);
  await expect.poll(() => page.evaluate(() => window.location.hash), { timeout: 8000 }).toMatch(back);
}

/** 修改密码 with the initial password (forced before anything else); the page then signs out to its login page. */
async function changeInitialPassword(page: Page, initial: string, next: string) {
  await page.locator('#root_old_password').fill(initial);
  await page.locator('#root_new_password').fill(next);
  await page.locator('#root_new_password_repeat').fill(next);
  await page.getByRole('button', { name: '确认修改' }).click();
}

describe('administration console: a new school from creation to a student\'s score', () => {
  it('platform admin creates a school and its admin → the admin must replace the initial password → builds the organisation', async () => {
    const made = await adminCreate(['--username', `root${tag}`, '--password', 'Root2026pass'], { DATA_DIR: dataDir(), DATABASE_URL: '' });
    expect(made.out).toContain(`已创建平台管理员 root${tag}`);

    // The platform administrator: a console page asks for the admin login, then a new school and its administrator.
    const platform = await freshPage('/platform/schools', baseURL());
    await platform.waitForURL(/#\/admin\/login\?redirect=/);
    await signIn(platform, `root${tag}`, 'Root2026pass');
    await platform.waitForURL(/#\/platform\/schools$/);
    await fillDialog(platform, '新建学校', { school_name: schoolName, domain_name: domain });
    const schoolRow = rows(platform).filter({ hasText: schoolName });
    await schoolRow.getByRole('button', { name: '管理员' }).click();
    await platform.waitForURL(/#\/platform\/admins\?school_id=/);
    await fillDialog(platform, '新建学校管理员', { username: adminUser, realname: '王管理', password: 'School2026' });
    await rows(platform).filter({ hasText: adminUser }).waitFor();
    await platform.context().close();

    // The school administrator, on the school's own site, is held on 修改密码 until the platform's password is replaced.
    admin = await freshPage('/admin/login');
    await signIn(admin, adminUser, 'School2026');
    await admin.waitForURL(/#\/admin\/password\?reason=must-change$/);
    await sentBack(admin, '#/admin/students', /^#\/admin\/password/);
    await admin.locator('#root_old_password').fill('School2026');
    // A password a student may use is too weak for an administrator: the form says so and sends nothing.
    await admin.locator('#root_new_password').fill('abcdefgh');
    await admin.locator('#root_new_password_repeat').fill('abcdefgh');
    await admin.getByRole('button', { name: '确认修改' }).click();
    await admin.getByText('密码须同时包含字母和数字，且只能为数字或者英文').first().waitFor();
    await changeInitialPassword(admin, 'School2026', adminPassword);
    await admin.waitForURL(/#\/admin\/login$/);
    await signIn(admin, adminUser, 'School2026');
    await admin.getByText('账号或密码错误').first().waitFor();
    await signIn(admin, adminUser, adminPassword);
    await admin.waitForURL(/#\/admin\/classes$/);
    await expect.poll(() => admin.getByTestId('staff-shell').innerText()).toContain(schoolName);

    // department → major → grade → class, each level opened from its parent's row (which presets the parent).
    await admin.getByRole('link', { name: '院系' }).click();
    await fillDialog(admin, '新建院系', { department_name: '口腔医学院' });
    await rows(admin).filter({ hasText: '口腔医学院' }).getByRole('button', { name: '专业' }).click();
    await admin.waitForURL(/#\/admin\/majors\?depart_id=/);
    await fillDialog(admin, '新建专业', { major_name: '口腔医学' });
    await rows(admin).filter({ hasText: '口腔医学' }).getByRole('button', { name: '年级' }).click();
    await admin.waitForURL(/#\/admin\/grades\?major_id=/);
    await fillDialog(admin, '新建年级', { grade_name: '2026级' });
    await rows(admin).filter({ hasText: '2026级' }).getByRole('button', { name: '班级' }).click();
    await admin.waitForURL(/#\/admin\/classes\?grade_id=/);
    await fillDialog(admin, '新建班级', { class_name: className });
    await rows(admin).filter({ hasText: className }).waitFor();
    const chain = query<{ department_name: string }>(
      `select d.department_name from classes c join grades g on g.id = c.grade_id join majors m on m.id = g.major_id join departments d on d.id = m.depart_id
       where c.class_name = ? and d.school_id = (select id from schools where domain_name = ?)`, className, domain);
    expect(chain).toEqual([{ department_name: '口腔医学院' }]);
  }, 120_000);

  it('the administrator imports 50 students from an .xlsx: preview with initial passwords, then confirm', async () => {
    const book = new ExcelJS.Workbook();
    const sheet = book.addWorksheet('学生');
    sheet.addRow(['账号', '姓名', '学号', '班级']);
    for (let i = 1; i <= 50; i++) sheet.addRow([`im${tag}${String(i).padStart(2, '0')}`, `导入生${i}`, `${tag}${i}`, className]);
    const file = join(mkdtempSync(join(tmpdir(), 'acc-import-')), '学生名单.xlsx');
    writeFileSync(file, Buffer.from(await book.xlsx.writeBuffer()));

    await admin.getByRole('link', { name: '学生', exact: true }).click();
    await admin.waitForURL(/#\/admin\/students$/);
    await admin.locator('input[data-upload="admin/students/import"]').setInputFiles(file);
    await admin.waitForURL(/#\/admin\/accounts\/import\?id=\d+/);
    await admin.getByText('共 50 行，全部无误，确认后导入').waitFor();
    importedUser = `im${tag}01`;
    const cells = await rows(admin).filter({ hasText: importedUser }).locator('td').allInnerTexts();
    importedInitial = cells[cells.length - 1].trim();
    expect(importedInitial).toMatch(/^[a-z0-9]{10}$/);
    await admin.getByRole('button', { name: '确认导入' }).click();
    await admin.getByRole('dialog').getByRole('button', { name: '确定' }).click();
    // Confirming hashes 50 initial passwords: on a machine busy with the other test files that took over 30 s once.
    await admin.getByText(/已导入 50 个学生账号/).first().waitFor({ timeout: 90_000 });
    await admin.getByText(/已导入 50 个账号/).first().waitFor(); // the preview now says it was imported, passwords still shown
    const counted = query<{ n: number }>(`select count(*) as n from users u join classes c on c.id = u.class_id
      where u.role = 'student' and u.must_change_password = 1 and c.class_name = ? and u.school_id = (select id from schools where domain_name = ?)`, className, domain);
    expect(counted[0].n).toBe(50);
  }, 150_000);

  it('registers a course with the demo simulation for the class → an imported student changes the password, launches it, sees the score', async () => {
    // A category of the platform's shared tree (a new school has none of its own).
    const [type] = query<{ name: string; parent: string }>(`select c.name, p.name as parent from learn_categories c join learn_categories p on p.id = c.parent_id
      where c.school_id is null order by c.sort, c.id limit 1`);
    await admin.getByRole('link', { name: '课程', exact: true }).click();
    await admin.waitForURL(/#\/admin\/courses$/);
    await admin.getByRole('button', { name: '新建课程' }).click();
    const dialog = admin.getByRole('dialog').first();
    await dialog.locator('#root_name').fill(courseName);
    await dialog.locator('#root_category_id').click();
    await admin.getByRole('option', { name: `${type.parent} / ${type.name}`, exact: true }).click();
    await dialog.getByLabel('已发布').check();
    await dialog.locator('#root_url').fill('/sim/demo');
    // The simulation's steps, which the simulation reads back from sim/session.
    const steps = dialog.locator('#root_sim_steps');
    for (const [i, name] of ['开髓', '根管预备'].entries()) {
      await steps.getByRole('button', { name: '添加一项' }).click();
      await dialog.locator(`#root_sim_steps_${i}`).fill(name);
    }
    await dialog.getByRole('button', { name: '保存' }).click();
    await admin.getByRole('dialog').waitFor({ state: 'detached', timeout: 8000 });
    const row = rows(admin).filter({ hasText: courseName });
    await expect.poll(() => row.textContent()).toContain('全校');
    await row.getByRole('button', { name: '可见班级' }).click();
    const classes = admin.getByRole('dialog').first();
    await classes.locator('#root_class_ids').click();
    await admin.getByRole('option', { name: className, exact: true }).click();
    await admin.keyboard.press('Escape'); // closes the class list, not the dialog
    await classes.getByRole('button', { name: '保存' }).click();
    await admin.getByRole('dialog').waitFor({ state: 'detached', timeout: 8000 });
    await expect.poll(() => row.textContent()).toContain('1 个班级');

    // The imported student: the initial password from the preview, replaced before anything else.
    const student = await freshPage('/login');
    await loginAs(student, importedUser, importedInitial);
    await student.waitForURL(/#\/ucenter\/changePassword\?reason=must-change/);
    await sentBack(student, '#/ucenter/practiceList', /^#\/ucenter\/changePassword/);
    await changeInitialPassword(student, importedInitial, 'mine2026x');
    await student.waitForURL(/#\/login/);
    await loginAs(student, importedUser, 'mine2026x');
    await student.waitForURL(/#\/ucenter\/practiceList/);
    await (await findCourse(student)).click();
    await student.waitForURL(/#\/courses\/\d+\/details-introduce/);
    const popup = student.context().waitForEvent('page');
    await student.getByRole('button', { name: '开始学习' }).click();
    const sim = await popup;
    pages.push(sim);
    await sim.waitForURL(/\/sim\/demo\?token=[0-9a-f]{64}/);
    await sim.getByText('学员：导入生1').waitFor();
    await sim.getByText('步骤 2：根管预备（满分 50）').waitFor();
    for (const step of [1, 2]) await sim.locator(`li[data-step="${step}"]`).getByRole('button', { name: '规范完成' }).click();
    await sim.getByRole('button', { name: '提交成绩' }).click();
    await sim.getByText('成绩已提交：100 分').waitFor();

    await student.locator('header.app-header').getByRole('link', { name: '成绩中心' }).click();
    await student.waitForURL(/#\/ucenter\/practices/);
    await expect.poll(() => rows(student).filter({ hasText: courseName }).first().textContent(), { timeout: 15_000 }).toContain('100');

    // The administrator's 实验统计 counts it at once: the only student and session of this new school.
    await admin.getByRole('link', { name: '实验统计' }).click();
    const cells = (text: string) => rows(admin).filter({ hasText: text }).locator('td').allTextContents();
    await expect.poll(() => cells(courseName), { timeout: 15_000 }).toEqual([courseName, '1', '1', '1', '100.0%', expect.any(String), '100']);
    const [record] = query<{ created_at: string }>(`select s.created_at from score_records s join users u on u.id = s.user_id
      where u.username = ? and u.school_id = (select id from schools where domain_name = ?)`, importedUser, domain);
    const month = record.created_at.slice(0, 7);
    await admin.getByRole('button', { name: '按月份', exact: true }).click();
    await expect.poll(async () => (await cells(month)).slice(0, 3), { timeout: 15_000 }).toEqual([month, '1', '1']);
  }, 150_000);

  it('a student registers by SMS and applies for the class → the administrator approves → the student can learn', async () => {
    const username = `sms${tag}`;
    const mobile = `136${String(Date.now()).slice(-8)}`;
    const student = await freshPage('/login');
    await student.getByRole('button', { name: '注册账号' }).click();
    await student.getByPlaceholder('请输入手机号').fill(mobile);
    await student.getByTestId('sms-send').click();
    await expect.poll(() => student.getByTestId('sms-send').textContent()).toMatch(/已发送$/);
    await student.getByPlaceholder('请输入短信验证码').fill(await smsCode(mobile));
    await student.getByPlaceholder('请输入账号').fill(username);
    await student.getByPlaceholder('请输入密码').fill('Secret2026');
    await student.getByRole('checkbox').check();
    await student.getByRole('button', { name: '注册', exact: true }).click();
    await student.getByTestId('login-tab-4').waitFor();
    await student.getByRole('button', { name: '返回登录' }).click();
    await student.evaluate(() => { window.location.hash = '#/login?redirect=%2Fucenter%2Fprofile'; });
    await loginAs(student, username, 'Secret2026');
    await student.waitForURL(/#\/ucenter\/profile$/);

    // No class yet: the student chooses the new school's only one, an application the school reviews.
    const panel = student.getByTestId('class-change');
    await panel.getByText('您还没有加入班级').waitFor();
    for (const [level, name] of [['院系', '口腔医学院'], ['专业', '口腔医学'], ['年级', '2026级'], ['班级', className]]) {
      await panel.getByPlaceholder(`请选择${level}`).click();
      await student.getByRole('option', { name, exact: true }).click();
    }
    await panel.getByRole('button', { name: '提交审核' }).click();
    await toast(student, '已提交，请等待审核');
    await toast(student, '您的班级信息正在审核中，该功能暂不可用，请联系老师');

    await admin.getByRole('link', { name: '班级申请审核' }).click();
    const application = rows(admin).filter({ hasText: username });
    await expect.poll(() => application.textContent()).toContain(className);
    await application.getByRole('button', { name: '通过' }).click();
    await admin.getByRole('dialog').getByRole('button', { name: '确定' }).click();
    await toast(admin, '已通过');
    await application.waitFor({ state: 'detached' });
    await admin.getByRole('link', { name: '操作日志' }).click();
    await rows(admin).filter({ hasText: `加入 ${className} 的申请` }).first().waitFor();

    // The student, on the next page load, has the class and sees the course shown only to it.
    await student.reload();
    await expect.poll(() => student.locator('body').innerText(), { timeout: 15_000 }).toContain(`班级：${className}`);
    await expect.poll(() => student.locator('body').innerText(), { timeout: 15_000 }).not.toContain('正在审核中');
    await student.evaluate(() => { window.location.hash = '#/ucenter/practiceList'; });
    await student.waitForURL(/#\/ucenter\/practiceList/);
    await (await findCourse(student)).waitFor({ timeout: 15_000 });
    expect(await student.locator('body').innerText()).not.toContain('正在审核中');
  }, 120_000);
});
