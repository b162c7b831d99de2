import { join } from 'node:path';
import Database from 'better-sqlite3';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dataDir, launchBrowser, loginAs, openPage } from './browser';

// stu00008 adds a topic; nobody else writes topics in the e2e run.
let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

/** stu00008's topics as the database holds them, with the teacher's and experiment's names. */
function storedTopics(): { title: string; content: string; teacher: string; learn: string }[] {
  const db = new Database(join(dataDir(), 'app.sqlite'), { readonly: true });
  try {
    return db.prepare(`select t.title, t.content, te.realname as teacher, l.name as learn from topics t
      join users u on u.id = t.user_id join users te on te.id = t.teacher_id join learns l on l.id = t.learn_id
      where u.username = 'stu00008' order by t.id`).all() as { title: string; content: string; teacher: string; learn: string }[];
  } finally {
    db.close();
  }
}

async function choose(page: Page, id: string, index: number): Promise<string> {
  const dialog = page.getByRole('dialog');
  await dialog.locator(`#root_${id}`).click();
  const option = page.getByRole('option').nth(index);
  const label = (await option.textContent()) ?? '';
  await option.click();
  return label;
}

describe('question topics and the weekly picker', () => {
  it('adds a topic through the dialog and sees it in the list', async () => {
    const page = await openPage(browser, '/ucenter/Questionon');
    await page.waitForURL(/#\/login\?redirect=/);
    await loginAs(page, 'stu00008', 'demo123');
    await page.waitForURL(/#\/ucenter\/Questionon/);
    await page.getByText('暂无提问').waitFor();

    await page.getByRole('button', { name: '添加', exact: true }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByText('添加问题').waitFor();
    // Confirm with nothing filled: the messages from the YAML, nothing stored.
    await dialog.getByRole('button', { name: '确定' }).click();
    await dialog.getByText('请选择提问老师').first().waitFor();
    await expect(dialog.getByText('请输入内容！').count()).resolves.toBeGreaterThan(0);
    expect(storedTopics()).toHaveLength(0);

    await dialog.locator('#root_title').fill('邻面预备量如何控制');
    const teacher = await choose(page, 'teacher_id', 1);
    const learn = await choose(page, 'learn_id', 0);
    await dialog.locator('#root_content').fill('每次邻面都磨得偏多，有什么判断方法？');
    await expect(dialog.locator('#root_content').getAttribute('rows')).resolves.toBe('2');
    await dialog.getByRole('button', { name: '确定' }).click();
    await dialog.waitFor({ state: 'hidden' });

    const row = page.getByTestId('table-row').filter({ hasText: '邻面预备量如何控制' });
    await row.waitFor();
    await expect(row.textContent()).resolves.toContain(teacher);
    await expect(row.textContent()).resolves.toContain(learn);
    await expect(row.getAttribute('data-tone')).resolves.toBe('warning');
    expect(storedTopics()).toEqual([{ title: '邻面预备量如何控制', content: '每次邻面都磨得偏多，有什么判断方法？', teacher, learn }]);

    // Cancel closes the dialog without storing anything.
    await page.getByRole('button', { name: '添加', exact: true }).click();
    await dialog.locator('#root_title').fill('不提交的问题');
    await dialog.getByRole('button', { name: '取消' }).click();
    await dialog.waitFor({ state: 'hidden' });
    expect(storedTopics()).toHaveLength(1);
    await page.context().close();
  });

  it('moves two weeks forward and back, rotating the schedule variant on every change', async () => {
    const page = await openPage(browser, '/Questime');
    const strip = page.getByTestId('weekly-day');
    await strip.first().waitFor();
    const dates = () => strip.evaluateAll((els) => els.map((e) => e.getAttribute('data-date')));
    const variant = () => page.getByTestId('weekly-schedule').getAttribute('data-variant');
    const days = (a: string, b: string) => (Date.parse(b) - Date.parse(a)) / 86400000;

    const start = await dates();
    expect(start).toHaveLength(7);
    expect(new Date(`${start[0]}T00:00:00Z`).getUTCDay()).toBe(1);
    await expect(page.getByTestId('weekly-today').textContent()).resolves.toBe('今天');
    expect(await variant()).toBe('1');

    const seen: string[] = [];
    for (const button of ['weekly-next', 'weekly-next', 'weekly-prev', 'weekly-prev']) {
      const before = (await dates())[0]!;
      await page.getByTestId(button).click();
      expect(days(before, (await dates())[0]!)).toBe(button === 'weekly-next' ? 7 : -7);
      seen.push((await variant())!);
    }
    expect(seen).toEqual(['2', '3', '1', '2']);
    expect(await dates()).toEqual(start);
    await expect(page.getByTestId('weekly-today').count()).resolves.toBe(1);

    await strip.nth(2).click();
    await expect(page.getByTestId('weekly-selected').textContent()).resolves.toBe(start[2]);
    for (const slot of ['00:00~06:00', '06:00~12:00', '12:00~18:00', '18:00~24:00', '今日节目']) await page.getByText(slot, { exact: true }).waitFor();
    await page.context().close();
  });
});
