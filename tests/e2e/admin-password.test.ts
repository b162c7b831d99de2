import { join } from 'node:path';
import Database from 'better-sqlite3';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashPassword } from '../../server/db/password';
import { dataDir, launchBrowser, openPage } from './browser';

// 修改密码 outside the student side: a platform administrator opens it from the account menu, is held to the
// administrators' password rule, changes it, is signed out and signs in with the new one; a teacher whose password an
// administrator set is held on the teacher console's 修改密码 until it is changed. (A school administrator's forced
// change after the platform administrator created the account is part of the console loop, admin-console.test.ts.)
let browser: Browser;
const tag = Date.now().toString(36).slice(-5);
const viewport = { width: 1366, height: 768 };

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => browser?.close());

async function addAccount(role: 'teacher' | 'platform', username: string, password: string, mustChange = 0) {
  const db = new Database(join(dataDir(), 'app.sqlite'));
  try {
    db.prepare(`insert into users (school_id, role, username, password_hash, realname, type, status, must_change_password) values (100002, ?, ?, ?, '改密用户', 1, 1, ?)`)
      .run(role, username, await hashPassword(password), mustChange);
  } finally {
    db.close();
  }
}

async function signIn(page: Page, username: string, password: string) {
  await page.locator('#root_username').fill(username);
  await page.locator('#root_password').fill(password);
  await page.getByRole('button', { name: '登录' }).click();
}

async function changeOwnPassword(page: Page, route: RegExp, oldPassword: string, next: string) {
  await page.getByTestId('user-menu').click();
  await page.getByRole('menuitem', { name: '修改密码' }).click();
  await page.waitForURL(route);
  await page.locator('#root_old_password').fill(oldPassword);
  // A password a student may use is too weak for an administrator: the form says so and sends nothing.
  await page.locator('#root_new_password').fill('abcdefgh');
  await page.locator('#root_new_password_repeat').fill('abcdefgh');
  await page.getByRole('button', { name: '确认修改' }).click();
  await page.getByText('密码须同时包含字母和数字，且只能为数字或者英文').first().waitFor();
  await page.locator('#root_new_password').fill(next);
  await page.locator('#root_new_password_repeat').fill(next);
  await page.getByRole('button', { name: '确认修改' }).click();
  // Signed out to the login page itself: the next login goes to the console's home, not back to 修改密码.
  await page.waitForURL(/#\/admin\/login$/);
}

describe('administration consoles: 修改密码', () => {
  it('a platform administrator changes their password from the account menu, is signed out, and signs in with the new one', async () => {
    await addAccount('platform', `pwp${tag}`, 'Before2026');
    const page = await openPage(browser, '/admin/login', viewport);
    await signIn(page, `pwp${tag}`, 'Before2026');
    await page.waitForURL(/#\/platform\/schools$/);
    await changeOwnPassword(page, /#\/platform\/password$/, 'Before2026', 'After2027y');
    await signIn(page, `pwp${tag}`, 'After2027y');
    await page.waitForURL(/#\/platform\/schools$/);
  });

  it('a teacher whose password an administrator set is sent to 修改密码 in the teacher console, then works normally', async () => {
    await addAccount('teacher', `tch${tag}`, 'Init2026x', 1);
    const teacher = await openPage(browser, '/teacher/login', viewport);
    await signIn(teacher, `tch${tag}`, 'Init2026x');
    await teacher.waitForURL(/#\/teacher\/password\?reason=must-change/);
    // Another page, asked for, gives way to 修改密码 again (the hash is read live, so the check cannot pass early).
    expect(await teacher.evaluate(() => { window.location.hash = '#/teacher/assignments'; return window.location.hash; })).toBe('#/teacher/assignments');
    await expect.poll(() => teacher.evaluate(() => window.location.hash), { timeout: 8000 }).toMatch(/^#\/teacher\/password/);
    await teacher.locator('#root_old_password').fill('Init2026x');
    await teacher.locator('#root_new_password').fill('mine2026y');
    await teacher.locator('#root_new_password_repeat').fill('mine2026y');
    await teacher.getByRole('button', { name: '确认修改' }).click();
    await teacher.waitForURL(/#\/teacher\/login/);
    await signIn(teacher, `tch${tag}`, 'mine2026y');
    await teacher.waitForURL(/#\/teacher\/home$/);
    await teacher.getByTestId('user-menu').click();
    await teacher.getByRole('menuitem', { name: '修改密码' }).waitFor();
  });
});
