import { rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import dayjs from 'dayjs';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PNG } from '../server/work-files';
import { baseURL, launchBrowser, loginAs, openPage } from './browser';
import { query } from './db';

// 退回重做 as two people: teacher1 hands stu00001's work back from the grader, the student sees why on 作业详情 and
// hands in again, the grader has it waiting again.
let browser: Browser;
const tag = Date.now().toString(36);
const photo = join(tmpdir(), `${tag}-retake.png`);
const toast = (page: Page, text: string) => page.getByText(text).first().waitFor({ timeout: 8000 });

beforeAll(async () => {
  browser = await launchBrowser();
  writeFileSync(photo, PNG);
});
afterAll(async () => {
  await browser?.close();
  rmSync(photo, { force: true });
});

async function apiCall(name: string, body: Record<string, unknown>, token: string, json = false) {
  const reply = await fetch(`${baseURL()}/api/${name}`, {
    method: 'POST',
    body: json ? JSON.stringify(body) : new URLSearchParams(Object.entries(body).map(([k, v]) => [k, String(v)])),
    headers: { 'content-type': json ? 'application/json' : 'application/x-www-form-urlencoded', authorization: `Bearer ${token}` },
  }).then((r) => r.json());
  return reply.data;
}
const login = async (name: string, username: string, password: string) =>
  (await fetch(`${baseURL()}/api/${name}`, { method: 'POST', body: new URLSearchParams({ username, password, school_id: '100002' }) }).then((r) => r.json())).data.token as string;

describe('returning work for resubmission', () => {
  it('the teacher returns a submission with a reason; the student sees it, hands in again; the grader has it waiting', async () => {
    const title = `卡环重拍${tag}`;
    const teacherToken = await login('teacher/login', 'teacher1', 'teacher123');
    const studentToken = await login('user/login', 'stu00001', 'demo123');
    const [klass] = query<{ class_id: number }>("select class_id from users where username = 'stu00001' and school_id = 100002");
    const { id } = await apiCall('staff/assignment/save', {
      kind: 'homework', title, classify: 2, start_time: dayjs().subtract(1, 'hour').format('YYYY-MM-DD HH:mm'), end_time: dayjs().add(2, 'day').format('YYYY-MM-DD HH:mm'), class_ids: [klass.class_id],
    }, teacherToken, true);
    const form = new FormData();
    form.append('file', new Blob([new Uint8Array(PNG)]), 'first.png');
    const uploaded = await fetch(`${baseURL()}/api/common/upload_file`, { method: 'POST', body: form, headers: { authorization: `Bearer ${studentToken}` } }).then((r) => r.json());
    await apiCall('assign/insertmark', { assignment_id: id, student_answer: JSON.stringify([uploaded.data.url]) }, studentToken);

    const teacher = await openPage(browser, `/teacher/grade?id=${id}`, { width: 1366, height: 768 });
    await teacher.locator('#root_username').fill('teacher1');
    await teacher.locator('#root_password').fill('teacher123');
    await teacher.getByRole('button', { name: '登录' }).click();
    const panel = teacher.getByTestId('grade-panel');
    await panel.waitFor();
    await panel.getByRole('button', { name: '退回重做' }).click();
    await panel.getByText('请在评语中写明退回原因').waitFor();
    await panel.getByTestId('grade-comment').fill('照片反光看不清卡环臂，请重拍。');
    await panel.getByRole('button', { name: '退回重做' }).click();
    await panel.getByTestId('return-confirm').getByRole('button', { name: '确定退回' }).click();
    await toast(teacher, '已退回，学生可以重新提交');
    await expect.poll(() => teacher.getByTestId('grader-counts').textContent()).toContain('已交 0');
    expect(query('select comment from returned_work where assignment_id = ?', id)).toEqual([{ comment: '照片反光看不清卡环臂，请重拍。' }]);

    const student = await openPage(browser, `/login?redirect=${encodeURIComponent(`/ucenter/homeworkinfor?id=${id}`)}`);
    await loginAs(student, 'stu00001', 'demo123');
    const notice = student.getByTestId('returned-notice');
    await notice.getByText('照片反光看不清卡环臂，请重拍。').waitFor();
    const detail = student.getByTestId('work-detail');
    await detail.getByRole('button', { name: '上传作业' }).click();
    await detail.getByTestId('work-files').locator('input[type=file]').setInputFiles(photo);
    await detail.locator('[data-testid=upload-entry][data-state=done]').waitFor();
    await detail.getByRole('button', { name: '下一步' }).click();
    await detail.getByRole('button', { name: '提交' }).click();
    await student.getByRole('dialog').getByRole('button', { name: '确定' }).click();
    await toast(student, '提交成功');
    await expect.poll(() => notice.count()).toBe(0);
    await student.context().close();

    await teacher.reload();
    await expect.poll(() => teacher.getByTestId('grader-counts').textContent()).toContain('待批阅 1');
    await teacher.getByTestId('grade-panel').getByRole('img', { name: '第 1 张作品' }).waitFor();
    await teacher.context().close();
  }, 120_000);
});
