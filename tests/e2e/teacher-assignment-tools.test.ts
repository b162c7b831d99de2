import dayjs from 'dayjs';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PNG } from '../server/work-files';
import { baseURL, launchBrowser } from './browser';
import { query } from './db';
import { apiCall, classmates, signIn, teacherPage } from './staff-work';

// 复制 and 各班情况 on 作业与考试, as teacher1: a copy starts from the original as a draft with its own title and leaves
// the original alone; 各班情况 counts one class's hand-ins. Writes only its own homework (two students hand in).
let browser: Browser;
const tag = Date.now().toString(36).slice(-6);

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

describe('assignment list: copy and class by class', () => {
  it('copies a homework as a draft and shows each class’s hand-ins', async () => {
    const title = `复制练习${tag}`;
    const students = classmates(2);
    const [klass] = query<{ id: number; class_name: string; n: number }>(
      `select c.id, c.class_name, (select count(*) from users s where s.class_id = c.id and s.role = 'student') as n
       from users u join classes c on c.id = u.class_id where u.username = ? and u.school_id = 100002`, students[0]);
    const teacher = await signIn('teacher/login', 'teacher1', 'teacher123');
    const { id } = await apiCall<{ id: number }>('staff/assignment/save', {
      kind: 'homework', title, classify: 2, class_ids: [klass.id], content: '<p>拍摄卡环颊侧一张。</p>',
      start_time: dayjs().subtract(1, 'hour').format('YYYY-MM-DD HH:mm'), end_time: dayjs().add(3, 'day').format('YYYY-MM-DD HH:mm'),
    }, teacher);
    for (const username of students) {
      const token = await signIn('user/login', username, 'demo123');
      const form = new FormData();
      form.append('file', new Blob([new Uint8Array(PNG)]), `${username}.png`);
      const uploaded = await fetch(`${baseURL()}/api/common/upload_file`, { method: 'POST', body: form, headers: { authorization: `Bearer ${token}` } }).then((r) => r.json());
      await apiCall('assign/insertmark', { assignment_id: id, student_answer: JSON.stringify([uploaded.data.url]) }, token, true);
    }

    const page = await teacherPage(browser, `/teacher/assignments?f.keyword=${encodeURIComponent(title)}&page=1`);
    const shown = page.locator('[data-screen]:not([hidden])');
    const original = shown.getByTestId('table-row').filter({ hasText: title }).first();
    await original.getByRole('button', { name: '复制' }).click();
    const dialog = page.getByRole('dialog').first();
    await expect.poll(() => dialog.locator('#root_title').inputValue()).toBe(`${title}（副本）`);
    expect(await dialog.getByRole('radio', { name: '存为草稿' }).isChecked()).toBe(true);
    await dialog.getByText('拍摄卡环颊侧一张。').waitFor(); // the requirements come with it
    await dialog.getByRole('button', { name: '保存副本' }).click();
    await page.getByText('已复制为新的作业/考试').first().waitFor();

    const copy = shown.getByTestId('table-row').filter({ hasText: `${title}（副本）` });
    await copy.getByText('草稿').waitFor();
    const rows = query<{ id: number; title: string; published: number; content: string; classes: string }>(
      `select a.id, a.title, a.published, a.content, (select group_concat(class_id) from assignment_classes x where x.assignment_id = a.id) as classes
       from assignments a where a.title like ? order by a.id`, `${title}%`);
    expect(rows.map((r) => [r.title, r.published, r.classes])).toEqual([[title, 1, String(klass.id)], [`${title}（副本）`, 0, String(klass.id)]]);
    expect(rows[1].content).toBe(rows[0].content);
    expect(rows[1].id).not.toBe(id);

    await shown.getByTestId('table-row').filter({ hasText: title }).filter({ hasNotText: '副本' }).getByRole('button', { name: '各班情况' }).click();
    await page.waitForURL(new RegExp(`#/teacher/assignments/classes\\?id=${id}$`));
    const line = page.locator('[data-screen="teacher-assignment-classes"]').getByTestId('table-row').filter({ hasText: klass.class_name });
    await line.waitFor();
    // 班级 学生数 已交 已批阅 待批阅 未交 迟交
    expect((await line.innerText()).split(/\s+/).slice(1, 7)).toEqual([String(klass.n), '2', '0', '2', String(klass.n - 2), '0']);
    await page.context().close();
  }, 120_000);
});
