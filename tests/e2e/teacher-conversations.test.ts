import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { baseURL, launchBrowser, openPage } from './browser';
import { query } from './db';

// 学生消息: stu00001 writes to teacher1 (through the API, as the student's chat does), teacher1 answers in the console.
let browser: Browser;
const tag = Date.now().toString(36);
async function api(name: string, body: Record<string, string | number>, token?: string, method = 'POST') {
  const params = new URLSearchParams(Object.entries(body).map(([k, v]) => [k, String(v)]));
  const base = `${baseURL()}/api/${name}`;
  const headers = { ...(token && { authorization: `Bearer ${token}` }) };
  const reply = method === 'GET'
    ? await fetch(`${base}?${params}`, { headers }).then((r) => r.json())
    : await fetch(base, { method, body: params, headers: { ...headers, 'content-type': 'application/x-www-form-urlencoded' } }).then((r) => r.json());
  return reply.data;
}

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

describe('teacher console: 学生消息', () => {
  it('the teacher sees the unread conversation first, reads it in the dialog and replies; the student gets the reply', async () => {
    const token = (await api('user/login', { username: 'stu00001', password: 'demo123', school_id: 100002 })).token as string;
    const [teacher] = query<{ id: number }>("select id from users where username = 'teacher1' and school_id = 100002");
    const [student] = query<{ id: number; realname: string }>("select id, realname from users where username = 'stu00001' and school_id = 100002");
    const question = `熔模铸造的包埋料怎么调${tag}？`;
    await api('answer/addmessage', { teacher_id: teacher.id, message: question }, token);

    const page = await openPage(browser, '/teacher/conversations', { width: 1366, height: 768 });
    await page.locator('#root_username').fill('teacher1');
    await page.locator('#root_password').fill('teacher123');
    await page.getByRole('button', { name: '登录' }).click();
    const first = page.getByTestId('table-row').first();
    await expect.poll(() => first.textContent()).toContain(question);
    await first.getByRole('button', { name: '回复' }).click();
    const dialog = page.getByRole('dialog').first();
    await expect.poll(() => dialog.locator('#root_transcript').inputValue()).toContain(`${student.realname}`);
    await expect(dialog.locator('#root_transcript').inputValue()).resolves.toContain(question);
    await dialog.getByRole('button', { name: '发送' }).click();
    await dialog.getByText('请输入内容！').first().waitFor();
    await dialog.locator('#root_message').fill('按粉液比称量，真空调拌 60 秒。');
    await dialog.getByRole('button', { name: '发送' }).click();
    await page.getByText('发送成功').first().waitFor();
    await page.getByRole('dialog').waitFor({ state: 'detached' });
    await page.getByTestId('table-row').filter({ hasText: '我：按粉液比称量，真空调拌 60 秒。' }).waitFor();
    await page.context().close();

    const thread = (await api('answer/messageinfo', { teacher_id: teacher.id }, token, 'GET')) as { message: string; author_id: number }[];
    expect(thread.at(-1)).toMatchObject({ message: '按粉液比称量，真空调拌 60 秒。', author_id: teacher.id });
  }, 90_000);
});
