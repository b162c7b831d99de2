import { rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import dayjs from 'dayjs';
import ExcelJS from 'exceljs';
import 'dayjs/locale/zh-cn';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import yauzl from 'yauzl';
import { DOCX, PNG } from '../server/work-files';
import { describeFindings, seriousViolations } from './axe';
import { baseURL, launchBrowser, loginAs, openPage } from './browser';
import { query } from './db';
import { pickDateTime } from './staff-forms';

// Accounts that write here: teacher1 (publishes and grades) and stu00001 (in a class teacher1 teaches; no other
// browser test uses it).
let browser: Browser;
const tag = Date.now().toString(36);
const photo = join(tmpdir(), `${tag}-clasp.png`);
const toast = (page: Page, text: string) => page.getByText(text).first().waitFor({ timeout: 8000 });

beforeAll(async () => {
  browser = await launchBrowser();
  writeFileSync(photo, PNG);
});
afterAll(async () => {
  await browser?.close();
  rmSync(photo, { force: true });
});

/** A form POST to the API, as the student's client makes it (for the student's side of a loop where the browser adds nothing). */
async function api(name: string, body: Record<string, string | number>, token?: string) {
  const reply = await fetch(`${baseURL()}/api/${name}`, {
    method: 'POST', body: new URLSearchParams(Object.entries(body).map(([k, v]) => [k, String(v)])),
    headers: { 'content-type': 'application/x-www-form-urlencoded', ...(token && { authorization: `Bearer ${token}` }) },
  }).then((r) => r.json());
  return reply.data;
}

async function teacherSignIn(route: string): Promise<Page> {
  const page = await openPage(browser, route, { width: 1366, height: 768 });
  await page.locator('#root_username').fill('teacher1');
  await page.locator('#root_password').fill('teacher123');
  await page.getByRole('button', { name: '登录' }).click();
  await page.waitForURL(new RegExp(`#${route.replace(/[/?]/g, '\\$&')}$`));
  return page;
}

describe('teacher console: the homework loop as two people', () => {
  it('teacher publishes a photo homework, the student submits, the teacher grades, the student sees score and comment', async () => {
    const title = `卡环弯制拍照${tag}`;
    const [klass] = query<{ class_name: string }>("select c.class_name from users u join classes c on c.id = u.class_id where u.username = 'stu00001' and u.school_id = 100002");
    // The class's size as the database has it now (other browser files may add students to it, e.g. an import).
    const [{ n: size }] = query<{ n: number }>("select count(*) as n from users where role = 'student' and class_id = (select class_id from users where username = 'stu00001' and school_id = 100002)");

    // The teacher: a staff page needs the teacher login, then opens where it was asked for.
    const teacher = await openPage(browser, '/teacher/assignments', { width: 1366, height: 768 });
    await teacher.waitForURL(/#\/teacher\/login\?redirect=/);
    await teacher.locator('#root_username').fill('teacher1');
    await teacher.locator('#root_password').fill('wrong-password');
    await teacher.getByRole('button', { name: '登录' }).click();
    await toast(teacher, '账号或密码错误');
    await teacher.locator('#root_password').fill('teacher123');
    await teacher.getByRole('button', { name: '登录' }).click();
    await teacher.waitForURL(/#\/teacher\/assignments$/);
    await expect.poll(() => teacher.getByTestId('user-name').textContent()).not.toBe('…');

    await teacher.getByRole('button', { name: '布置作业/考试' }).click();
    const dialog = teacher.getByRole('dialog').first();
    await dialog.locator('#root_title').fill(title);
    await dialog.locator('#root_class_ids').click();
    await teacher.getByRole('option', { name: klass.class_name, exact: true }).click();
    await teacher.keyboard.press('Escape'); // closes the class list, not the dialog
    await pickDateTime(teacher, 'start_time', dayjs().subtract(1, 'hour').startOf('minute'));
    await pickDateTime(teacher, 'end_time', dayjs().add(7, 'day').hour(18).minute(0));
    await dialog.locator('#root_content').fill('拍摄卡环颊侧、舌侧各一张，照片清晰。'); // the rich-text editor (contenteditable)
    await dialog.getByRole('button', { name: '保存' }).click();
    await toast(teacher, '保存成功');
    const row = teacher.getByTestId('table-row').filter({ hasText: title });
    await row.waitFor();
    await expect(row.textContent()).resolves.toContain(`0 / ${size}`);
    const [stored] = query<{ id: number; content: string; published: number }>('select id, content, published from assignments where title = ?', title);
    expect(stored).toMatchObject({ published: 1, content: '<p>拍摄卡环颊侧、舌侧各一张，照片清晰。</p>' });

    // The student: the new homework is there; photos go up and the work is submitted.
    const student = await openPage(browser, '/login?redirect=%2Fucenter%2Fhomework');
    await loginAs(student, 'stu00001', 'demo123');
    await student.waitForURL(/#\/ucenter\/homework/);
    const screen = student.locator('[data-screen="homework"]');
    await screen.getByRole('textbox').first().fill(title);
    await screen.getByRole('textbox').first().press('Enter');
    const card = screen.getByTestId('work-card').filter({ hasText: title });
    await card.waitFor();
    await card.getByRole('button', { name: '上传作业' }).click();
    await card.getByTestId('work-files').locator('input[type=file]').setInputFiles(photo);
    await card.locator('[data-testid=upload-entry][data-state=done]').waitFor();
    await card.getByRole('button', { name: '下一步' }).click();
    await card.getByRole('button', { name: '提交' }).click();
    await student.getByRole('dialog').getByRole('button', { name: '确定' }).click();
    await toast(student, '提交成功');

    // The teacher grades it in the grader: the photo shows, Ctrl+Enter saves in the background.
    await teacher.reload();
    await row.waitFor();
    await expect(row.textContent()).resolves.toContain(`1 / ${size}`);
    await row.getByRole('button', { name: '批阅' }).click();
    await teacher.waitForURL(new RegExp(`#/teacher/grade\\?id=${stored.id}`));
    const panel = teacher.getByTestId('grade-panel');
    await panel.waitFor();
    await expect(teacher.getByTestId('grader-counts').textContent()).resolves.toContain('待批阅 1');
    const image = panel.getByRole('img', { name: '第 1 张作品' });
    await expect.poll(() => image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
    await panel.getByTestId('grade-score').fill('150');
    await teacher.keyboard.press('Control+Enter');
    await panel.getByText('请输入 0 到 100 的整数分数').waitFor();
    await panel.getByTestId('grade-score').fill('92');
    await panel.getByTestId('grade-comment').fill('卡环臂与基牙贴合良好，注意肩台位置。');
    await teacher.keyboard.press('Control+Enter');
    await teacher.getByTestId('grader-row').filter({ hasText: '92 分' }).waitFor();
    await expect.poll(() => query<{ score: number }>('select m.score from marks m where m.assignment_id = ?', stored.id)[0]?.score).toBe(92);
    expect(query('select e.score, e.comment from grade_events e join marks m on m.id = e.mark_id where m.assignment_id = ?', stored.id))
      .toEqual([{ score: 92, comment: '卡环臂与基牙贴合良好，注意肩台位置。' }]);

    // Back on the list, 下载作品 and 导出成绩 are browser downloads, signed in by the token cookie alone.
    await teacher.goto(`${baseURL()}/#/teacher/assignments`);
    await row.waitFor();
    const [zipDownload] = await Promise.all([teacher.waitForEvent('download'), row.getByRole('button', { name: '下载作品' }).click()]);
    expect(zipDownload.suggestedFilename()).toBe(`${title}-学生作品.zip`);
    const zipFile = join(tmpdir(), `${tag}-work.zip`);
    await zipDownload.saveAs(zipFile);
    const names: string[] = [];
    const zip = await yauzl.openPromise(zipFile, { lazyEntries: true });
    for await (const entry of zip.eachEntry()) names.push(entry.fileName);
    zip.close();
    rmSync(zipFile, { force: true });
    expect(names).toContain(`${title}/名单.csv`);
    expect(names.some((n) => n.startsWith(`${title}/${klass.class_name}/`) && n.endsWith(`${tag}-clasp.png`))).toBe(true);
    const [xlsxDownload] = await Promise.all([teacher.waitForEvent('download'), row.getByRole('button', { name: '导出成绩' }).click()]);
    expect(xlsxDownload.suggestedFilename()).toBe(`${title}-成绩.xlsx`);
    const book = new ExcelJS.Workbook();
    await book.xlsx.readFile(await xlsxDownload.path());
    const graded: unknown[] = [];
    book.getWorksheet('成绩')!.eachRow((r) => graded.push(r.getCell(6).value));
    expect(graded[0]).toBe('分数');
    expect(graded.slice(1).filter((v) => v !== null)).toEqual([92]); // stu00001's; nobody else in the class handed in
    expect(graded).toHaveLength(size + 1); // one row per student of the class

    // The student sees the score and the comment on the existing screens.
    await student.reload();
    await screen.getByRole('textbox').first().fill(title);
    await screen.getByRole('textbox').first().press('Enter');
    await card.waitFor();
    await expect.poll(() => card.getByTestId('total-score').textContent()).toBe('92');
    await card.getByRole('button', { name: '查看成绩' }).click();
    await student.getByTestId('score-modal').getByText('卡环臂与基牙贴合良好，注意肩台位置。').waitFor();
    await student.context().close();
    await teacher.context().close();
  }, 240_000); // two people, a dozen screens: about a minute on a busy 2-core machine, over two at the busiest

  it('teacher answers a student question; the student sees the answer in 我的提问', async () => {
    const token = (await api('user/login', { username: 'stu00001', password: 'demo123', school_id: 100002 })).token as string;
    const [teacherRow] = query<{ id: number; realname: string }>("select id, realname from users where username = 'teacher1' and school_id = 100002");
    const learn = (await api('learn/get', { page: 1, page_size: 1 }, token)).learn[0];
    const title = `肩台宽度${tag}`;
    await api('topic/add', { title, teacher_id: teacherRow.id, learn_id: learn.id, content: '全瓷冠肩台做多宽合适？' }, token);

    const teacher = await teacherSignIn('/teacher/topics');
    const row = teacher.getByTestId('table-row').filter({ hasText: title });
    await expect.poll(() => row.getByTestId('cell-tag').textContent()).toBe('待回复');
    await row.getByRole('button', { name: '回复' }).click();
    const dialog = teacher.getByRole('dialog').first();
    await expect(dialog.locator('#root_question').inputValue()).resolves.toBe(`${title}：全瓷冠肩台做多宽合适？`);
    await dialog.locator('#root_reply').fill('全瓷冠肩台一般 1.0mm，圆钝内角。');
    await dialog.getByRole('button', { name: '发送回复' }).click();
    await toast(teacher, '回复成功');
    await expect.poll(() => row.getByTestId('cell-tag').textContent()).toBe('已回复');
    await teacher.context().close();

    const student = await openPage(browser, '/login?redirect=%2Fucenter%2FQuestionon');
    await loginAs(student, 'stu00001', 'demo123');
    await student.getByTestId('table-row').filter({ hasText: title }).getByText('全瓷冠肩台一般 1.0mm，圆钝内角。').waitFor();
    await student.context().close();
  });

  it('a discussion answer is graded by hand, question by question; the student sees the points', async () => {
    // The student's side through the API: start the open test (id 5), answer the discussion question, hand in.
    const token = (await api('user/login', { username: 'stu00001', password: 'demo123', school_id: 100002 })).token as string;
    const [question] = query<{ id: number }>('select id from theory_questions where test_id = 5 and type = 6');
    await api('theory/start', { logid: 5 }, token);
    await api('theory/test', { logid: 5, cid: question.id, answer: `牙周炎与糖尿病互为危险因素${tag}`, type: 6, seq: 1 }, token);
    expect(await api('theory/submit', { logid: 5 }, token)).toMatchObject({ status: 'submitted', pending: 1 });

    const teacher = await teacherSignIn('/teacher/theory');
    const test = teacher.getByTestId('table-row').filter({ hasText: '口腔解剖生理学在线测验' });
    await test.getByRole('button', { name: '逐题查看' }).click();
    const discussion = teacher.getByTestId('table-row').filter({ hasText: '论述' });
    await discussion.getByRole('button', { name: '评分' }).click();
    await teacher.waitForURL(/#\/teacher\/theory\/answers\?/);
    const answer = teacher.getByTestId('table-row').filter({ hasText: tag });
    await answer.getByRole('button', { name: '评分' }).click();
    const dialog = teacher.getByRole('dialog').first();
    await dialog.locator('#root_poins').fill('30');
    await dialog.getByRole('button', { name: '保存' }).click();
    await dialog.getByText('得分不能超过本题分值 25 分').first().waitFor();
    await dialog.locator('#root_poins').fill('21');
    await dialog.getByRole('button', { name: '保存' }).click();
    await toast(teacher, '评分成功');
    await expect.poll(() => answer.textContent()).toContain('21 / 25');
    await teacher.context().close();

    const student = await openPage(browser, '/login?redirect=%2Fucenter%2Fanswerlist%3Ftestid%3D5');
    await loginAs(student, 'stu00001', 'demo123');
    const row = student.getByTestId('table-row').filter({ hasText: '论述' });
    await expect.poll(() => row.textContent()).toContain('21 / 25');
    await student.context().close();
  });

  it('shows a handed-in .docx inside the grader', async () => {
    const base = baseURL();
    const teacherToken = (await api('teacher/login', { username: 'teacher1', password: 'teacher123', school_id: 100002 })).token as string;
    const [klass] = query<{ class_id: number }>("select class_id from users where username = 'stu00001' and school_id = 100002");
    const title = `病例分析报告${tag}`;
    const saved = await fetch(`${base}/api/staff/assignment/save`, {
      method: 'POST', headers: { 'content-type': 'application/json', authorization: `Bearer ${teacherToken}` },
      body: JSON.stringify({ kind: 'homework', title, classify: 5, start_time: dayjs().subtract(1, 'hour').format('YYYY-MM-DD HH:mm'), end_time: dayjs().add(1, 'day').format('YYYY-MM-DD HH:mm'), class_ids: [klass.class_id] }),
    }).then((r) => r.json());
    const token = (await api('user/login', { username: 'stu00001', password: 'demo123', school_id: 100002 })).token as string;
    const form = new FormData();
    form.append('file', new Blob([new Uint8Array(DOCX)]), '病例分析.docx');
    const uploaded = await fetch(`${base}/api/common/upload_word`, { method: 'POST', body: form, headers: { authorization: `Bearer ${token}` } }).then((r) => r.json());
    await api('assign/insertmark', { assignment_id: saved.data.id, student_answer: JSON.stringify([{ name: '病例分析.docx', url: uploaded.data.url }]) }, token);

    const teacher = await teacherSignIn(`/teacher/grade?id=${saved.data.id}`);
    const preview = teacher.getByTestId('docx-preview');
    // On failure, say what the panel shows instead (e.g. the preview's own error).
    await expect.poll(async () => ((await preview.count()) ? preview.innerText() : `no preview: ${await teacher.getByTestId('grade-panel').innerText().catch(() => 'no panel')}`), { timeout: 30_000 })
      .toContain('病例分析');
    // The preview is a region named after the file; the grade panel (preview, score, comment, common comments) passes axe.
    await teacher.getByRole('region', { name: '病例分析.docx 预览' }).waitFor();
    expect(describeFindings('grade panel', await seriousViolations(teacher, '[data-testid="grade-panel"]'))).toEqual([]);
    await teacher.context().close();
  });

  it('sends a student account to the teacher login instead of the console', async () => {
    const page = await openPage(browser, '/login?redirect=%2Fteacher%2Fhome');
    await loginAs(page, 'stu00001', 'demo123');
    // A student account is sent to the teacher login instead of the console.
    await page.waitForURL(/#\/teacher\/login/);
    await page.getByText('教师工作台登录').waitFor();
    await expect(page.getByTestId('staff-shell').count()).resolves.toBe(0);
    await page.context().close();
  });
});
