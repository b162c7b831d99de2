import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { baseURL, launchBrowser } from './browser';
import { signIn } from './staff-work';

// What a first visit fetches before the page shows its content (issue 18): the login form and a signed-in student's
// practice list are drawn without the form library (rjsf and its validator, ~125 KB compressed), which loads with the
// first form that needs it. The byte budgets are checked on a production build by tests/unit/first-load-budget.test.ts
// (this suite's site is built with React's development build); this file catches code that fetches more at start.

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => browser?.close());

/**
 * The script files (and the API calls) a fresh visit requested until `ready` resolved; `inspect` looks at the page
 * then, before it is closed.
 */
async function scriptsBefore(route: string, ready: (page: Page) => Promise<void>, token?: string, calls: string[] = [], inspect?: (page: Page) => Promise<void>): Promise<string[]> {
  const context = await browser.newContext({ viewport: { width: 1366, height: 768 }, locale: 'zh-CN' });
  if (token) await context.addCookies([{ name: 'token', value: token, url: baseURL() }]);
  // For each API call, whether the page had been drawn by React when the call was sent (the header: index.html's
  // outline has none).
  await context.addInitScript(() => {
    const sent: Record<string, boolean> = {};
    (window as unknown as { sentBeforeRender: Record<string, boolean> }).sentBeforeRender = sent;
    const send = window.fetch;
    window.fetch = (input, init) => {
      const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
      const call = url.split('api/')[1]?.split('?')[0];
      if (call && !(call in sent)) sent[call] = !document.querySelector('header.app-header');
      return send(input, init);
    };
  });
  const page = await context.newPage();
  const files: string[] = [];
  page.on('request', (request) => {
    const { pathname } = new URL(request.url());
    if (request.resourceType() === 'script') files.push(pathname.split('/').pop() ?? '');
    if (pathname.startsWith('/api/')) calls.push(pathname.slice('/api/'.length));
  });
  await page.goto(`${baseURL()}/#${route}`);
  await ready(page);
  const seen = [...files];
  await inspect?.(page);
  await context.close();
  return seen;
}

const formLibrary = (files: string[]) => files.filter((f) => /^(SchemaFormView|RegisterPanel|ForgotPanels)-/.test(f));

describe('scripts before the first content', () => {
  it('the login page draws its form without the form library or the other panels', async () => {
    const files = await scriptsBefore('/login', (page) => page.getByPlaceholder('请输入账号').waitFor());
    expect(files.some((f) => f.startsWith('LoginPage-'))).toBe(true);
    expect(formLibrary(files)).toEqual([]);
  }, 60_000);

  it('the register panel brings the form library when it is opened, and its form works', async () => {
    const context = await browser.newContext({ viewport: { width: 1366, height: 768 }, locale: 'zh-CN' });
    const page = await context.newPage();
    await page.goto(`${baseURL()}/#/login`);
    await page.getByPlaceholder('请输入账号').waitFor();
    const later = page.waitForRequest((r) => /SchemaFormView-/.test(r.url()));
    await page.getByRole('button', { name: '注册账号' }).click();
    await later;
    await page.getByRole('button', { name: '注册', exact: true }).click();
    await page.getByText('请输入手机号').first().waitFor();
    await context.close();
  }, 60_000);

  it('a signed-in student\'s practice list: neither the form library nor the login page, nor a profile round trip; its reads go out before the first render', async () => {
    const token = await signIn('user/login', 'demo', 'demo123');
    const calls: string[] = [];
    let sentBeforeFirstRender: Record<string, boolean> = {};
    const files = await scriptsBefore('/ucenter/practiceList', (page) => page.getByTestId('course-card').first().waitFor(), token, calls, async (page) => {
      const sent = await page.evaluate(() => (window as unknown as { sentBeforeRender: Record<string, boolean> }).sentBeforeRender);
      sentBeforeFirstRender = { 'learn/get': sent['learn/get'], 'learn/cate/tree': sent['learn/cate/tree'] };
    });
    expect(files.some((f) => f.startsWith('index-'))).toBe(true);
    expect(formLibrary(files)).toEqual([]);
    expect(files.filter((f) => f.startsWith('LoginPage-'))).toEqual([]);
    // The user menu's dropdown (Mantine's Menu and the floating-element code) loads when the menu is first used.
    expect(files.filter((f) => /^(UserMenuDropdown|Menu|Popover|floating-ui)/.test(f))).toEqual([]);
    // The configuration (preloaded by index.html, fetched once) brings the student's profile: the list is asked for
    // without a user/get_info round trip first, and no call is made twice.
    expect(calls.filter((c) => c === 'config')).toEqual(['config']);
    expect(calls).not.toContain('user/get_info');
    expect(calls).toContain('learn/get');
    expect(calls.length).toBe(new Set(calls).size);
    // The list's reads go out with the configuration, before React's first render (src/engine/firstCalls.ts), not
    // after it: that render was the longest task of a cold visit, and the list waited for it before asking.
    expect(sentBeforeFirstRender).toEqual({ 'learn/get': true, 'learn/cate/tree': true });
  }, 60_000);

  it('a signed-in student\'s first reads go out while the application\'s code is still downloading', async () => {
    const token = await signIn('user/login', 'demo', 'demo123');
    const context = await browser.newContext({ viewport: { width: 1366, height: 768 }, locale: 'zh-CN' });
    await context.addCookies([{ name: 'token', value: token, url: baseURL() }]);
    const page = await context.newPage();
    // The application's script (src/app.tsx's chunk) is held back until both of the list's reads have been sent, or
    // for 20 s: reads that waited for the application to run (as they did) would be sent only after it is let through.
    const reads = new Set<string>();
    let readsSent!: () => void;
    const bothSent = new Promise<void>((done) => (readsSent = done));
    page.on('request', (request) => {
      const call = new URL(request.url()).pathname.slice('/api/'.length);
      if (call === 'learn/get' || call === 'learn/cate/tree') reads.add(call);
      if (reads.size === 2) readsSent();
    });
    const order: string[] = [];
    void bothSent.then(() => order.push('reads sent'));
    await page.route(/\/assets\/app-[^/]*\.js$/, async (route) => {
      await Promise.race([bothSent, new Promise((wait) => setTimeout(wait, 20_000))]);
      order.push('application let through');
      await route.continue();
    });
    await page.goto(`${baseURL()}/#/ucenter/practiceList`);
    await page.getByTestId('course-card').first().waitFor();
    expect(order).toEqual(['reads sent', 'application let through']);
    await context.close();
  }, 60_000);
});
