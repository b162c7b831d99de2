import type { Browser, Route } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { baseURL, launchBrowser } from './browser';

// What a student sees before data arrives and when it does not: the shell's outline instead of a white page, and a
// failure that says what failed with a retry instead of a blank screen.
let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => browser?.close());

async function signedIn(route: string, hold: { pattern: RegExp; handle: (route: Route) => unknown }) {
  const reply = await fetch(`${baseURL()}/api/user/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ username: 'demo', password: 'demo123', school_id: '100002' }),
  }).then((r) => r.json());
  const context = await browser.newContext({ viewport: { width: 1366, height: 768 }, locale: 'zh-CN' });
  await context.addCookies([{ name: 'token', value: reply.data.token, url: baseURL() }]);
  const page = await context.newPage();
  await page.route(hold.pattern, hold.handle);
  await page.goto(`${baseURL()}/#${route}`);
  return page;
}

describe('loading and failure states', () => {
  it('shows the shell outline, not a white page, until the site configuration arrives', async () => {
    let release: () => void = () => {};
    const held = new Promise<void>((r) => (release = r));
    const page = await signedIn('/ucenter/practiceList', { pattern: /\/api\/config/, handle: async (route) => { await held; await route.continue(); } });
    const outline = page.locator('.shell-skeleton');
    await outline.waitFor();
    const header = await outline.locator('.shell-skeleton__header').evaluate((el) => ({ height: el.getBoundingClientRect().height, color: getComputedStyle(el).backgroundColor }));
    expect(header.height).toBeGreaterThan(30);
    expect(header.color).not.toBe('rgba(0, 0, 0, 0)');
    expect(await outline.locator('.shell-skeleton__card').count()).toBe(3);
    release();
    await page.locator('header.app-header').waitFor();
    await page.getByTestId('course-card').first().waitFor({ timeout: 20_000 });
    expect(await outline.count()).toBe(0);
    await page.context().close();
  });

  it('says 个人信息加载失败 with a retry when the profile cannot be loaded, instead of a blank 个人中心', async () => {
    let fail = true;
    const page = await signedIn('/ucenter/myInfo', {
      pattern: /\/api\/user\/get_info/,
      handle: (route) => (fail ? route.fulfill({ status: 503, body: 'Service Unavailable' }) : route.continue()),
    });
    const failed = page.locator('[data-screen="my-info"]:not([hidden])').getByTestId('load-failed');
    await failed.waitFor({ timeout: 20_000 });
    expect(await failed.textContent()).toContain('个人信息加载失败');
    // The toast that came with it opens below the site header, not over its tabs.
    const toast = await page.locator('.mantine-Notification-root').first().boundingBox();
    const header = await page.locator('header.app-header').boundingBox();
    expect(toast!.y).toBeGreaterThanOrEqual(header!.y + header!.height);
    fail = false;
    await failed.getByRole('button', { name: '重新加载' }).click();
    await page.getByTestId('fact-username').waitFor({ timeout: 20_000 });
    expect(await page.getByTestId('fact-username').textContent()).toContain('demo');
    await page.context().close();
  });
});
