import { rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import dayjs from 'dayjs';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DOCX } from '../server/work-files';
import { launchBrowser, loginAs, openPage } from './browser';
import { query } from './db';
import { pickDateTime } from './staff-forms';

// The homework form's formatted requirements (ui:widget richtext, TipTap) under the site's CSP, as the student sees
// them. Accounts: teacher1 writes, stu00001 (a class teacher1 teaches) reads.
let browser: Browser;
const tag = Date.now().toString(36);
const guide = join(tmpdir(), `${tag}-备牙步骤.docx`);

beforeAll(async () => {
  browser = await launchBrowser();
  writeFileSync(guide, DOCX);
});
afterAll(async () => {
  await browser?.close();
  rmSync(guide, { force: true });
});

async function teacherSignIn(route: string): Promise<Page> {
  const page = await openPage(browser, route, { width: 1366, height: 768 });
  await page.locator('#root_username').fill('teacher1');
  await page.locator('#root_password').fill('teacher123');
  await page.getByRole('button', { name: '登录' }).click();
  await page.waitForURL(new RegExp(`#${route.replace(/[/?]/g, '\\$&')}$`));
  return page;
}

describe('homework requirements, attachments and linked course in the teacher form', () => {
  it('the teacher formats the requirements, attaches a file and links a course; the student sees all three on 作业详情', async () => {
    const title = `全冠预备体要求${tag}`;
    const [klass] = query<{ class_name: string }>("select c.class_name from users u join classes c on c.id = u.class_id where u.username = 'stu00001' and u.school_id = 100002");
    const teacher = await teacherSignIn('/teacher/assignments');
    await teacher.getByRole('button', { name: '布置作业/考试' }).click();
    const dialog = teacher.getByRole('dialog').first();
    await dialog.locator('#root_title').fill(title);
    await dialog.locator('#root_class_ids').click();
    await teacher.getByRole('option', { name: klass.class_name, exact: true }).click();
    await teacher.keyboard.press('Escape');
    await pickDateTime(teacher, 'start_time', dayjs().subtract(1, 'hour').startOf('minute'));
    await pickDateTime(teacher, 'end_time', dayjs().add(3, 'day').hour(18).minute(0));

    const editor = dialog.locator('#root_content');
    await editor.click();
    await teacher.keyboard.type('拍摄');
    await dialog.getByRole('button', { name: '加粗' }).click();
    await teacher.keyboard.type('颊侧和舌侧');
    await dialog.getByRole('button', { name: '加粗' }).click();
    await teacher.keyboard.type('各一张');
    await teacher.keyboard.press('Enter');
    await dialog.getByRole('button', { name: '无序列表' }).click();
    await teacher.keyboard.type('肩台连续');
    await teacher.keyboard.press('Enter');
    await teacher.keyboard.type('轴面聚合度 6°');
    await expect.poll(() => editor.locator('strong').textContent()).toBe('颊侧和舌侧');

    // An attachment goes up as it is chosen; a linked simulation course is picked from the school's courses.
    await dialog.getByTestId('files-widget').locator('input[type=file]').setInputFiles(guide);
    await dialog.getByTestId('files-entry').filter({ hasText: `${tag}-备牙步骤.docx` }).waitFor();
    const [course] = query<{ id: number; name: string }>('select id, name from learns where parent_learn_id is null and state = 1 and (school_id = 100002 or school_id is null) order by sort, id limit 1');
    await dialog.locator('#root_learn_id').click();
    await teacher.getByRole('option', { name: course.name, exact: true }).click();
    await dialog.getByRole('button', { name: '保存' }).click();
    await teacher.getByText('保存成功').first().waitFor();

    const [stored] = query<{ id: number; content: string; annex: string; learn_id: number }>('select id, content, annex, learn_id from assignments where title = ?', title);
    expect(stored.learn_id).toBe(course.id);
    expect(JSON.parse(stored.annex)).toEqual([{ name: `${tag}-备牙步骤.docx`, url: expect.stringMatching(/^\/files\/[0-9a-f]{32}\.docx$/) }]);
    expect(stored.content).toBe('<p>拍摄<strong>颊侧和舌侧</strong>各一张</p><ul><li><p>肩台连续</p></li><li><p>轴面聚合度 6°</p></li></ul>');

    // 编辑 loads the stored HTML back into the editor.
    const row = teacher.getByTestId('table-row').filter({ hasText: title });
    await row.getByRole('button', { name: '编辑' }).click();
    const edit = teacher.getByRole('dialog').first();
    await expect.poll(() => edit.locator('#root_content strong').textContent()).toBe('颊侧和舌侧');
    await expect.poll(() => edit.locator('#root_content li').count()).toBe(2);
    await expect(edit.getByTestId('files-entry').textContent()).resolves.toBe(`${tag}-备牙步骤.docx`);
    await teacher.context().close();

    const student = await openPage(browser, `/login?redirect=${encodeURIComponent(`/ucenter/homeworkinfor?id=${stored.id}`)}`);
    await loginAs(student, 'stu00001', 'demo123');
    const detail = student.getByTestId('work-detail');
    await detail.waitFor();
    await expect.poll(() => detail.locator('strong').filter({ hasText: '颊侧和舌侧' }).count()).toBe(1);
    await expect(detail.locator('li').allTextContents()).resolves.toEqual(['肩台连续', '轴面聚合度 6°']);
    await detail.getByText(course.name).first().waitFor();
    const link = detail.getByTestId('attached-files').getByRole('link', { name: `${tag}-备牙步骤.docx` });
    const href = (await link.getAttribute('href'))!;
    // The student's session opens it (the server checks the class); the bytes are the file the teacher attached.
    const size = await student.evaluate(async (url) => (await fetch(url)).arrayBuffer().then((b) => b.byteLength), href);
    expect(size).toBe(DOCX.length);
    await student.context().close();
  });
});
