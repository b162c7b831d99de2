import { join } from 'node:path';
import Database from 'better-sqlite3';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dataDir, launchBrowser, loginAs, openPage } from './browser';

// stu00021 takes the open theory test 5 (every question type); nobody else writes to it here.
let browser: Browser;
let page: Page;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

/** What the server holds for stu00021's attempt at test 5: question type -> {answer, isright}. */
function stored(): Record<number, { answer: string; isright: number; poins: number }> {
  const db = new Database(join(dataDir(), 'app.sqlite'), { readonly: true });
  try {
    const rows = db.prepare(`select q.type, a.answer, a.isright, a.poins from theory_answers a
      join theory_attempts t on t.id = a.attempt_id join users u on u.id = t.user_id
      join theory_questions q on q.id = a.question_id where u.username = 'stu00021' and t.test_id = 5`).all() as { type: number; answer: string; isright: number; poins: number }[];
    return Object.fromEntries(rows.map((r) => [r.type, r]));
  } finally {
    db.close();
  }
}

const question = (type: number) => page.locator(`[data-testid="theory-question"][data-type="${type}"]`);
const saveStatus = () => page.getByTestId('save-status');
async function waitSaved() {
  await page.locator('[data-testid="save-status"][data-status="saved"]').waitFor({ timeout: 8000 });
}

const TEXTS = { 5: '上下颌牙齿接触的现象', 6: '牙周炎与糖尿病相互影响', 7: '改良 Bass 刷牙法' };

describe('theory exam: notice, answer, resume, offline, submit, review', () => {
  it('lists the open test, shows the notice and starts the exam', async () => {
    page = await openPage(browser, '/ucenter/theorylist');
    await page.waitForURL(/#\/login\?redirect=/);
    await loginAs(page, 'stu00021', 'demo123');
    const row = page.getByTestId('table-row').filter({ hasText: '口腔解剖生理学在线测验' });
    await expect(row.getByText('未考').textContent()).resolves.toBe('未考');
    await row.getByRole('button', { name: '进入考试' }).click();
    await page.waitForURL(/#\/ucenter\/theoryexam\?testid=5/);
    // The notice first: the paper is not served (nor shown) until the clock starts.
    await page.getByTestId('exam-notice').waitFor();
    await expect(page.getByTestId('exam-rules').textContent()).resolves.toMatch(/考试时长 30 分钟[\s\S]*不能暂停[\s\S]*自动保存/);
    await expect(page.getByTestId('theory-question').count()).resolves.toBe(0);
    await page.getByRole('button', { name: '开始考试' }).click();
    await question(7).waitFor();
    await expect(page.getByTestId('theory-question').count()).resolves.toBe(7);
    await expect(page.getByTestId('exam-countdown').textContent()).resolves.toMatch(/剩余 (29|30):\d\d/);
    await expect(question(1).getByTestId('question-points').textContent()).resolves.toBe('（10分）');
  });

  it('answers one question of each type and the server holds every answer within 2 s', async () => {
    await question(1).getByLabel('C. 近中舌尖').check();
    for (const label of ['A. 釉质', 'B. 牙本质', 'D. 牙髓']) await question(2).getByLabel(label).check();
    await question(3).getByLabel('正确').check();
    await question(4).getByLabel('第1空').fill('32');
    await question(4).getByLabel('第2空').fill('12');
    await question(4).getByLabel('第3空').fill('8');
    await question(5).locator('textarea').fill(TEXTS[5]);
    await question(6).locator('textarea').fill(TEXTS[6]);
    const started = Date.now();
    await waitSaved();
    expect(Date.now() - started).toBeLessThan(2500);
    expect(stored()).toMatchObject({ 1: { answer: 'C' }, 2: { answer: 'A B D' }, 3: { answer: '正确' }, 4: { answer: '32 12 8' }, 5: { answer: TEXTS[5] }, 6: { answer: TEXTS[6] } });
  });

  it('lists unanswered questions before the confirmation, and cancelling says so', async () => {
    await page.getByRole('button', { name: '交卷' }).first().click();
    await expect(page.getByTestId('unanswered-list').textContent()).resolves.toContain('第 7 题');
    await page.getByRole('button', { name: '取消' }).click();
    await page.getByText('已取消').first().waitFor();
  });

  it('restores every answer after a reload, straight on the paper', async () => {
    await page.reload();
    await question(1).waitFor();
    await expect(page.getByTestId('exam-notice').count()).resolves.toBe(0);
    expect(await question(1).getByLabel('C. 近中舌尖').isChecked()).toBe(true);
    expect(await question(2).getByLabel('A. 釉质').isChecked()).toBe(true);
    expect(await question(2).getByLabel('D. 牙髓').isChecked()).toBe(true);
    expect(await question(2).getByLabel('C. 牙骨质').isChecked()).toBe(false);
    expect(await question(3).getByLabel('正确').isChecked()).toBe(true);
    expect(await question(4).getByLabel('第3空').inputValue()).toBe('8');
    expect(await question(5).locator('textarea').inputValue()).toBe(TEXTS[5]);
    expect(await question(6).locator('textarea').inputValue()).toBe(TEXTS[6]);
  });

  it('keeps answers made offline and sends them when the network returns', async () => {
    await page.context().setOffline(true);
    await question(2).getByLabel('D. 牙髓').uncheck();
    await question(2).getByLabel('C. 牙骨质').check();
    await question(7).locator('textarea').fill(TEXTS[7]);
    await page.locator('[data-testid="save-status"][data-status="offline"]').waitFor({ timeout: 8000 });
    expect(stored()[2].answer).toBe('A B D'); // the server has not seen them yet
    expect(stored()[7]).toBeUndefined();

    await page.context().setOffline(false);
    await waitSaved();
    expect(stored()).toMatchObject({ 2: { answer: 'A B C' }, 7: { answer: TEXTS[7] } });
    expect(await saveStatus().textContent()).toBe('已保存');
  });

  it('keeps the paper open through a server error while saving, retries, and saves', async () => {
    let failures = 0;
    await page.route('**/api/theory/test', async (route) => {
      if (route.request().method() === 'POST' && failures < 1) {
        failures++;
        return route.fulfill({ status: 500, contentType: 'application/json', body: JSON.stringify({ code: 500, message: '服务器内部错误', data: null }) });
      }
      return route.continue();
    });
    const text = `${TEXTS[7]}（重试后保存）`;
    await question(7).locator('textarea').fill(text);
    await page.locator('[data-testid="save-status"][data-status="retrying"]').waitFor({ timeout: 8000 });
    expect(await saveStatus().textContent()).toContain('答案已保存在本机');
    expect(await question(7).locator('textarea').isEnabled()).toBe(true);
    expect(await page.getByRole('button', { name: '交卷' }).first().isEnabled()).toBe(true);
    expect(await page.getByText('其他错误').count()).toBe(0);
    await waitSaved();
    expect(failures).toBe(1);
    expect(stored()[7].answer).toBe(text);
    await page.unroute('**/api/theory/test');
    await question(7).locator('textarea').fill(TEXTS[7]);
    await waitSaved();
  });

  it('keeps the timer bar below the site header and asks before leaving through the header', async () => {
    await page.mouse.wheel(0, 5000);
    await expect.poll(async () => {
      const header = await page.locator('header.app-header').boundingBox();
      const bar = await page.getByTestId('exam-bar').boundingBox();
      return bar!.y - (header!.y + header!.height);
    }).toBeGreaterThanOrEqual(-1);
    const examURL = page.url();
    await page.locator('header.app-header').getByRole('link', { name: '成绩中心' }).click();
    const dialog = page.getByRole('dialog', { name: '离开考试' });
    await dialog.waitFor();
    await dialog.getByRole('button', { name: '关闭' }).waitFor(); // dialogs' close buttons are named
    await dialog.getByRole('button', { name: '继续答题' }).click();
    await dialog.waitFor({ state: 'detached' });
    expect(page.url()).toBe(examURL);
    await page.locator('header.app-header').getByRole('link', { name: '成绩中心' }).click();
    await page.getByTestId('leave-exam').click();
    await page.waitForURL((url) => url.toString() !== examURL);
    await page.goBack();
    await question(1).waitFor(); // an attempt in progress opens straight on the paper
    await page.reload(); // drop the kept-alive 成绩中心 screen, so the next test sees only the review's rows
    await question(1).waitFor();
  });

  it('submits after the confirmation and shows the review with right/wrong marks from the server', async () => {
    await page.getByRole('button', { name: '交卷' }).first().click();
    await expect(page.getByTestId('unanswered-list').textContent()).resolves.toContain('全部题目均已作答');
    await page.getByRole('button', { name: '确认交卷' }).click();
    await page.waitForURL(/#\/ucenter\/answerlist\?testid=5/);
    await page.getByTestId('table-row').first().waitFor();
    const rows = page.getByTestId('table-row');
    await expect(rows.count()).resolves.toBe(7);

    const held = stored();
    expect(held[1]).toMatchObject({ isright: 1, poins: 10 });
    expect(held[2]).toMatchObject({ isright: 1, poins: 15 });
    expect(held[3]).toMatchObject({ isright: 1 });
    expect(held[4]).toMatchObject({ isright: 1 });
    expect(held[5].isright).toBe(0);
    const label = (a: { isright: number; poins: number }) => (a.isright === 2 && a.poins > 0 ? '部分得分' : { 0: '待批阅', 1: '正确', 2: '错误' }[a.isright]);
    const types = [1, 2, 3, 4, 5, 6, 7];
    for (const [i, type] of types.entries()) {
      await expect(rows.nth(i).getByTestId('cell-tag').textContent()).resolves.toBe(label(held[type]));
    }
    // The total, the time used and what still waits for the teacher, above the answers.
    const caption = await page.getByTestId('table-caption').textContent();
    expect(caption).toMatch(/得分 45 \/ \d+ 分（3 题待老师批阅，成绩暂定）　用时 \d+ 分钟/);

    await page.goto(page.url().replace(/#.*/, '#/ucenter/theorylist'));
    const row = page.getByTestId('table-row').filter({ hasText: '口腔解剖生理学在线测验' });
    await row.getByText('待批阅').waitFor(); // three discussion answers wait for the teacher
    await expect(row.textContent()).resolves.toContain('45 分（暂定）');
    await page.context().close();
  });
});
