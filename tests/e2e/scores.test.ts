import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { baseURL, dataDir, launchBrowser, loginAs, openPage, visible } from './browser';

// demo only reads; stu00016 answers a questionnaire; stu00017 trains once (accounts assigned to the scores suite).
let browser: Browser;
const work = mkdtempSync(join(tmpdir(), 'e2e-scores-'));
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
  rmSync(work, { recursive: true, force: true });
});

async function api(username: string, name: string, form: Record<string, string | number>) {
  const login = await fetch(`${baseURL()}/api/user/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ username, password: 'demo123' }),
  }).then((r) => r.json());
  const reply = await fetch(`${baseURL()}/api/${name}`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded', authorization: `Bearer ${login.data.token}` },
    body: new URLSearchParams(Object.entries(form).map(([k, v]) => [k, String(v)])),
  }).then((r) => r.json());
  return reply.data;
}

const pct = (n: number, total: number) => (total ? ((n / total) * 100).toFixed(2) : '0');

async function signIn(username: string, route: string): Promise<Page> {
  const page = await openPage(browser, route);
  await page.waitForURL(/#\/login\?redirect=/);
  await loginAs(page, username, 'demo123');
  return page;
}

describe('scores: overview, detail with PDF, questionnaire', () => {
  it('shows the figures, ranks, band shares and first 8 records the server computes for demo', async () => {
    const expected = await api('demo', 'score/get_student', { page: 1, page_size: 8 });
    const page = await signIn('demo', '/ucenter/practices');
    await page.waitForURL(/#\/ucenter\/practices/);
    const screen = visible(page, 'practices');
    await expect.poll(() => screen.getByTestId('stat-times').textContent(), { timeout: 15_000 }).toBe(String(expected.times));
    expect(await screen.getByTestId('stat-class.sort').textContent()).toBe(String(expected.class.sort));
    expect(await screen.getByTestId('stat-grade.sort').textContent()).toBe(String(expected.grade.sort));
    expect(await screen.getByTestId('stat-max_score').textContent()).toBe(String(expected.max_score));
    expect(await screen.getByTestId('stat-allTime').textContent()).toMatch(/^(\d+小时)?(\d+分)?\d+秒$/);
    expect(await screen.getByTestId('band-height').textContent()).toBe(`${pct(expected.dabiao.height, expected.times)}%`);
    expect(await screen.getByTestId('band-low').textContent()).toBe(`${pct(expected.dabiao.low, expected.times)}%`);
    await expect.poll(() => screen.getByTestId('table-row').count()).toBe(8);
    const firstRow = await screen.getByTestId('table-row').first().textContent();
    expect(firstRow).toContain(expected.score[0].learn_name);
    expect(firstRow).toContain(String(expected.score[0].total_score));
    await page.context().close();
  });

  it('never shows zero figures for a list that failed to load, and says the failure once: in the block with the retry', async () => {
    const page = await openPage(browser, '/ucenter/practices');
    await page.waitForURL(/#\/login\?redirect=/);
    let fail = true;
    await page.route('**/api/score/get_student', (route) => (fail ? route.fulfill({ status: 502, body: 'Bad Gateway' }) : route.continue()));
    await loginAs(page, 'demo', 'demo123');
    await page.waitForURL(/#\/ucenter\/practices/);
    const screen = visible(page, 'practices');
    await expect.poll(() => screen.getByTestId('stat-times').textContent(), { timeout: 15_000 }).toBe('—');
    expect(await screen.getByTestId('stat-allTime').textContent()).toBe('—');
    expect(await screen.getByTestId('band-height').textContent()).toBe('—');
    // The table says what failed and why (a 502 error page: the server is in trouble), not 其他错误.
    const failed = screen.getByTestId('load-failed');
    expect(await failed.textContent()).toContain('成绩中心加载失败');
    expect(await failed.textContent()).toContain('服务器暂时无法响应，请稍后重试');
    // Said once: no toast repeats it (every call this page made has been answered by now).
    await expect.poll(() => page.getByText('服务器暂时无法响应，请稍后重试').count()).toBe(1);
    expect(await page.locator('.mantine-Notification-root').count()).toBe(0);
    fail = false;
    await screen.getByRole('button', { name: '重新加载' }).click();
    await expect.poll(() => screen.getByTestId('stat-times').textContent(), { timeout: 15_000 }).toMatch(/^\d+$/);
    await page.context().close();
  });

  it('shows a score recorded while the student was on another tab when 成绩中心 is shown again, without a reload', async () => {
    const page = await signIn('stu00017', '/ucenter/practices');
    await page.waitForURL(/#\/ucenter\/practices/);
    const screen = visible(page, 'practices');
    await expect.poll(() => screen.getByTestId('stat-times').textContent(), { timeout: 15_000 }).toMatch(/^\d+$/);
    const before = Number(await screen.getByTestId('stat-times').textContent());
    await page.locator('header.app-header').getByRole('link', { name: '实训项目' }).click();
    await page.waitForURL(/#\/ucenter\/practiceList/);

    // The student trains: the simulation uploads a result with its launch token.
    const courses = await api('stu00017', 'learn/get', { page: 1, page_size: 20 });
    const course = courses.learn.find((c: { id: number }) => c.id !== 13 && c.id !== 33);
    const launched = await api('stu00017', 'learn/getlearnurl', { learn_id: course.id });
    const token = new URL(launched.url, baseURL()).searchParams.get('token')!;
    const uploaded = await fetch(`${baseURL()}/api/sim/result`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ token, total_score: '88', total_time: '300', detail: JSON.stringify([['步骤', '得分'], ['取模', 88]]) }),
    }).then((r) => r.json());
    expect(uploaded.code, uploaded.message).toBe(200);

    await expect.poll(() => page.title()).toMatch(/^实训项目 - /);
    await page.locator('header.app-header').getByRole('link', { name: '成绩中心' }).click();
    await expect.poll(() => page.title()).toMatch(/^成绩中心 - /); // the kept-alive screen takes its title back
    await expect.poll(() => screen.getByTestId('stat-times').textContent(), { timeout: 10_000 }).toBe(String(before + 1));
    await expect.poll(() => screen.getByTestId('table-row').first().textContent()).toContain(course.name);
    await page.context().close();
  });

  it('says 成绩明细加载失败 with a retry when a record fails to load, never the misleading 暂无成绩明细', async () => {
    const list = await api('demo', 'score/get_student', { page: 1, page_size: 8 });
    const page = await openPage(browser, `/ucenter/practiceDetail?id=${list.score[0].id}`);
    await page.waitForURL(/#\/login\?redirect=/);
    let fail = true;
    await page.route(/\/api\/score\/get_one_score/, (route) => (fail ? route.fulfill({ status: 502, body: 'Bad Gateway' }) : route.continue()));
    await loginAs(page, 'demo', 'demo123');
    await page.waitForURL(/#\/ucenter\/practiceDetail/);
    const detail = visible(page, 'practice-detail');
    // Under 成绩中心 (its YAML parent): that tab stays marked and the heading leads back to it.
    await expect.poll(() => page.locator('header.app-header .app-header__tab.is-active').textContent()).toBe('成绩中心');
    await expect(detail.getByRole('navigation', { name: '上级页面' }).getByRole('link').allTextContents()).resolves.toEqual(['成绩中心']);
    const failed = detail.getByTestId('load-failed');
    await failed.waitFor({ timeout: 15_000 });
    expect(await failed.textContent()).toContain('成绩明细加载失败');
    expect(await failed.textContent()).toContain('服务器暂时无法响应，请稍后重试');
    expect(await detail.getByText('暂无成绩明细').count()).toBe(0);
    // Said once, on the page: no toast repeating it.
    expect(await page.getByText('服务器暂时无法响应，请稍后重试').count()).toBe(1);
    fail = false;
    await failed.getByRole('button', { name: '重新加载' }).click();
    await detail.getByTestId('detail-score').waitFor({ timeout: 15_000 });
    await page.context().close();
  });

  it('opens a record, shows its coloured score and detail, and exports a text PDF on A4 naming the student, class, school and export date', async () => {
    const list = await api('demo', 'score/get_student', { page: 1, page_size: 8 });
    const record = await api('demo', 'score/get_one_score', { id: list.score[0].id });
    const page = await signIn('demo', '/ucenter/practices');
    await page.waitForURL(/#\/ucenter\/practices/);
    const scripts = () => page.evaluate(() => performance.getEntriesByType('resource').map((e) => e.name).filter((n) => /jspdf/i.test(n)));
    await visible(page, 'practices').getByRole('button', { name: '查看' }).first().click();
    await page.waitForURL(new RegExp(`practiceDetail\\?id=${record.id}`));
    const detail = visible(page, 'practice-detail');
    await expect.poll(() => detail.getByTestId('detail-score').textContent(), { timeout: 15_000 }).toBe(String(record.total_score));
    const color = await detail.getByTestId('detail-score').evaluate((el) => getComputedStyle(el).color);
    const expectedVar = record.total_score >= 90 ? '--mantine-color-cyan-text' : record.total_score >= 60 ? '--mantine-color-blue-text' : '--mantine-color-red-text';
    const expectedColor = await page.evaluate((v) => { const d = document.createElement('span'); d.style.color = `var(${v})`; document.body.append(d); const c = getComputedStyle(d).color; d.remove(); return c; }, expectedVar);
    expect(color).toBe(expectedColor);
    expect(await detail.getByTestId('detail-learn').textContent()).toBe(record.learn_name);
    const rows = JSON.parse(record.detail) as unknown[][];
    if (Array.isArray(rows[0])) await expect.poll(() => detail.getByTestId('detail-table').locator('tbody tr').count()).toBe(rows.length - 1);

    expect(await scripts()).toEqual([]); // the PDF library is not loaded before the button is pressed
    const [download] = await Promise.all([page.waitForEvent('download'), detail.getByTestId('export-pdf').click()]);
    const file = join(work, 'score.pdf');
    await download.saveAs(file);
    expect(statSync(file).size).toBeLessThan(400_000);
    const text = execFileSync('pdftotext', ['-layout', file, '-']).toString();
    expect(text).toContain('实训成绩单');
    // The transcript says whose it is and when it was exported (spec wording for the fields; values from the profile).
    const me = await api('demo', 'user/get_info', {});
    expect(text).toContain(`姓名：${me.realname}`);
    expect(text).toContain(`学号：${me.student_no || me.username}`);
    expect(text).toContain(`班级：${me.class_name}`);
    expect(text).toContain(`学校：${me.school_name}`);
    expect(text).toMatch(/导出日期：\d{4}-\d{2}-\d{2} \d{2}:\d{2}/);
    expect(text).toContain(record.learn_name);
    expect(text).toContain(`成绩：${record.total_score}`);
    if (Array.isArray(rows[0])) expect(text).toContain(String(rows[1][1]));
    const info = execFileSync('pdfinfo', [file]).toString();
    expect(info).toMatch(/Page size:\s+595\.2\d? x 841\.8\d? pts \(A4\)/);
    await page.context().close();
  });

  it('refuses an incomplete questionnaire with the spec message, then stores the complete one', async () => {
    const mine = await api('stu00016', 'score/get_student', { page: 1, page_size: 1 });
    const learnId = mine.score[0].learn_id;
    const page = await signIn('stu00016', `/ucenter/evaluate?id=${learnId}`);
    await page.waitForURL(/#\/ucenter\/evaluate/);
    const form = page.getByTestId('questionnaire');
    await form.getByRole('radio').first().waitFor();
    expect(await form.getByRole('radio', { checked: true }).count()).toBe(0); // nothing chosen for the student
    await form.getByRole('radio').first().check();
    await form.getByRole('checkbox').nth(1).check();
    await form.locator('textarea').first().fill('希望增加更多临床病例');
    await form.getByRole('button', { name: '提交' }).click();
    await page.getByText('还有题目未完成，请完成填写').first().waitFor();

    await form.locator('textarea').nth(1).fill('操作手感真实');
    await form.getByRole('button', { name: '提交' }).click();
    await page.getByText('谢谢您的参与！').first().waitFor();
    await page.waitForURL((url) => !url.hash.startsWith('#/ucenter/evaluate'));

    const db = new Database(join(dataDir(), 'app.sqlite'), { readonly: true });
    const rows = db.prepare("select estimate, know, resource, perspective from questionnaire_answers a join users u on u.id = a.user_id where u.username = 'stu00016' and a.learn_id = ?").all(learnId);
    db.close();
    expect(rows).toEqual([{ estimate: 0, know: '[1]', resource: '希望增加更多临床病例', perspective: '操作手感真实' }]);
    await page.context().close();
  });
});
