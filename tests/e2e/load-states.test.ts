import type { Browser, Page, Route } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { baseURL, launchBrowser } from './browser';

const SERVER_BUSY = '服务器暂时无法响应，请稍后重试';

// What a student sees before data arrives and when it does not: the shell's outline instead of a white page, and a
// failure that says what failed with a retry instead of a blank screen.
let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => browser?.close());

/** Every toast that ever opened on the page, by its text (one may close by itself before a busy machine looks). */
const RECORD_TOASTS = () => {
  const seen: string[] = [];
  Object.assign(window, { toastsSeen: seen });
  new MutationObserver((changes) => {
    for (const change of changes) for (const node of change.addedNodes) {
      if (!(node instanceof Element)) continue;
      const toasts = node.matches('.mantine-Notification-root') ? [node] : [...node.querySelectorAll('.mantine-Notification-root')];
      for (const toast of toasts) seen.push(toast.textContent ?? '');
    }
  }).observe(document, { childList: true, subtree: true });
};
const toastsSeen = (page: Page) => page.evaluate(() => (window as unknown as { toastsSeen: string[] }).toastsSeen);

/** How many visible elements on the page say `text` themselves (a toast and a block would be two). */
const saidTimes = (page: Page, text: string) => page.getByText(text, { exact: false }).filter({ visible: true }).count();

/** Resolves after the browser has painted what the last update rendered. */
const afterPaint = (page: Page) => page.evaluate(() => new Promise<void>((done) => requestAnimationFrame(() => requestAnimationFrame(() => done()))));

/**
 * The site configuration as without the signed-in user's profile in it: the profile then loads by user/get_info, as
 * it does after a login (the path the profile's failure tests hold).
 */
const configWithoutProfile = async (route: Route) => {
  const reply = await route.fetch();
  const body = await reply.json();
  delete body.data.user;
  await route.fulfill({ response: reply, json: body });
};

async function signedIn(route: string, hold: { pattern: RegExp; handle: (route: Route) => unknown }, opts: { profileInConfig?: boolean } = {}) {
  const reply = await fetch(`${baseURL()}/api/user/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ username: 'demo', password: 'demo123', school_id: '100002' }),
  }).then((r) => r.json());
  const context = await browser.newContext({ viewport: { width: 1366, height: 768 }, locale: 'zh-CN' });
  await context.addCookies([{ name: 'token', value: reply.data.token, url: baseURL() }]);
  const page = await context.newPage();
  await page.addInitScript(RECORD_TOASTS);
  await page.route(hold.pattern, hold.handle);
  if (opts.profileInConfig === false) await page.route(/\/api\/config(\?|$)/, configWithoutProfile);
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

  it('says 站点配置加载失败 with 重新加载 when the configuration cannot be loaded, and shows the page once it can', async () => {
    let fail = true;
    const page = await signedIn('/ucenter/practiceList', {
      pattern: /\/api\/config(\?|$)/,
      handle: (route) => (fail ? route.fulfill({ status: 503, body: 'Service Unavailable' }) : route.continue()),
    });
    await page.getByText('站点配置加载失败', { exact: false }).waitFor({ timeout: 20_000 });
    expect(await page.locator('.shell-skeleton').count()).toBe(0);
    fail = false;
    await page.getByRole('button', { name: '重新加载' }).click();
    await page.getByTestId('course-card').first().waitFor({ timeout: 20_000 });
    expect(await saidTimes(page, '站点配置加载失败')).toBe(0);
    await page.context().close();
  });

  it('says 个人信息加载失败 with a retry when the profile cannot be loaded, instead of a blank 个人中心 — once, not as a toast too', async () => {
    let fail = true;
    const page = await signedIn('/ucenter/myInfo', {
      pattern: /\/api\/user\/get_info/,
      handle: (route) => (fail ? route.fulfill({ status: 503, body: 'Service Unavailable' }) : route.continue()),
    }, { profileInConfig: false });
    const failed = page.locator('[data-screen="my-info"]:not([hidden])').getByTestId('load-failed');
    await failed.waitFor({ timeout: 20_000 });
    expect(await failed.textContent()).toContain('个人信息加载失败');
    expect(await failed.textContent()).toContain(SERVER_BUSY);
    // The shell's profile load failed in the background (a toast on any other page); the block now says it, so the
    // toast is gone well before it would close by itself (4 s).
    await expect.poll(() => saidTimes(page, SERVER_BUSY), { timeout: 2_000 }).toBe(1);
    fail = false;
    await failed.getByRole('button', { name: '重新加载' }).click();
    await page.getByTestId('fact-username').waitFor({ timeout: 20_000 });
    expect(await page.getByTestId('fact-username').textContent()).toContain('demo');
    await page.context().close();
  });

  it('says a list that failed to load once, in its block with 重新加载, never also as a toast', async () => {
    let fail = true;
    const page = await signedIn('/ucenter/practiceList', {
      pattern: /\/api\/learn\/get(\?|$)/,
      handle: (route) => (fail ? route.fulfill({ status: 503, body: 'Service Unavailable' }) : route.continue()),
    });
    const failed = page.locator('[data-screen="practice-list"]:not([hidden])').getByTestId('load-failed');
    await failed.waitFor({ timeout: 20_000 });
    expect(await failed.textContent()).toContain('实训项目加载失败');
    await afterPaint(page);
    expect(await saidTimes(page, SERVER_BUSY)).toBe(1);
    expect(await toastsSeen(page)).toEqual([]);
    fail = false;
    await failed.getByRole('button', { name: '重新加载' }).click();
    await page.getByTestId('course-card').first().waitFor({ timeout: 20_000 });
    expect(await toastsSeen(page)).toEqual([]);
    await page.context().close();
  });

  it('toasts a background failure no screen shows, below the site header, not over its tabs', async () => {
    // The catalogue waits for the profile; the failed profile load is said by a toast (no block shows it).
    const page = await signedIn('/ucenter/practiceList', {
      pattern: /\/api\/user\/get_info/,
      handle: (route) => route.fulfill({ status: 503, body: 'Service Unavailable' }),
    }, { profileInConfig: false });
    const toast = page.locator('.mantine-Notification-root', { hasText: SERVER_BUSY });
    await toast.waitFor({ timeout: 20_000 });
    // The pointer on it holds it open (it closes by itself after 4 s, which a loaded machine can spend before looking);
    // hovering also waits until it has stopped moving.
    await toast.hover({ timeout: 10_000 });
    const header = await page.locator('header.app-header').boundingBox({ timeout: 10_000 });
    // Where it comes to rest: it slides in from above.
    await expect.poll(async () => (await toast.boundingBox({ timeout: 1_000 }))!.y, { timeout: 5_000 }).toBeGreaterThanOrEqual(header!.y + header!.height);
    expect(await saidTimes(page, SERVER_BUSY)).toBe(1);
    await page.context().close();
  });
});
