import type { Browser, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { describeFindings, seriousViolations } from './axe';
import { baseURL, launchBrowser, openAs } from './browser';
import { query } from './db';

// Each test is a different student of the demo school, with its own signed-in page: any test runs alone, and a
// failure does not carry into the next. teacher1 answers through the teacher API.
let browser: Browser;
let page: Page;
let teacherToken: string;
let teacher: { id: number; realname: string };

async function post(name: string, form: Record<string, string | number>, token?: string) {
  const reply = await fetch(`${baseURL()}/api/${name}`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded', ...(token && { authorization: `Bearer ${token}` }) },
    body: new URLSearchParams(Object.entries(form).map(([k, v]) => [k, String(v)])),
  });
  return reply.json();
}

const dbRows = query;

const idOf = (username: string) => dbRows<{ id: number }>('select id from users where username = ? and school_id = 100002', username)[0].id;

/** The student's signed-in page on the practice list, with `asked` already sent to teacher1 through the API. */
async function studentPage(username: string, asked?: string): Promise<{ page: Page; studentId: number }> {
  if (asked) {
    const token = (await post('user/login', { username, password: 'demo123', school_id: 100002 })).data.token;
    expect((await post('answer/addmessage', { teacher_id: teacher.id, message: asked }, token)).code).toBe(200);
  }
  page = await openAs(browser, username, '/ucenter/practiceList');
  await page.getByTestId('user-menu').waitFor();
  return { page, studentId: idOf(username) };
}

async function openFromMenu(label: string) {
  await page.getByTestId('user-menu').click();
  await page.getByRole('menuitem', { name: label }).click();
}

/** Opens 我的消息 on the conversation with teacher1. */
async function openConversation() {
  await openFromMenu('我的消息');
  await page.getByTestId('chat-conversation').filter({ hasText: teacher.realname }).click();
}

beforeAll(async () => {
  browser = await launchBrowser();
  teacherToken = (await post('teacher/login', { username: 'teacher1', password: 'teacher123', school_id: 100002 })).data.token;
  teacher = dbRows<{ id: number; realname: string }>("select id, realname from users where username = 'teacher1' and school_id = 100002")[0];
});
afterEach(async () => {
  await page?.context().close();
});
afterAll(async () => {
  await browser?.close();
});

describe('messaging: asking teachers, replies and notifications', () => {
  it('asks a teacher from the teacher list; an empty message is refused and a real one is sent', async () => {
    const { studentId } = await studentPage('stu00032');
    await openFromMenu('答疑老师');
    const row = page.getByTestId('table-row').filter({ hasText: teacher.realname });
    await row.getByRole('button', { name: '提问' }).click();
    const dialog = page.locator('.chat-dialog__content');
    await dialog.waitFor();
    expect((await dialog.boundingBox())?.width).toBe(940);
    await expect(page.getByTestId('chat-conversation').first().textContent()).resolves.toContain(teacher.realname);

    await page.getByTestId('chat-input').fill('   ');
    await page.getByTestId('chat-send').click();
    await page.getByText('请输入内容！').first().waitFor();

    await page.getByTestId('chat-input').fill('老师好，<b>肩台</b>宽度多少合适？');
    await page.getByTestId('chat-send').click();
    await page.getByTestId('chat-message-text').filter({ hasText: '老师好，<b>肩台</b>宽度多少合适？' }).waitFor();
    await page.waitForFunction(() => (document.querySelector('[data-testid="chat-input"]') as HTMLTextAreaElement)?.value === '');
    const stored = dbRows<{ message: string; author_id: number }>('select message, author_id from messages where student_id = ? and teacher_id = ?', studentId, teacher.id);
    expect(stored).toEqual([{ message: '老师好，<b>肩台</b>宽度多少合适？', author_id: studentId }]);

    // From the keyboard: Shift+Enter is a new line, Enter sends, and the cursor stays in the box.
    const box = page.getByTestId('chat-input');
    await box.click();
    await page.keyboard.type('还有一个问题：');
    await page.keyboard.press('Shift+Enter');
    await page.keyboard.type('车针选哪种？');
    await page.keyboard.press('Enter');
    await page.getByTestId('chat-message-text').filter({ hasText: '车针选哪种？' }).waitFor();
    await page.waitForFunction(() => (document.querySelector('[data-testid="chat-input"]') as HTMLTextAreaElement)?.value === '');
    await expect.poll(() => page.evaluate(() => document.activeElement?.getAttribute('data-testid'))).toBe('chat-input');
    expect(dbRows<{ message: string }>('select message from messages where student_id = ? and teacher_id = ? order by id', studentId, teacher.id).map((m) => m.message))
      .toEqual(['老师好，<b>肩台</b>宽度多少合适？', '还有一个问题：\n车针选哪种？']);
    // ... so Esc still reaches the dialog, which asks before closing.
    await page.keyboard.press('Escape');
    await page.getByTestId('chat-confirm-close').getByText('确认关闭？').waitFor();
  });

  it('says the conversation list failed to load, with a retry, never 暂无消息 for a list that did not arrive', async () => {
    await studentPage('stu00037', '种植窝洞预备的转速？');
    let fail = true;
    let release = () => {};
    const held = new Promise<void>((resolve) => { release = resolve; });
    await page.route(/\/api\/answer\/messagelist/, async (route) => {
      if (fail) return route.fulfill({ status: 502, body: 'Bad Gateway' });
      await held;
      return route.continue();
    });
    await openFromMenu('我的消息');
    const list = page.getByTestId('chat-list');
    const failed = list.getByTestId('load-failed');
    await failed.waitFor({ timeout: 15_000 });
    expect(await failed.textContent()).toContain('会话列表加载失败');
    expect(await list.getByText('暂无消息').count()).toBe(0);
    fail = false;
    await failed.getByRole('button', { name: '重新加载' }).click();
    // While the list is on its way its spinner is announced as such, and passes axe like the rest of the dialog.
    await list.getByRole('status', { name: '会话列表加载中' }).waitFor();
    expect(describeFindings('loading list', await seriousViolations(page, '[data-testid="chat-list"]'))).toEqual([]);
    release();
    await page.getByTestId('chat-conversation').filter({ hasText: teacher.realname }).waitFor();
    expect(await failed.count()).toBe(0);
  });

  it('shows a teacher reply sent through the teacher API while the dialog is open', async () => {
    const { studentId } = await studentPage('stu00033', '车针选哪种？');
    await openConversation();
    await page.getByTestId('chat-message-text').filter({ hasText: '车针选哪种？' }).waitFor();
    const sent = await post('teacher/reply', { student_id: studentId, message: '唇侧 1.0mm 左右。' }, teacherToken);
    expect(sent.code).toBe(200);
    await page.getByTestId('chat-message-text').filter({ hasText: '唇侧 1.0mm 左右。' }).waitFor({ timeout: 8000 });
    await expect(page.getByTestId('chat-message').count()).resolves.toBe(2);
  });

  it('asks before closing, then shows the unread dot for a reply that came while closed', async () => {
    const { studentId } = await studentPage('stu00034', '肩台宽度多少合适？');
    await openConversation();
    await page.getByTestId('chat-message-text').filter({ hasText: '肩台宽度多少合适？' }).waitFor();
    await page.locator('.chat-dialog__content .mantine-Modal-close').click();
    await page.getByText('确认关闭？').waitFor();
    await page.getByTestId('chat-confirm-close-ok').click();
    await page.locator('.chat-dialog__content').waitFor({ state: 'detached' });

    await post('teacher/reply', { student_id: studentId, message: '还有问题随时问。' }, teacherToken);
    await page.getByTestId('unread-dot').waitFor({ timeout: 25000 }); // polling.unread is 10 s
    // A screen reader hears it too: the user button is named with it, and the header passes axe.
    await page.getByRole('button', { name: /有未读消息/ }).waitFor();
    expect(describeFindings('header with unread dot', await seriousViolations(page, '.app-header'))).toEqual([]);
    await openFromMenu('我的消息');
    const conversation = page.getByTestId('chat-conversation').filter({ hasText: teacher.realname });
    await conversation.getByTestId('chat-unread-dot').waitFor();
    await expect(page.getByTestId('chat-placeholder').isVisible()).resolves.toBe(true);
    await conversation.click();
    await page.getByTestId('chat-message-text').filter({ hasText: '还有问题随时问。' }).waitFor();
    await conversation.getByTestId('chat-unread-dot').waitFor({ state: 'detached' });
    expect(dbRows<{ status: number }>('select status from conversations where student_id = ?', studentId)).toEqual([{ status: 0 }]);
  });

  it('deletes the open conversation after a confirmation: the history and the selection are cleared', async () => {
    const { studentId } = await studentPage('stu00035', '备牙时要注意什么？');
    await openConversation();
    await page.getByTestId('chat-message-text').filter({ hasText: '备牙时要注意什么？' }).waitFor();
    const remove = () => page.getByTestId('chat-conversation').filter({ hasText: teacher.realname }).getByTestId('chat-delete').click();
    await remove();
    const confirm = page.getByTestId('chat-confirm-delete');
    await confirm.getByRole('button', { name: '取消' }).click(); // changed their mind: nothing is deleted
    await confirm.getByText('确认删除？', { exact: false }).waitFor({ state: 'hidden' });
    expect(dbRows<{ deleted_by_student: number }>('select deleted_by_student from conversations where student_id = ?', studentId)).toEqual([{ deleted_by_student: 0 }]);
    await remove();
    await page.getByTestId('chat-confirm-delete-ok').click();
    await page.getByTestId('chat-placeholder').waitFor();
    await page.getByTestId('chat-conversation').first().waitFor({ state: 'detached' });
    expect(dbRows<{ deleted_by_student: number }>('select deleted_by_student from conversations where student_id = ?', studentId)).toEqual([{ deleted_by_student: 1 }]);
  });

  it('lists a notification and opens the dialog on its teacher from 查看, marking it read', async () => {
    const { studentId } = await studentPage('stu00036');
    expect((await post('teacher/notify', { student_id: studentId, content: '周四实训课改到 301 教室。' }, teacherToken)).code).toBe(200);
    await openFromMenu('消息通知'); // the page's entry point in the user menu
    await page.waitForURL(/#\/ucenter\/notifications/);
    const row = page.getByTestId('table-row').filter({ hasText: '周四实训课改到 301 教室。' });
    await row.getByText('未读').waitFor();
    await row.getByRole('button', { name: '查看' }).click();
    await page.locator('.chat-dialog__content').waitFor();
    await page.getByTestId('chat-conversation').filter({ hasText: teacher.realname }).waitFor();
    await row.getByText('已读').waitFor();
    expect(dbRows<{ read: number }>('select read_at is not null as read from notifications where user_id = ?', studentId)).toEqual([{ read: 1 }]);
  });
});
