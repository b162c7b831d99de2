import { join } from 'node:path';
import Database from 'better-sqlite3';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashPassword } from '../../server/db/password';
import { dataDir, launchBrowser, loginAs, openPage, smsCode } from './browser';

// The self-registration loop: a student registers by SMS, chooses a class in 个人中心 (an application, 待审核) → the
// school administrator approves it in 班级申请审核 → the student has the class and can learn. Uses a new mobile number,
// a new account and an administrator this file creates (the dev SMS gateway exposes the code to tests).
let browser: Browser;
const tag = Date.now().toString(36).slice(-5);
const mobile = `136${String(Date.now()).slice(-8)}`;
const viewport = { width: 1366, height: 768 };
const dataFile = () => join(dataDir(), 'app.sqlite');
const row = (username: string) => new Database(dataFile(), { readonly: true })
  .prepare('select type, class_id from users where username = ? and school_id = 100002').get(username) as { type: number; class_id: number | null } | undefined;
const toast = (page: Page, text: string) => page.getByText(text).first().waitFor();

beforeAll(async () => {
  browser = await launchBrowser();
  const db = new Database(dataFile());
  db.prepare(`insert into users (school_id, role, username, password_hash, realname, type, status) values (100002, 'admin', ?, ?, '审核管理员', 1, 1)`)
    .run(`radm${tag}`, await hashPassword('Admin2026pass'));
  db.close();
});
afterAll(async () => browser?.close());

describe('administration console: a class application from SMS registration to approval', () => {
  it('student registers by SMS and applies for a class → the administrator approves → the student has the class', async () => {
    const username = `sms${tag}`;
    const student = await openPage(browser, '/login', viewport);
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
    expect(row(username)).toMatchObject({ class_id: null });

    // 个人中心: no class yet, so the student chooses one, which the school reviews.
    await student.getByRole('button', { name: '返回登录' }).click();
    await student.evaluate(() => { window.location.hash = '#/login?redirect=%2Fucenter%2Fprofile'; });
    await loginAs(student, username, 'Secret2026');
    await student.waitForURL(/#\/ucenter\/profile$/);
    const panel = student.getByTestId('class-change');
    await panel.getByText('您还没有加入班级').waitFor();
    for (const level of ['院系', '专业', '年级', '班级']) {
      await panel.getByPlaceholder(`请选择${level}`).click();
      await student.getByRole('option').first().click();
    }
    await panel.getByRole('button', { name: '提交审核' }).click();
    await toast(student, '已提交，请等待审核');
    const applied = row(username)!;
    expect(applied.type).toBe(4);
    expect(applied.class_id).toBeGreaterThan(0);
    await toast(student, '您的班级信息正在审核中，该功能暂不可用，请联系老师');

    // The school administrator approves it.
    const admin = await openPage(browser, '/admin/applications', viewport);
    await admin.waitForURL(/#\/admin\/login\?redirect=/);
    await admin.locator('#root_username').fill(`radm${tag}`);
    await admin.locator('#root_password').fill('Admin2026pass');
    await admin.getByRole('button', { name: '登录' }).click();
    await admin.waitForURL(/#\/admin\/applications$/);
    const application = admin.getByTestId('table-row').filter({ hasText: username });
    await application.getByRole('button', { name: '通过' }).click();
    await admin.getByRole('dialog').getByRole('button', { name: '确定' }).click();
    await toast(admin, '已通过');
    await application.waitFor({ state: 'detached' });
    expect(row(username)).toMatchObject({ type: 1, class_id: applied.class_id });

    // The student, on the next page load, has the class: no review notice, the course list opens.
    await student.reload();
    await student.waitForURL(/#\/ucenter\/profile$/);
    // The profile kept in the tab is refreshed in the background; the notice follows it.
    await expect.poll(() => student.locator('body').innerText(), { timeout: 15_000 }).toMatch(/班级：\S+/);
    await expect.poll(() => student.locator('body').innerText(), { timeout: 15_000 }).not.toContain('正在审核中');
    await student.evaluate(() => { window.location.hash = '#/ucenter/practiceList'; });
    await student.locator('[data-testid="list-row"], [data-testid="course-card"]').first().waitFor({ timeout: 15_000 });
    expect(await student.locator('body').innerText()).not.toContain('正在审核中');
  });
});
