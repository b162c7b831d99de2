import type { Browser, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { baseURL, launchBrowser, loginAs, openAs, openPage } from './browser';

const STUDENT = 'stu00013';

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

async function api(name: string, params: Record<string, string | number>, token: string, method = 'POST') {
  const body = new URLSearchParams(Object.entries(params).map(([k, v]) => [k, String(v)]));
  const url = `${baseURL()}/api/${name}${method === 'GET' ? `?${body}` : ''}`;
  const reply = await fetch(url, {
    method,
    headers: { authorization: `Bearer ${token}`, ...(method === 'POST' && { 'content-type': 'application/x-www-form-urlencoded' }) },
    ...(method === 'POST' && { body }),
  });
  return (await reply.json()).data;
}

async function signIn(username: string, route: string): Promise<Page> {
  const page = await openPage(browser, `/login?redirect=${encodeURIComponent(route)}`);
  await loginAs(page, username, 'demo123');
  await page.waitForURL((url) => url.hash.startsWith(`#${route.split('?')[0]}`));
  return page;
}

/** expect.poll with room for a busy machine (its default gives up after 1 s). */
const eventually = <T>(read: () => Promise<T> | T) => expect.poll(read, { timeout: 15_000 });

const visibleTitles = (page: Page) => page.locator('[data-screen]:not([hidden])').getByTestId('course-card-title').allTextContents();

describe('catalogue: filter, detail, favourite, launch', () => {
  // Each test opens its own signed-in page, so any one runs alone and a failure does not carry into the next.
  let student: Page | undefined;
  afterEach(async () => {
    await student?.context().close();
    student = undefined;
  });

  it('filters by direction and type and pages through, as the server lists them', async () => {
    const token = await apiToken(STUDENT);
    const tree = await api('learn/cate/tree', {}, token);
    const direction = tree.find((n: any) => n.count > 8 && n.link);
    const type = direction.children.find((c: any) => c.count > 0);
    const page = (student = await openAs(browser, STUDENT, '/ucenter/practiceList'));
    const first = await api('learn/get', { page: 1, page_size: 8 }, token);
    await eventually(() => visibleTitles(page)).toEqual(first.learn.map((l: any) => l.name));

    await page.getByRole('group', { name: '实训方向' }).getByRole('button', { name: direction.label }).click();
    const byDirection = await api('learn/get', { category_id: direction.value, page: 1, page_size: 8 }, token);
    await eventually(() => visibleTitles(page)).toEqual(byDirection.learn.map((l: any) => l.name));
    await page.getByRole('button', { name: '2', exact: true }).click();
    const second = await api('learn/get', { category_id: direction.value, page: 2, page_size: 8 }, token);
    await eventually(() => visibleTitles(page)).toEqual(second.learn.map((l: any) => l.name));

    await page.getByRole('group', { name: '实训类型' }).getByRole('button', { name: type.label }).click();
    const byType = await api('learn/get', { category_id: type.value, page: 1, page_size: 8 }, token);
    await eventually(() => visibleTitles(page)).toEqual(byType.learn.map((l: any) => l.name));
    await page.getByRole('group', { name: '实训方向' }).getByRole('button', { name: '全部', exact: true }).click();
    await eventually(() => visibleTitles(page)).toEqual(first.learn.map((l: any) => l.name));
  });

  it('opens a practice channel and a course, favourites it and finds it in the favourites', async () => {
    const token = await apiToken(STUDENT);
    const practice = (await api('learn/get', { learn_name: '根管治疗虚拟仿真训练' }, token)).learn[0];
    const page = (student = await openAs(browser, STUDENT, '/ucenter/practiceList'));
    await page.getByPlaceholder('搜索实训项目').fill(practice.name);
    await page.getByPlaceholder('搜索实训项目').press('Enter');
    await eventually(() => visibleTitles(page)).toEqual([practice.name]);
    await page.locator('[data-screen]:not([hidden])').getByTestId('course-card').filter({ hasText: practice.name }).click();
    await page.waitForURL(/#\/ucenter\/Channel\?courseId=/);
    await eventually(() => visibleTitles(page)).toEqual(practice.childrens.map((c: any) => c.name));

    const child = practice.childrens[1];
    await page.locator('[data-screen]:not([hidden])').getByTestId('course-card').filter({ hasText: child.name }).click();
    await page.waitForURL(new RegExp(`#/courses/${child.id}/details-introduce`));
    await expect(page.getByTestId('detail-title').textContent()).resolves.toBe(child.name);
    await page.getByTestId('detail-tip').waitFor();
    await page.getByTestId('gallery').waitFor();

    await page.getByRole('button', { name: '收藏', exact: true }).click();
    await page.getByRole('button', { name: '已收藏' }).waitFor();
    const favorites = await api('user/favorites', { page: 1, page_size: 100 }, token, 'GET');
    expect(favorites.data.map((f: any) => f.learn_id)).toContain(child.id);

    await page.goto(`${baseURL()}/#/ucenter/favorites`);
    const card = page.locator('[data-screen]:not([hidden])').getByTestId('course-card').filter({ hasText: child.name });
    await card.waitFor();
    await card.click();
    await page.waitForURL(new RegExp(`#/courses/${child.id}/details-introduce`));
    await page.getByRole('button', { name: '已收藏' }).waitFor();

    await page.getByRole('button', { name: '下载资源' }).click();
    const resources = page.getByTestId('resources-dialog');
    await resources.getByRole('button', { name: '下载' }).first().waitFor();
    // The file is fetched first, then saved under the resource's name with the file's extension.
    const name = (await resources.locator('p').first().textContent())!;
    const downloading = page.waitForEvent('download');
    await resources.getByRole('button', { name: '下载' }).first().click();
    expect((await downloading).suggestedFilename()).toMatch(new RegExp(`^${name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}\\.[a-z0-9]+$`, 'i'));
    await page.keyboard.press('Escape');
  });

  it('starts learning, runs the demo simulation and finds the score it posted', async () => {
    const token = await apiToken(STUDENT);
    const course = (await api('learn/get', { learn_name: '上颌第一磨牙全冠牙体预备' }, token)).learn[0];
    const page = (student = await openAs(browser, STUDENT, `/courses/${course.id}/details-introduce`));
    await eventually(() => page.getByTestId('detail-title').textContent()).toBe(course.name);
    const popup = page.context().waitForEvent('page');
    await page.getByRole('button', { name: '开始学习' }).click();
    const sim = await popup;
    await sim.waitForURL(new RegExp(`/sim/${course.id}\\?token=[0-9a-f]{64}`));
    await sim.getByText('学员：').waitFor();
    for (let step = 1; step <= 4; step++) {
      await sim.locator(`li[data-step="${step}"]`).getByRole('button', { name: step === 3 ? '有失误' : '规范完成' }).click();
    }
    await sim.getByRole('button', { name: '提交成绩' }).click();
    await sim.getByText('成绩已提交：80 分').waitFor();
    const recordId = Number(await sim.locator('body').getAttribute('data-result-id'));

    const scores = await api('score/get_student', { page: 1, page_size: 50, learn_id: course.id }, token);
    const found = scores.score.find((r: any) => r.id === recordId);
    expect(found, JSON.stringify(scores).slice(0, 300)).toBeTruthy();
    expect(Number(found.total_score)).toBe(80);
    expect(found.learn_id).toBe(course.id);
    await sim.close();

    // ...and in the results overview, newest first, with the score module the simulation named.
    await page.goto(`${baseURL()}/#/ucenter/practices`);
    const row = page.locator('[data-screen]:not([hidden]) tr').filter({ hasText: '演示仿真' }).first();
    await row.waitFor({ timeout: 15_000 });
    await expect(row.textContent()).resolves.toContain(course.name);
  });

  it('blocks a student whose class application is pending, with the spec message', async () => {
    const page = (student = await signIn('pending', '/courses/1/details-introduce'));
    const alert = page.getByTestId('alert-blocked');
    await expect(alert.textContent()).resolves.toContain('班级信息正在审核中');
    let opened = false;
    page.context().on('page', () => (opened = true));
    await page.getByRole('button', { name: '开始学习' }).click();
    await page.locator('.mantine-Notification-root, [role="alert"]').filter({ hasText: '班级信息正在审核中' }).first().waitFor();
    expect(opened).toBe(false);
  });
});
