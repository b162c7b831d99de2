import { join } from 'node:path';
import Database from 'better-sqlite3';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, it } from 'vitest';
import { hashPassword } from '../../server/db/password';
import { dataDir, launchBrowser, openPage } from './browser';

// 修改密码 in the administration consoles: a school administrator and a platform administrator open it from the
// account menu, are held to the administrators' password rule, change it, are signed out and sign in with the new one.
let browser: Browser;
const tag = Date.now().toString(36).slice(-5);
const viewport = { width: 1366, height: 768 };

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => browser?.close());

async function addAdmin(role: 'admin' | 'platform', username: string, password: string) {
  const db = new Database(join(dataDir(), 'app.sqlite'));
  try {
    db.prepare(`insert into users (school_id, role, username, password_hash, realname, type, status) values (100002, ?, ?, ?, '改密管理员', 1, 1)`)
      .run(role, username, await hashPassword(password));
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
  it('a school administrator changes their password, is signed out, and signs in with the new one', async () => {
    await addAdmin('admin', `pwa${tag}`, 'Before2026');
    const page = await openPage(browser, '/admin/login', viewport);
    await signIn(page, `pwa${tag}`, 'Before2026');
    await page.waitForURL(/#\/admin\/classes$/);
    await changeOwnPassword(page, /#\/admin\/password$/, 'Before2026', 'After2027x');
    await signIn(page, `pwa${tag}`, 'Before2026');
    await page.getByText('账号或密码错误').first().waitFor();
    await signIn(page, `pwa${tag}`, 'After2027x');
    await page.waitForURL(/#\/admin\/classes$/);
  });

  it('a platform administrator does the same from the platform console', async () => {
    await addAdmin('platform', `pwp${tag}`, 'Before2026');
    const page = await openPage(browser, '/admin/login', viewport);
    await signIn(page, `pwp${tag}`, 'Before2026');
    await page.waitForURL(/#\/platform\/schools$/);
    await changeOwnPassword(page, /#\/platform\/password$/, 'Before2026', 'After2027y');
    await signIn(page, `pwp${tag}`, 'After2027y');
    await page.waitForURL(/#\/platform\/schools$/);
  });
});
