import type { Browser, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { baseURL, launchBrowser, openAs } from './browser';
import { withDb } from './db';

// /course: the whole catalogue, server-paged (12 a page) with a search box; the practice list's 最近学习 block.
let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => browser?.close());

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

const eventually = <T>(read: () => Promise<T> | T) => expect.poll(read, { timeout: 15_000 });
const shown = (page: Page) => page.locator('[data-screen]:not([hidden])');
const titles = (page: Page) => shown(page).getByTestId('course-card-title').allTextContents();

describe('/course', () => {
  let page: Page | undefined;
  afterEach(async () => {
    await page?.context().close();
    page = undefined;
  });

  it('pages the catalogue on the server, 12 courses a page, and searches it by name', async () => {
    const token = await apiToken('stu00031');
    const first = await api('learn/get', { page: 1, page_size: 12 }, token);
    const second = await api('learn/get', { page: 2, page_size: 12 }, token);
    expect(first.allCount).toBeGreaterThan(12);
    const p = (page = await openAs(browser, 'stu00031', '/course'));
    await eventually(() => titles(p)).toEqual(first.learn.map((c: any) => c.name));
    await expect(shown(p).getByTestId('pager').textContent()).resolves.toContain(`共 ${first.allCount} 条`);

    await shown(p).getByTestId('pager').getByRole('button', { name: '2', exact: true }).click();
    await eventually(() => titles(p)).toEqual(second.learn.map((c: any) => c.name));
    expect(p.url()).toContain('page=2');

    // A rated course shows its average and count; an unrated one shows no stars at all.
    const all = (await api('learn/get', { page: 1, page_size: 100 }, token)).learn as any[];
    const rated = all.find((c) => c.rating_count > 0);
    const keyword = rated.name.slice(0, 4);
    const box = shown(p).getByPlaceholder('搜索课程名称');
    await box.fill(keyword);
    await box.press('Enter');
    const found = await api('learn/get', { page: 1, page_size: 12, learn_name: keyword }, token);
    await eventually(() => titles(p)).toEqual(found.learn.map((c: any) => c.name));
    expect(p.url()).not.toContain('page=2');
    const card = shown(p).getByTestId('course-card').filter({ hasText: rated.name });
    await expect(card.getByTestId('course-card-rating').textContent()).resolves.toBe(`${rated.rating.toFixed(1)} · ${rated.rating_count}人评价`);
    const unrated = found.learn.find((c: any) => c.rating_count === 0) ?? all.find((c) => c.rating_count === 0);
    if (!found.learn.includes(unrated)) {
      await box.fill(unrated.name);
      await box.press('Enter');
      await eventually(() => titles(p)).toContain(unrated.name);
    }
    await expect(shown(p).getByTestId('course-card').filter({ hasText: unrated.name }).getByTestId('course-card-rating').count()).resolves.toBe(0);

    await box.fill('不存在的课程名称');
    await box.press('Enter');
    await shown(p).getByText('没有找到相关课程').waitFor();
  });
});

describe('最近学习 on the practice list', () => {
  let page: Page | undefined;
  afterEach(async () => {
    await page?.context().close();
    page = undefined;
  });

  it('is not there before the student has studied anything, and shows a course once it is launched', async () => {
    const STUDENT = 'stu00032';
    withDb((db) => {
      const { id } = db.prepare("select id from users where username = ? and school_id = 100002").get(STUDENT) as { id: number };
      db.prepare('delete from score_records where user_id = ?').run(id);
      db.prepare('delete from launch_tokens where user_id = ?').run(id);
    });
    const token = await apiToken(STUDENT);
    const course = (await api('learn/get', { page: 1, page_size: 100 }, token)).learn.find((c: any) => c.childrens.length === 0);

    const p = (page = await openAs(browser, STUDENT, '/ucenter/practiceList'));
    const recentAnswered = p.waitForResponse((r) => r.url().endsWith('/api/learn/recent'));
    await eventually(async () => (await titles(p)).length).toBe(8);
    expect((await (await recentAnswered).json()).data.list).toEqual([]);
    expect(await p.getByTestId('recent-study').count()).toBe(0);

    await p.goto(`${baseURL()}/#/courses/${course.id}/details-introduce`);
    await eventually(() => p.getByTestId('detail-title').textContent()).toBe(course.name);
    const popup = p.context().waitForEvent('page');
    await p.getByRole('button', { name: '开始学习' }).click();
    await (await popup).close();

    await p.getByRole('link', { name: '实训项目' }).first().click();
    const block = shown(p).getByTestId('recent-study');
    await block.waitFor({ timeout: 15_000 });
    const entry = block.getByTestId('recent-course').first();
    await expect(entry.getByTestId('recent-course-name').textContent()).resolves.toBe(course.name);
    await expect(entry.textContent()).resolves.toContain('已开始学习，暂无成绩');
    await entry.getByRole('link', { name: `继续学习：${course.name}` }).click();
    await p.waitForURL(new RegExp(`#/courses/${course.id}/details-introduce`));
  });
});
