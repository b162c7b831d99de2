import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { baseURL, launchBrowser } from './browser';

// Lazily loaded code (the form library, which the teacher login's YAML form is drawn with) that cannot be fetched — a
// page opened before a new deployment asks for file names that no longer exist — loads the new version once instead of
// failing, and says so in Chinese when the file stays out of reach. (The student login page no longer needs that code.)
let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => browser?.close());

/**
 * The teacher login with the form library's file refused — every request for it (the preload and the import alike)
 * while `refuse(documents)` holds, `documents` being how many times the page has been requested so far (2 once it
 * has reloaded).
 */
async function teacherLoginWithFormCode(refuse: (documents: number) => boolean) {
  const context = await browser.newContext({ viewport: { width: 1440, height: 900 }, locale: 'zh-CN' });
  const page = await context.newPage();
  let refused = 0;
  let loads = 0;
  let documents = 0;
  page.on('load', () => loads++);
  page.on('request', (request) => {
    if (request.isNavigationRequest() && request.frame() === page.mainFrame()) documents++;
  });
  await page.route(/\/assets\/SchemaFormView-[^/]+\.js$/, (route) => (refuse(documents) ? (refused++, route.abort()) : route.continue()));
  await page.goto(`${baseURL()}/#/teacher/login`);
  return { page, context, refused: () => refused, loads: () => loads };
}

describe('a code file that cannot be fetched', () => {
  it('reloads the page once and then shows the form', async () => {
    // A page opened before a deployment: its file is gone for the page as first loaded, there again once it reloads.
    const { page, context, refused, loads } = await teacherLoginWithFormCode((documents) => documents < 2);
    await page.getByPlaceholder('请输入教师账号').waitFor({ timeout: 15_000 });
    expect(refused()).toBeGreaterThanOrEqual(1);
    expect(loads()).toBe(2);
    expect(await page.getByText('页面出错了').count()).toBe(0);
    await context.close();
  });

  it('says in Chinese that part of the page did not load when it keeps failing, with a way to reload', async () => {
    const { page, context, loads } = await teacherLoginWithFormCode(() => true);
    const notice = page.getByTestId('code-load-failed');
    await notice.waitFor({ timeout: 15_000 });
    expect(await notice.innerText()).toContain('部分内容没有加载成功');
    expect(await notice.getByRole('button', { name: '刷新页面' }).count()).toBe(1);
    expect(loads()).toBe(2);
    await context.close();
  });
});
