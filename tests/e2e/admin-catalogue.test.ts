import { join } from 'node:path';
import Database from 'better-sqlite3';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashPassword } from '../../server/db/password';
import { baseURL, dataDir, launchBrowser, loginAs, openPage } from './browser';

// A school administrator registers a course with its simulation and makes it visible to one class → a student of that
// class finds it in the practice list, starts it (the built-in demo simulation at /sim/…) and gets a score, which the
// administrator's 实验统计 shows at once (per course, and in its month as recounted from the records). Runs in the
// demo school with a class, a student and an administrator this file creates, so no other test sees the course.
let browser: Browser;
const tag = Date.now().toString(36).slice(-5);
const viewport = { width: 1366, height: 768 };
const courseName = `演练课程${tag}`;
const className = `演练班${tag}`;
const dataFile = () => join(dataDir(), 'app.sqlite');
const pages: Page[] = [];

beforeAll(async () => {
  browser = await launchBrowser();
  const db = new Database(dataFile());
  try {
    const grade = db.prepare(`select g.id, g.major_id, m.depart_id from grades g join majors m on m.id = g.major_id join departments d on d.id = m.depart_id
      where d.school_id = 100002 order by g.id limit 1`).get() as { id: number; major_id: number; depart_id: number };
    const klass = Number(db.prepare('insert into classes (grade_id, class_name) values (?, ?)').run(grade.id, className).lastInsertRowid);
    db.prepare(`insert into users (school_id, role, username, password_hash, realname, type, status, depart_id, major_id, grade_id, class_id)
      values (100002, 'student', ?, ?, '赵同学', 1, 1, ?, ?, ?, ?)`).run(`cstu${tag}`, await hashPassword('demo123'), grade.depart_id, grade.major_id, grade.id, klass);
    db.prepare(`insert into users (school_id, role, username, password_hash, realname, type, status) values (100002, 'admin', ?, ?, '课程管理员', 1, 1)`)
      .run(`cadm${tag}`, await hashPassword('Admin2026pass'));
  } finally {
    db.close();
  }
});

afterAll(async () => {
  const dir = process.env.ADMIN_E2E_SHOTS;
  if (dir) for (const [i, page] of pages.entries()) await page.screenshot({ path: join(dir, `admin-catalogue-${i}.png`) }).catch(() => undefined);
  await browser?.close();
});

describe('administration console: catalogue', () => {
  it('admin registers a course and its simulation, shows it to one class → that class\'s student launches it and gets a score → 实验统计 counts it at once', async () => {
    const [type] = new Database(dataFile(), { readonly: true }).prepare(`select c.name, p.name as parent from learn_categories c join learn_categories p on p.id = c.parent_id
      where c.school_id is null order by c.sort, c.id limit 1`).all() as { name: string; parent: string }[];

    const admin = await openPage(browser, '/admin/courses', viewport);
    pages.push(admin);
    await admin.waitForURL(/#\/admin\/login\?redirect=/);
    await admin.locator('#root_username').fill(`cadm${tag}`);
    await admin.locator('#root_password').fill('Admin2026pass');
    await admin.getByRole('button', { name: '登录' }).click();
    await admin.waitForURL(/#\/admin\/courses$/);

    // 新建课程: name, category, published, the demo simulation's address.
    await admin.getByRole('button', { name: '新建课程' }).click();
    const dialog = admin.getByRole('dialog').first();
    await dialog.locator('#root_name').fill(courseName);
    await dialog.locator('#root_category_id').click();
    await admin.getByRole('option', { name: `${type.parent} / ${type.name}`, exact: true }).click();
    await dialog.getByLabel('已发布').check();
    await dialog.locator('#root_url').fill('/sim/demo');
    await dialog.getByRole('button', { name: '保存' }).click();
    await admin.getByRole('dialog').waitFor({ state: 'detached', timeout: 8000 });
    const row = admin.getByTestId('table-row').filter({ hasText: courseName });
    await expect.poll(() => row.textContent()).toContain('全校');

    // 可见班级: only the new class.
    await row.getByRole('button', { name: '可见班级' }).click();
    const classes = admin.getByRole('dialog').first();
    await classes.locator('#root_class_ids').click();
    await admin.getByRole('option', { name: className, exact: true }).click();
    await admin.keyboard.press('Escape'); // closes the class list, not the dialog
    await classes.getByRole('button', { name: '保存' }).click();
    await admin.getByRole('dialog').waitFor({ state: 'detached', timeout: 8000 });
    await expect.poll(() => row.textContent()).toContain('1 个班级');

    // The student of that class finds it in the practice list and starts it.
    const student = await (await browser.newContext({ viewport, locale: 'zh-CN' })).newPage();
    pages.push(student);
    await student.goto(`${baseURL()}/#/login`);
    await loginAs(student, `cstu${tag}`, 'demo123');
    await student.waitForURL(/#\/ucenter\/practiceList/);
    const search = student.getByPlaceholder('搜索实训项目');
    await search.fill(courseName);
    await search.press('Enter');
    const card = student.locator('[data-screen]:not([hidden])').getByTestId('course-card').filter({ hasText: courseName });
    await card.click();
    await student.waitForURL(/#\/courses\/\d+\/details-introduce/);
    const popup = student.context().waitForEvent('page');
    await student.getByRole('button', { name: '开始学习' }).click();
    const sim = await popup;
    pages.push(sim);
    await sim.waitForURL(/\/sim\/demo\?token=[0-9a-f]{64}/);
    await sim.getByText('学员：赵同学').waitFor();
    for (let step = 1; step <= 4; step++) await sim.locator(`li[data-step="${step}"]`).getByRole('button', { name: '规范完成' }).click();
    await sim.getByRole('button', { name: '提交成绩' }).click();
    await sim.getByText('成绩已提交：100 分').waitFor();

    const db = new Database(dataFile(), { readonly: true });
    const record = db.prepare(`select s.total_score, l.name, s.created_at from score_records s join learns l on l.id = s.learn_id join users u on u.id = s.user_id
      where u.username = ? and u.school_id = 100002`).get(`cstu${tag}`) as { total_score: number; name: string; created_at: string };
    // The month's figures counted from the records themselves, the new result among them.
    const month = record.created_at.slice(0, 7);
    const counted = db.prepare(`select count(distinct s.user_id) as participants, count(*) as sessions from score_records s join users u on u.id = s.user_id
      where u.school_id = 100002 and u.role = 'student' and substr(s.created_at, 1, 7) = ?`).get(month) as { participants: number; sessions: number };
    db.close();
    expect(record).toMatchObject({ total_score: 100, name: courseName });

    // The administrator's 实验统计 shows it at once: the course's row, and the month's 实验人数 and 实验人次.
    await admin.goto(`${baseURL()}/#/admin/report`);
    const cells = (text: string) => admin.locator('[data-screen]:not([hidden])').getByTestId('table-row').filter({ hasText: text }).locator('td').allTextContents();
    await expect.poll(() => cells(courseName), { timeout: 15_000 }).toEqual([courseName, '1', '1', '1', '100.0%', expect.any(String), '100']);
    await admin.getByRole('button', { name: '按月份', exact: true }).click();
    await expect.poll(async () => (await cells(month)).slice(0, 3), { timeout: 15_000 }).toEqual([month, String(counted.participants), String(counted.sessions)]);
  }, 120_000);
});
