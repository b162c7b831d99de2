import type { Browser, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { baseURL, launchBrowser, openAs } from './browser';

const STUDENT = 'stu00021';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

async function apiToken(username: string): Promise<string> {
  const reply = await fetch(`${baseURL()}/api/user/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ username, password: 'demo123', school_id: '100002' }),
  }).then((r) => r.json());
  return reply.data.token;
}

async function api(name: string, params: Record<string, string | number>, token: string) {
  const reply = await fetch(`${baseURL()}/api/${name}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams(Object.entries(params).map(([k, v]) => [k, String(v)])),
  });
  return (await reply.json()).data;
}

async function loginToken(name: string, username: string, password: string): Promise<string> {
  const reply = await fetch(`${baseURL()}/api/${name}`, { method: 'POST', body: new URLSearchParams({ username, password, school_id: '100002' }) });
  return (await reply.json()).data.token;
}

async function post(name: string, body: Record<string, unknown>, token: string) {
  const reply = await fetch(`${baseURL()}/api/${name}`, {
    method: 'POST', body: JSON.stringify(body), headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
  }).then((r) => r.json());
  if (reply.code !== 200) throw new Error(`${name}: ${JSON.stringify(reply)}`);
  return reply.data;
}

/** A page signed in with a token from a login API (a console account). */
async function openWithToken(token: string, route: string): Promise<Page> {
  const context = await browser.newContext({ viewport: { width: 1440, height: 900 }, locale: 'zh-CN' });
  await context.addCookies([{ name: 'token', value: token, url: baseURL() }]);
  const page = await context.newPage();
  await page.goto(`${baseURL()}/#${route}`);
  return page;
}

/** expect.poll with room for a busy machine (its default gives up after 1 s). */
const eventually = <T>(read: () => Promise<T> | T) => expect.poll(read, { timeout: 15_000 });
const shown = (page: Page) => page.locator('[data-screen]:not([hidden])');
const titles = (page: Page) => shown(page).getByTestId('course-card-title').allTextContents();
/** A chip's pressed state; a direction chip's name also carries its course count, so it is matched by its start. */
const pressed = (page: Page, group: string, name: string, exact = true) =>
  shown(page).getByRole('group', { name: group }).getByRole('button', { name, exact }).getAttribute('aria-pressed');

describe('list filters live in the address', () => {
  let page: Page | undefined;
  afterEach(async () => {
    await page?.context().close();
    page = undefined;
  });

  it('a filtered practice list, opened again by back or reloaded, shows the same filters and courses', async () => {
    const token = await apiToken(STUDENT);
    const tree = await api('learn/cate/tree', {}, token);
    const direction = tree.find((n: any) => n.link && n.count > 1 && n.children?.some((c: any) => c.link !== null));
    const p = (page = await openAs(browser, STUDENT, '/ucenter/practiceList'));
    await eventually(async () => (await titles(p)).length).toBeGreaterThan(0);
    const unfiltered = await titles(p);

    await shown(p).getByRole('group', { name: '实训方向' }).getByRole('button', { name: direction.label }).click();
    await eventually(() => p.url()).toContain('f.category_id=');
    await eventually(async () => (await titles(p)).length).toBeGreaterThan(0);
    const keyword = (await titles(p))[0].slice(0, 2);
    const box = shown(p).getByPlaceholder('搜索实训项目');
    await box.fill(keyword);
    await box.press('Enter');
    await eventually(() => decodeURIComponent(p.url())).toContain(`f.learn_name=${keyword}`);
    await eventually(async () => (await titles(p)).every((t) => t.includes(keyword))).toBe(true);
    const filtered = await titles(p);
    expect(filtered.length).toBeGreaterThan(0);
    expect(filtered).not.toEqual(unfiltered);
    const filteredUrl = p.url();

    // Open a course, then back: the list is filtered as it was, and its controls say so.
    await shown(p).getByTestId('course-card').first().click();
    await p.waitForURL((url) => !url.hash.startsWith('#/ucenter/practiceList'));
    await p.goBack();
    await p.waitForURL(filteredUrl);
    await eventually(() => titles(p)).toEqual(filtered);
    expect(await shown(p).getByPlaceholder('搜索实训项目').inputValue()).toBe(keyword);
    expect(await pressed(p, '实训方向', direction.label, false)).toBe('true');

    // A fresh load of the address (a bookmark, a reload) reads the filters from it.
    await p.reload();
    await eventually(() => titles(p)).toEqual(filtered);
    await eventually(() => shown(p).getByPlaceholder('搜索实训项目').inputValue()).toBe(keyword);
    expect(await pressed(p, '实训方向', direction.label, false)).toBe('true');
    expect(await pressed(p, '实训方向', '全部')).toBe('false');

    // Clearing the filter by 全部 drops it from the address.
    await shown(p).getByRole('group', { name: '实训方向' }).getByRole('button', { name: '全部', exact: true }).click();
    await eventually(() => p.url()).not.toContain('f.category_id=');
  });

  it('a homework list filtered by a choice, left and opened again by back, keeps the chosen chip and the list', async () => {
    const p = (page = await openAs(browser, STUDENT, '/ucenter/homework'));
    await shown(p).getByRole('group', { name: '状态' }).waitFor();
    await shown(p).getByRole('group', { name: '状态' }).getByRole('button', { name: '已结束', exact: true }).click();
    await eventually(() => p.url()).toContain('f.status=1');
    await eventually(() => pressed(p, '状态', '已结束')).toBe('true');
    const filteredUrl = p.url();

    await p.goto(`${baseURL()}/#/ucenter/grades`);
    await p.waitForURL(/#\/ucenter\/grades/);
    await p.goBack();
    await p.waitForURL(filteredUrl);
    await eventually(() => pressed(p, '状态', '已结束')).toBe('true');
    expect(await pressed(p, '状态', '全部')).toBe('false');

    // A fresh load asks the server for the filtered list.
    const asked = p.waitForRequest((r) => r.url().includes('/api/assign/gettasklist') && new URLSearchParams(r.postData() ?? '').get('status') === '1');
    await p.reload();
    await asked;
    await eventually(() => pressed(p, '状态', '已结束')).toBe('true');
  });

  it('a question bank filtered by type and keyword, on its second page, is the same after another screen and a reload', async () => {
    // teacher1's bank gets 18 true/false questions and one short-answer question sharing a keyword: filtered by both,
    // 18 rows, 15 a page, so page 2 holds 3.
    const tag = `翻页${Date.now().toString(36)}`;
    const token = await loginToken('teacher/login', 'teacher1', 'teacher123');
    for (let i = 1; i <= 18; i++) await post('staff/bank/save', { type: 3, question: `${tag} 判断${String(i).padStart(2, '0')}`, answer: '正确', poins: 1 }, token);
    await post('staff/bank/save', { type: 7, question: `${tag} 简答`, answer: '参考答案', poins: 5 }, token);
    const p = (page = await openWithToken(token, '/teacher/bank'));
    const rows = () => shown(p).getByTestId('table-row').filter({ hasText: tag }).allTextContents();

    await shown(p).getByRole('group', { name: '题型' }).getByRole('button', { name: '判断', exact: true }).click();
    await eventually(() => p.url()).toContain('f.type=3');
    const box = shown(p).getByPlaceholder('搜索题目');
    await box.fill(tag);
    await box.press('Enter');
    await eventually(async () => (await rows()).length).toBe(15);
    await shown(p).getByTestId('pager').getByRole('button', { name: '2', exact: true }).click();
    await eventually(async () => (await rows()).length).toBe(3);
    const second = await rows();
    expect(second.some((r) => r.includes(`${tag} 简答`))).toBe(false);
    const url = p.url();
    const query = new URLSearchParams(new URL(url).hash.split('?')[1]);
    expect([query.get('page'), query.get('f.type'), query.get('f.keyword')]).toEqual(['2', '3', tag]);

    // Another screen of the console (the bank is not kept alive: it is drawn again from the address), then back.
    await p.getByRole('link', { name: '理论考试' }).click();
    await p.waitForURL(/#\/teacher\/theory/);
    await p.goBack();
    await p.waitForURL(url);
    await eventually(() => rows()).toEqual(second);
    expect(await pressed(p, '题型', '判断')).toBe('true');
    expect(await shown(p).getByPlaceholder('搜索题目').inputValue()).toBe(tag);

    await p.reload();
    await eventually(() => rows()).toEqual(second);
    expect(await pressed(p, '题型', '判断')).toBe('true');
    await eventually(() => shown(p).getByPlaceholder('搜索题目').inputValue()).toBe(tag);
  });
});
