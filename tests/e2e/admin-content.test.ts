import { join } from 'node:path';
import Database from 'better-sqlite3';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashPassword } from '../../server/db/password';
import { baseURL, dataDir, launchBrowser, openPage } from './browser';

// Content in the administration console: a school administrator writes an article (its HTML cleaned on the way in),
// which the public article call then serves, and reads the school's branding and feature switches with the YAML file
// and line behind each (read-only). Uses an administrator this file creates.
let browser: Browser;
const tag = Date.now().toString(36).slice(-5);
const viewport = { width: 1366, height: 768 };
const dataFile = () => join(dataDir(), 'app.sqlite');

beforeAll(async () => {
  browser = await launchBrowser();
  const db = new Database(dataFile());
  db.prepare(`insert into users (school_id, role, username, password_hash, realname, type, status) values (100002, 'admin', ?, ?, '内容管理员', 1, 1)`)
    .run(`wadm${tag}`, await hashPassword('Admin2026pass'));
  db.close();
});
afterAll(async () => browser?.close());

describe('administration console: content', () => {
  it('admin writes an article that the site then serves cleaned, and sees branding and switches with their YAML source', async () => {
    const admin = await openPage(browser, '/admin/articles', viewport);
    await admin.waitForURL(/#\/admin\/login\?redirect=/);
    await admin.locator('#root_username').fill(`wadm${tag}`);
    await admin.locator('#root_password').fill('Admin2026pass');
    await admin.getByRole('button', { name: '登录' }).click();
    await admin.waitForURL(/#\/admin\/articles$/);
    await admin.getByTestId('table-row').filter({ hasText: '注册页用户协议' }).waitFor();

    const title = `实训室守则${tag}`;
    await admin.getByRole('button', { name: '新建文章' }).click();
    const dialog = admin.getByRole('dialog').first();
    await dialog.locator('#root_title').fill(title);
    await dialog.locator('#root_content').fill('<p>进入实训室须<b>穿白大褂</b></p><script>alert(1)</script>');
    await dialog.getByRole('button', { name: '保存' }).click();
    await admin.getByRole('dialog').waitFor({ state: 'detached', timeout: 8000 });
    const row = admin.getByTestId('table-row').filter({ hasText: title });
    await expect.poll(() => row.textContent()).toContain('本校');

    const id = (new Database(dataFile(), { readonly: true }).prepare('select id from articles where title = ?').get(title) as { id: number }).id;
    const served = await fetch(`${baseURL()}/api/web/get_article_info`, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: `article_id=${id}` }).then((r) => r.json());
    expect(served.data.content).toBe('<p>进入实训室须<b>穿白大褂</b></p>');

    await admin.getByRole('link', { name: '品牌与功能开关' }).click();
    await admin.waitForURL(/#\/admin\/settings$/);
    const register = admin.getByTestId('table-row').filter({ hasText: '允许注册' });
    await expect.poll(() => register.textContent()).toMatch(/config\/schools\/(default|100002)\.yaml:\d+/);
    await admin.getByText('品牌与功能开关（只读）').first().waitFor();
  });
});
