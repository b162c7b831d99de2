import { rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BMP, bigPng, DOCX, PNG } from '../server/work-files';
import { baseURL, dataDir, launchBrowser, loginAs, openPage, visible } from './browser';
import { classOf as classOfIn, publish as publishIn } from './publish';

// Accounts that write here: stu00026 (submits), stu00027 (graded work). The new-work alert is in live-config.test.ts.
let browser: Browser;
const db = () => new Database(join(dataDir(), 'app.sqlite'));
const tag = Date.now().toString(36);

const classOf = (username: string) => classOfIn(dataDir(), username);
const publish = (title: string, kind: 'homework' | 'exam', classify: number, classId: number, window: [number, number]) =>
  publishIn(dataDir(), title, kind, classify, classId, window);

const written: string[] = [];
function file(name: string, data: Buffer): string {
  const path = join(tmpdir(), `${tag}-${name}`);
  writeFileSync(path, data);
  written.push(path);
  return path;
}

async function signIn(username: string, route: string): Promise<Page> {
  const page = await openPage(browser, `/login?redirect=${encodeURIComponent(route)}`);
  await loginAs(page, username, 'demo123');
  await page.waitForURL(new RegExp(`#${route.replace(/[/?]/g, '\\$&')}`));
  return page;
}

/** The card of one item on a list screen, found through the keyword filter. */
async function card(page: Page, screenId: 'homework' | 'grades', title: string) {
  const screen = page.locator(`[data-screen="${screenId}"]`);
  await screen.getByRole('textbox').first().fill(title);
  await screen.getByRole('textbox').first().press('Enter');
  const found = screen.getByTestId('work-card').filter({ hasText: title });
  await found.waitFor();
  return found;
}

const toast = (page: Page, text: string) => page.getByText(text).first().waitFor({ timeout: 8000 });

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
  for (const path of written) rmSync(path, { force: true });
});

describe('exams and homework', () => {
  it('submits a photo homework: BMP and over-size files are refused, cancel keeps it open, confirm gives a receipt', async () => {
    const title = `拍照作业${tag}`;
    const id = publish(title, 'homework', 2, classOf('stu00026'), [-3600, 86400]);
    const page = await signIn('stu00026', '/ucenter/homework');
    const item = await card(page, 'homework', title);
    await expect(item.getByTestId('total-score').textContent()).resolves.toBe('——');
    await item.getByRole('button', { name: '上传作业' }).click();
    // Steps a student can read, never the internal 上传模式 / 附件模式.
    const noInternalModes = async () => expect(await page.locator('body').innerText()).not.toMatch(/上传模式|附件模式/);
    await expect(item.getByTestId('work-step').textContent()).resolves.toBe('第 1 步（共 2 步）：上传作业图片');
    await noInternalModes();
    const input = item.getByTestId('work-files').locator('input[type=file]');
    await input.setInputFiles(file('scan.bmp', BMP));
    await toast(page, '上传图片不能是BMP格式!');
    await input.setInputFiles(file('huge.png', bigPng(2.5 * 1024 * 1024)));
    await toast(page, '上传头像图片大小不能超过 2MB!');
    await item.getByRole('button', { name: '下一步' }).click();
    await toast(page, '请先上传图片！');
    await input.setInputFiles(file('model.png', PNG));
    await item.locator('[data-testid=upload-entry][data-state=done]').waitFor();
    // The uploaded photo shows as a thumbnail, loaded from the stored copy.
    const thumb = item.getByTestId('upload-thumb');
    await expect.poll(() => thumb.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
    await item.getByRole('button', { name: '下一步' }).click();
    await expect(item.getByTestId('work-step').textContent()).resolves.toBe('第 2 步（共 2 步）：附件与作业说明');
    await noInternalModes();
    await item.getByRole('button', { name: '提交' }).click();
    await page.getByRole('dialog').getByRole('button', { name: '取消' }).click();
    await toast(page, '已取消提交');
    const before = db();
    expect(before.prepare('select count(*) n from marks where assignment_id = ?').get(id)).toEqual({ n: 0 });
    before.close();
    await item.getByRole('button', { name: '提交' }).click();
    await page.getByRole('dialog').getByRole('button', { name: '确定' }).click();
    await toast(page, '提交成功');
    const receipt = await item.getByTestId('receipt').textContent();
    const conn = db();
    const mark = conn.prepare('select student_answer, receipt from marks where assignment_id = ?').all(id) as { student_answer: string; receipt: string }[];
    conn.close();
    expect(mark).toHaveLength(1);
    expect(JSON.parse(mark[0].student_answer)).toHaveLength(1);
    expect(receipt).toContain(mark[0].receipt);
    await page.context().close();
  });

  it('submits a .docx homework; an upload in progress holds the page, a failed one can be retried', async () => {
    const title = `文档作业${tag}`;
    const id = publish(title, 'homework', 5, classOf('stu00026'), [-3600, 86400]);
    const page = await signIn('stu00026', '/ucenter/homework');
    const item = await card(page, 'homework', title);
    await item.getByRole('button', { name: '上传文档' }).click();
    // The first attempt hangs until the student has tried to leave, then the connection drops.
    let release: () => void = () => undefined;
    const held = new Promise<void>((done) => (release = done));
    await page.route('**/api/common/upload_file', async (route) => {
      await held;
      await route.abort('connectionreset');
    });
    await item.getByTestId('work-files').locator('input[type=file]').setInputFiles(file('病例分析.docx', DOCX));
    await item.locator('[data-testid=upload-entry][data-state=uploading]').waitFor();
    await page.getByRole('link', { name: '我的考试' }).first().click();
    await toast(page, '文件正在上传，请等待上传完成');
    expect(page.url()).toContain('/ucenter/homework');
    release();
    await item.locator('[data-testid=upload-entry][data-state=failed]').waitFor();
    await page.unroute('**/api/common/upload_file');
    await item.getByRole('button', { name: '重试' }).click();
    await item.locator('[data-testid=upload-entry][data-state=done]').waitFor();
    await item.getByRole('button', { name: '下一步' }).click();
    await item.getByRole('button', { name: '提交' }).click();
    await page.getByRole('dialog').getByRole('button', { name: '确定' }).click();
    await item.getByTestId('receipt').waitFor();
    const conn = db();
    const row = conn.prepare('select student_answer from marks where assignment_id = ?').get(id) as { student_answer: string };
    conn.close();
    expect(JSON.parse(row.student_answer)).toEqual([{ name: expect.stringContaining('.docx'), url: expect.stringMatching(/^\/files\/[0-9a-f]{32}\.docx$/) }]);
    await page.context().close();
  });

  it('shows an exam outside its time window as not yet open, with the spec message and its start time, before any click', async () => {
    const title = `未开始考试${tag}`;
    publish(title, 'exam', 2, classOf('stu00026'), [3600, 7200]);
    const page = await signIn('stu00026', '/ucenter/grades');
    const item = await card(page, 'grades', title);
    await expect(item.getByTestId('status-tag').textContent()).resolves.toBe('未开始');
    // The rule is shown before any click: the action is disabled, with the spec's message and the start time.
    await expect(item.getByRole('button', { name: '上传作业' }).isDisabled()).resolves.toBe(true);
    await expect(item.getByTestId('window-hint').textContent()).resolves.toMatch(/^不在考试时间范围內：\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2} 开始$/);
    await expect(item.getByTestId('work-panel').count()).resolves.toBe(0);
    // Its detail page is headed as an exam, under the 我的考试 tab.
    await item.getByRole('link', { name: title }).click();
    await page.waitForURL(/#\/ucenter\/gradesinfor/);
    await page.getByText('考试内容', { exact: true }).waitFor();
    expect(await page.getByText('作业内容').count()).toBe(0);
    await expect(page.locator('header.app-header .app-header__tab.is-active').textContent()).resolves.toBe('我的考试');
    // The page says where the student is, and the list it belongs to is one click away.
    const detail = visible(page, 'gradesinfor');
    await expect(detail.getByRole('heading', { level: 1 }).textContent()).resolves.toBe('考试详情');
    const trail = detail.getByRole('navigation', { name: '上级页面' });
    await expect(trail.getByRole('link').allTextContents()).resolves.toEqual(['我的考试']);
    await trail.getByRole('link', { name: '我的考试' }).click();
    await page.waitForURL(/#\/ucenter\/grades$/);
    await expect(visible(page, 'grades').getByRole('heading', { level: 1 }).textContent()).resolves.toBe('我的考试');
    await expect(visible(page, 'grades').getByRole('navigation', { name: '上级页面' }).count()).resolves.toBe(0);
    // Opened without an id (an address typed or cut short), the detail page says so and offers a way back.
    await page.goto(`${baseURL()}/#/ucenter/gradesinfor`);
    const missing = page.getByTestId('not-found-notice');
    await missing.getByText('未找到该考试').waitFor(); // the exam detail route (YAML labels.notFound)
    await missing.getByRole('button', { name: '返回' }).click();
    await page.waitForURL((url) => !url.hash.startsWith('#/ucenter/gradesinfor'));
    await page.context().close();
  });

  it('shows the score of graded work', async () => {
    const title = `已批阅作业${tag}`;
    const id = publish(title, 'homework', 2, classOf('stu00027'), [-86400 * 3, -3600]);
    const conn = db();
    const user = conn.prepare("select id from users where username = 'stu00027' and school_id = 100002").get() as { id: number };
    conn.prepare("insert into marks (assignment_id, user_id, student_answer, teacher_data, teacher_comment, score, receipt) values (?, ?, '[]', '{\"score\":87}', '线条清晰，注意比例。', 87, ?)").run(id, user.id, `E2E${tag}`.slice(0, 12));
    conn.close();
    const page = await signIn('stu00027', '/ucenter/homework');
    const item = await card(page, 'homework', title);
    await expect(item.getByTestId('total-score').textContent()).resolves.toBe('87');
    await item.getByRole('button', { name: '查看成绩' }).click();
    const modal = page.getByTestId('score-modal');
    await modal.getByText('线条清晰，注意比例。').waitFor();
    await expect(modal.textContent()).resolves.toContain('87');
    await page.context().close();
  });
});
