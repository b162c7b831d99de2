import { join } from 'node:path';
import Database from 'better-sqlite3';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { baseURL, dataDir, launchBrowser, loginAs, openPage } from './browser';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

/** What the server holds, read through the API as the demo student, so the UI is compared with the database. */
async function coursesFromApi(params: Record<string, string>): Promise<{ names: string[]; total: number }> {
  const login = await fetch(`${baseURL()}/api/user/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ username: 'demo', password: 'demo123' }),
  }).then((r) => r.json());
  const reply = await fetch(`${baseURL()}/api/learn/get`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded', authorization: `Bearer ${login.data.token}` },
    body: new URLSearchParams({ page_size: '8', ...params }),
  }).then((r) => r.json());
  return { names: reply.data.learn.map((l: { name: string }) => l.name), total: reply.data.allCount };
}

async function cardTitles(page: Page): Promise<string[]> {
  await page.getByTestId('course-card').first().waitFor();
  return page.getByTestId('course-card-title').allTextContents();
}

describe('foundation: login and practice list', () => {
  it('sends an unauthenticated visitor to login with the intended path as redirect', async () => {
    const page = await openPage(browser, '/ucenter/practices?tab=2');
    await page.waitForURL(/#\/login\?redirect=/);
    const redirect = new URL(page.url().replace('/#/', '/')).searchParams.get('redirect');
    expect(redirect).toBe('/ucenter/practices?tab=2');
    await expect(page.getByPlaceholder('请输入账号').waitFor()).resolves.toBeUndefined();
    // The password's eye button is named in Chinese for screen readers (Mantine's own label is English).
    await page.getByRole('button', { name: '显示或隐藏密码' }).waitFor({ state: 'attached' });
    await page.context().close();
  });

  it('shows the demo school in the header of the login page', async () => {
    const page = await openPage(browser, '/login');
    await expect(page.getByTestId('school-name').textContent()).resolves.toContain('华康医科大学');
    await page.context().close();
  });

  it('works from the keyboard: the image code refreshes with Enter, and a focused course card shows a focus ring', async () => {
    const page = await openPage(browser, '/login');
    const image = page.getByTestId('captcha');
    await image.and(page.locator('[data-key]:not([data-key=""])')).waitFor();
    const before = await image.getAttribute('data-key');
    await page.getByTestId('captcha-refresh').focus();
    await page.keyboard.press('Enter');
    await expect.poll(() => image.getAttribute('data-key')).not.toBe(before);
    expect(page.url()).toContain('#/login'); // Enter on the refresh button does not submit the login form

    await loginAs(page, 'demo', 'demo123');
    await page.waitForURL(/#\/ucenter\/practiceList/);
    const card = page.locator('[data-screen]:not([hidden]) a[data-testid="course-card"]').first();
    await card.waitFor();
    const ring = () => card.evaluate((el) => getComputedStyle(el).outlineStyle);
    expect(await ring()).toBe('none');
    await card.focus();
    await page.keyboard.press('Shift+Tab');
    await page.keyboard.press('Tab'); // focus by keyboard, so :focus-visible applies
    expect(await ring()).toBe('solid');
    await page.context().close();
  });

  it('shows the server message for a wrong password and regenerates the image code', async () => {
    const page = await openPage(browser, '/login');
    await page.getByTestId('captcha').and(page.locator('[data-key]:not([data-key=""])')).waitFor();
    const before = await page.getByTestId('captcha').getAttribute('data-key');
    await loginAs(page, 'demo', 'wrong-password');
    await expect(page.getByText('账号或密码错误').first().waitFor()).resolves.toBeUndefined();
    await expect.poll(() => page.getByTestId('captcha').getAttribute('data-key')).not.toBe(before);
    expect(page.url()).toContain('#/login');
    // The account and password stay; the emptied code field is fresh, not marked as an error at once.
    expect(await page.getByPlaceholder('请输入账号').inputValue()).toBe('demo');
    expect(await page.getByPlaceholder('请输入验证码').inputValue()).toBe('');
    expect(await page.getByPlaceholder('请输入验证码').getAttribute('aria-invalid')).not.toBe('true');
    expect(await page.getByText('请输入验证码', { exact: true }).count()).toBe(0);
    await page.context().close();
  });

  it('rejects a malformed account before calling the server, with the spec message', async () => {
    const page = await openPage(browser, '/login');
    await loginAs(page, 'ab', 'demo123');
    await expect(page.getByText('账号最少为4位').first().waitFor()).resolves.toBeUndefined();
    await page.context().close();
  });

  it('logs the demo student in to the practice list with the courses the database holds, 8 per page', async () => {
    const expected = await coursesFromApi({ page: '1' });
    const page = await openPage(browser, '/login');
    await loginAs(page, 'demo', 'demo123');
    await page.waitForURL(/#\/ucenter\/practiceList/);
    const titles = await cardTitles(page);
    expect(titles).toEqual(expected.names);
    expect(titles).toHaveLength(8);

    // page 2 shows the next 8 from the server
    const second = await coursesFromApi({ page: '2' });
    await page.getByRole('button', { name: '2', exact: true }).click();
    await expect.poll(() => page.getByTestId('course-card-title').allTextContents()).toEqual(second.names);

    // keyword search goes back to page 1 of the matching courses
    const keyword = expected.names[0].slice(0, 2);
    const found = await coursesFromApi({ page: '1', learn_name: keyword });
    await page.getByPlaceholder('搜索实训项目').fill(keyword);
    await page.getByPlaceholder('搜索实训项目').press('Enter');
    await expect.poll(() => page.getByTestId('course-card-title').allTextContents()).toEqual(found.names);
    expect(found.names.every((n) => n.includes(keyword))).toBe(true);
    await page.context().close();
  });

  it('returns to the redirect path after login, here the teacher list from the database', async () => {
    const page = await openPage(browser, '/ucenter/teacherlist');
    await page.waitForURL(/#\/login\?redirect=/);
    await loginAs(page, 'demo', 'demo123');
    await page.waitForURL(/#\/ucenter\/teacherlist/);
    const db = new Database(join(dataDir(), 'app.sqlite'), { readonly: true });
    const teachers = db.prepare("select realname from users where role = 'teacher' and school_id = 100002 order by id").all() as { realname: string }[];
    db.close();
    for (const t of teachers) await page.getByRole('cell', { name: t.realname, exact: true }).first().waitFor();
    await expect(page.getByRole('button', { name: '提问' }).count()).resolves.toBe(teachers.length);
    await page.context().close();
  });

  it('greets a first-time login with the personal-centre tip', async () => {
    const db = new Database(join(dataDir(), 'app.sqlite'));
    db.prepare("update users set login_count = 0 where username = 'stu00003' and school_id = 100002").run();
    db.close();
    const page = await openPage(browser, '/login');
    await loginAs(page, 'stu00003', 'demo123');
    await page.waitForURL(/#\/ucenter\/practiceList/);
    await expect(page.getByText('个人中心可以完善个人信息哦！').first().waitFor()).resolves.toBeUndefined();
    await page.context().close();
  });

  it('keeps the practice list page when coming back from another screen (keep-alive)', async () => {
    const page = await openPage(browser, '/login');
    await loginAs(page, 'demo', 'demo123');
    await page.waitForURL(/#\/ucenter\/practiceList/);
    await cardTitles(page);
    await page.getByRole('button', { name: '3', exact: true }).click();
    const third = (await coursesFromApi({ page: '3' })).names;
    await expect.poll(() => page.locator('[data-screen="practice-list"]:not([hidden])').getByTestId('course-card-title').allTextContents()).toEqual(third);
    await page.getByTestId('user-menu').click();
    // The menu's code loads on this first click (not with the page); its dropdown arrives styled (its stylesheet
    // travels with its chunk: scripts/vite-mantine-css.ts).
    await page.getByRole('menuitem', { name: '答疑老师' }).waitFor();
    expect(await page.getByRole('menu').evaluate((el) => getComputedStyle(el).boxShadow)).not.toBe('none');
    await page.getByRole('menuitem', { name: '答疑老师' }).click();
    await page.waitForURL(/#\/ucenter\/teacherlist/);
    await page.getByRole('link', { name: '实训项目' }).click();
    await page.waitForURL(/#\/ucenter\/practiceList/);
    await expect.poll(() => page.locator('[data-screen="practice-list"]:not([hidden])').getByTestId('course-card-title').allTextContents()).toEqual(third);
    await page.context().close();
  });

  it('applies a chosen theme from the 400 px drawer and keeps it across reloads (default 2)', async () => {
    const page = await openPage(browser, '/login');
    await loginAs(page, 'demo', 'demo123');
    await page.waitForURL(/#\/ucenter\/practiceList/);
    const headerBg = () => page.locator('header').evaluate((el) => getComputedStyle(el).backgroundColor);
    expect(await headerBg()).toBe('rgb(43, 47, 54)');
    await page.getByTestId('user-menu').click();
    await page.getByRole('menuitem', { name: '主题风格' }).click();
    const drawer = page.locator('.mantine-Drawer-content');
    await drawer.waitFor();
    expect(Math.round((await drawer.boundingBox())!.width)).toBe(400);
    await page.getByTestId('theme-1').click();
    await expect.poll(headerBg).toBe('rgb(13, 42, 92)');
    expect(await page.evaluate(() => localStorage.getItem('stylecolor'))).toBe('1');
    await page.reload();
    await page.getByTestId('school-name').waitFor();
    await expect.poll(headerBg).toBe('rgb(13, 42, 92)');
    await page.context().close();
  });

  it('sends a signed-in student who opens the login page to the personal centre', async () => {
    const page = await openPage(browser, '/login');
    await loginAs(page, 'demo', 'demo123');
    await page.waitForURL(/#\/ucenter\/practiceList/);
    await page.getByTestId('course-card').first().waitFor();
    await page.goto(`${baseURL()}/#/login`);
    await page.waitForURL(/#\/ucenter\/myInfo/);
    await page.context().close();
  });

  it('sends mobile browsers to the mobile notice', async () => {
    const context = await browser.newContext({ viewport: { width: 390, height: 844 }, userAgent: 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 Mobile/15E148' });
    const page = await context.newPage();
    await page.goto(`${baseURL()}/#/ucenter/practiceList`);
    await page.waitForURL(/#\/result/);
    await expect(page.getByText('暂不支持移动端访问').waitFor()).resolves.toBeUndefined();
    await context.close();
  });

  it('logs out: the token is revoked and /ucenter needs a login again', async () => {
    const page = await openPage(browser, '/login');
    await loginAs(page, 'demo', 'demo123');
    await page.waitForURL(/#\/ucenter\/practiceList/);
    const token = (await page.context().cookies()).find((c) => c.name === 'token')?.value;
    expect(token).toMatch(/^[0-9a-f]{64}$/);
    // By keyboard: Enter on the user button opens the menu even before the menu's code has loaded.
    await page.getByTestId('user-menu').focus();
    await page.keyboard.press('Enter');
    await page.getByRole('menuitem', { name: '退出登录' }).click();
    await page.waitForURL(/#\/login/);
    await page.waitForLoadState('load');
    await page.getByPlaceholder('请输入账号').waitFor();
    expect((await page.context().cookies()).find((c) => c.name === 'token')).toBeUndefined();
    const reply = await fetch(`${baseURL()}/api/user/get_info`, { method: 'POST', headers: { authorization: `Bearer ${token}` } });
    expect(reply.status).toBe(401);
    await page.goto(`${baseURL()}/#/ucenter/practiceList`);
    await page.waitForURL(/#\/login\?redirect=/);
    await page.context().close();
  });

  it('a session ended elsewhere sends the student to log in once, and back to the page asked for with its query', async () => {
    const first = await openPage(browser, '/login');
    await loginAs(first, 'demo', 'demo123');
    await first.waitForURL(/#\/ucenter\/practiceList/);
    const token = (await first.context().cookies()).find((c) => c.name === 'token')!.value;
    // The tab is closed first: a call it still had on the way, answered 401 once the session is over, would end the
    // session in this browser there and then (toast in that tab, cookie gone), and the next page would have none.
    const context = first.context();
    await first.close();
    // Another tab or device ends this very session; then the student opens a page in this browser, whose first
    // screen makes several calls at once, every one of them answered 401.
    await fetch(`${baseURL()}/api/user/loginout`, { method: 'POST', headers: { authorization: `Bearer ${token}` } });
    const page = await context.newPage();
    // Every toast saying so that ever appears is counted (a toast closes by itself after a few seconds, which on a busy
    // machine can come before the test looks).
    await page.addInitScript(() => {
      const seen = new Set<Element>();
      new MutationObserver(() => {
        for (const toast of document.querySelectorAll('.mantine-Notification-root')) if (toast.textContent?.includes('登录信息已失效，请重新登录！')) seen.add(toast);
        (window as unknown as { expiredToasts: number }).expiredToasts = seen.size;
      }).observe(document, { childList: true, subtree: true });
    });
    const expiredToasts = () => page.evaluate(() => (window as unknown as { expiredToasts?: number }).expiredToasts ?? 0);
    await page.goto(`${baseURL()}/#/ucenter/practices?page=2`);
    await page.waitForURL(/#\/login\?redirect=/);
    await page.getByPlaceholder('请输入账号').waitFor();
    await expect.poll(expiredToasts).toBe(1);
    await page.waitForTimeout(500); // let the other failing calls land
    expect(decodeURIComponent(new URL(page.url()).hash)).toBe('#/login?redirect=/ucenter/practices?page=2');
    expect(await expiredToasts()).toBe(1); // one toast, not one per call
    await loginAs(page, 'demo', 'demo123');
    await page.waitForURL(/#\/ucenter\/practices\?page=2/);
    await page.getByPlaceholder('请输入账号').waitFor({ state: 'detached', timeout: 10_000 }); // the login form does not stay
    await page.locator('[data-screen="practices"]:not([hidden])').getByText('有效实训次数').waitFor();
    await page.context().close();
  });
});
