// A school's day on the staff side, driven in Chromium at 1366×768 and timed phase by phase: the school administrator
// adds a class and imports 20 students from an .xlsx and gives the class to teacher1; teacher1 publishes a photo
// homework to it; the 20 students hand in (through the API, as their client does); teacher1 grades all 20 in the
// grader from the keyboard and exports the scores (the assignment's, then 班级成绩 filtered to the new class). Screenshots of each step go to the output directory.
//
//   npx tsx scripts/walk-staff.ts <base URL> <DATA_DIR> <screenshot dir>
// The server must run with DEV_HOOKS=1 on a SQLite database in DATA_DIR (npm start's default set-up).
import { mkdirSync, statSync, writeFileSync } from 'node:fs';
import { deflateSync } from 'node:zlib';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import dayjs from 'dayjs';
import 'dayjs/locale/zh-cn';
import ExcelJS from 'exceljs';
import { chromium, type Page } from 'playwright-core';
import { hashPassword } from '../server/db/password';

const [base = 'http://127.0.0.1:4610', dataDir = '/tmp/look/data', shots = '/tmp/look/walk'] = process.argv.slice(2);
mkdirSync(shots, { recursive: true });
const tag = Date.now().toString(36).slice(-5);
const className = `口腔${tag}班`;
const viewport = { width: 1366, height: 768 };
const phases: [string, number][] = [];
const time = async <T>(name: string, run: () => Promise<T>): Promise<T> => {
  const started = performance.now();
  const result = await run();
  phases.push([name, performance.now() - started]);
  console.log(`${name}: ${((performance.now() - started) / 1000).toFixed(1)} s`);
  return result;
};
const db = new Database(join(dataDir, 'app.sqlite'));
let shot = 0;
/** The screen on show (kept-alive screens stay in the page, hidden). */
const shown = (page: Page) => page.locator('[data-screen]:not([hidden])');
const snap = (page: Page, name: string) => page.screenshot({ path: join(shots, `${String(++shot).padStart(2, '0')}-${name}.png`) });

async function api(name: string, body: Record<string, string | number>, token?: string, json = false) {
  const reply = await fetch(`${base}/api/${name}`, {
    method: 'POST',
    body: json ? JSON.stringify(body) : new URLSearchParams(Object.entries(body).map(([k, v]) => [k, String(v)])),
    headers: { 'content-type': json ? 'application/json' : 'application/x-www-form-urlencoded', ...(token && { authorization: `Bearer ${token}` }) },
  }).then((r) => r.json());
  if (reply.code !== 200) throw new Error(`${name}: ${JSON.stringify(reply)}`);
  return reply.data;
}

// The school's administrator account (what `npm run admin:create` makes), and an .xlsx of 20 students for a new class.
db.prepare(`insert into users (school_id, role, username, password_hash, realname, type, status) values (100002, 'admin', ?, ?, '教务处王老师', 1, 1)`)
  .run(`adm${tag}`, await hashPassword('School2026'));
const org = db.prepare(`select g.grade_name, m.major_name, d.department_name from grades g join majors m on m.id = g.major_id join departments d on d.id = m.depart_id
  where d.school_id = 100002 order by g.id limit 1`).get() as { grade_name: string; major_name: string; department_name: string };
const book = new ExcelJS.Workbook();
const sheet = book.addWorksheet('学生');
sheet.addRow(['账号', '姓名', '学号', '院系', '专业', '年级', '班级']);
const surnames = '赵钱孙李周吴郑王冯陈褚卫蒋沈韩杨朱秦尤许';
for (let i = 1; i <= 20; i++) sheet.addRow([`w${tag}${String(i).padStart(2, '0')}`, `${surnames[i - 1]}同学`, `2026${tag}${i}`, org.department_name, org.major_name, org.grade_name, className]);
const xlsx = join(shots, '新班名单.xlsx');
writeFileSync(xlsx, Buffer.from(await book.xlsx.writeBuffer()));
const photo = gradientPng(800, 600);

const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox', '--disable-gpu'] });
const admin = await (await browser.newContext({ viewport, locale: 'zh-CN' })).newPage();
const passwords = new Map<string, string>();

await time('管理员：登录', async () => {
  await admin.goto(`${base}/#/admin/login`);
  await admin.locator('#root_username').fill(`adm${tag}`);
  await admin.locator('#root_password').fill('School2026');
  await admin.getByRole('button', { name: '登录' }).click();
  await admin.waitForURL(/#\/admin\/classes$/);
  await admin.getByTestId('table-row').first().waitFor();
});
await snap(admin, 'admin-classes');
await time('管理员：新建班级', async () => {
  await admin.getByRole('button', { name: '新建班级' }).click();
  const dialog = admin.getByRole('dialog').first();
  await dialog.locator('#root_grade_id').click();
  await admin.getByRole('option', { name: new RegExp(org.grade_name) }).first().click();
  await dialog.locator('#root_class_name').fill(className);
  await snap(admin, 'admin-class-form');
  await dialog.getByRole('button', { name: '保存' }).click();
  await admin.getByRole('dialog').waitFor({ state: 'detached' });
});
await time('管理员：导入 20 名学生（预览并确认）', async () => {
  await admin.getByRole('link', { name: '学生', exact: true }).click();
  await admin.waitForURL(/#\/admin\/students$/);
  await admin.locator('input[data-upload="admin/students/import"]').setInputFiles(xlsx);
  await admin.getByText('共 20 行，全部无误，确认后导入').waitFor();
  await snap(admin, 'admin-import-preview');
  for (const row of await shown(admin).getByTestId('table-row').all()) {
    const cells = await row.locator('td').allInnerTexts();
    passwords.set(cells.map((c) => c.trim()).find((c) => c.startsWith(`w${tag}`))!, cells[cells.length - 1].trim());
  }
  await admin.getByRole('button', { name: '确认导入' }).click();
  await admin.getByRole('dialog').getByRole('button', { name: '确定' }).click();
  await admin.getByText(/已导入 20 个学生账号/).first().waitFor();
});
await snap(admin, 'admin-imported');
await time('管理员：把班级交给 teacher1', async () => {
  await admin.getByRole('link', { name: '教师', exact: true }).click();
  const row = shown(admin).getByTestId('table-row').filter({ hasText: 'teacher1' });
  await row.getByRole('button', { name: '编辑' }).click();
  const dialog = admin.getByRole('dialog').first();
  await dialog.locator('#root_class_ids').click();
  await admin.getByRole('option', { name: className }).click();
  await admin.keyboard.press('Escape');
  await snap(admin, 'admin-teacher-classes');
  await dialog.getByRole('button', { name: '保存' }).click();
  await admin.getByRole('dialog').waitFor({ state: 'detached' });
});

const teacher = await (await browser.newContext({ viewport, locale: 'zh-CN', acceptDownloads: true })).newPage();
const title = `全冠预备拍照${tag}`;
await time('教师：登录', async () => {
  await teacher.goto(`${base}/#/teacher/login`);
  await teacher.locator('#root_username').fill('teacher1');
  await teacher.locator('#root_password').fill('teacher123');
  await teacher.getByRole('button', { name: '登录' }).click();
  await teacher.waitForURL(/#\/teacher\/(home|assignments)/);
});
await snap(teacher, 'teacher-home');
await time('教师：布置作业', async () => {
  await teacher.goto(`${base}/#/teacher/assignments`);
  await teacher.getByRole('button', { name: '布置作业/考试' }).click();
  const dialog = teacher.getByRole('dialog').first();
  await dialog.locator('#root_title').fill(title);
  await dialog.locator('#root_class_ids').click();
  await teacher.getByRole('option', { name: className, exact: true }).click();
  await teacher.keyboard.press('Escape');
  for (const [field, at] of [['start_time', dayjs().subtract(1, 'hour')], ['end_time', dayjs().add(7, 'day').hour(18).minute(0)]] as const) {
    await dialog.locator(`#root_${field}`).click();
    const picker = teacher.locator('.mantine-Popover-dropdown:visible').filter({ has: teacher.locator('.mantine-DateTimePicker-day') }).last();
    const day = picker.locator(`button[aria-label="${at.locale('zh-cn').format('D MMMM YYYY')}"]:not([data-outside])`);
    for (let i = 0; i < 3 && !(await day.isVisible()); i++) await picker.locator('[data-direction="next"]').first().click();
    await day.click();
    const [hour, minute] = await picker.getByRole('spinbutton').all();
    await hour.fill(at.format('HH'));
    await minute.fill(at.format('mm'));
    await picker.getByRole('button', { name: '确定', exact: true }).click();
  }
  await dialog.locator('#root_content').fill('拍摄预备体颊侧、舌侧、咬合面各一张。');
  await snap(teacher, 'teacher-assignment-form');
  await dialog.getByRole('button', { name: '保存' }).click();
  await shown(teacher).getByTestId('table-row').filter({ hasText: title }).waitFor();
});
await snap(teacher, 'teacher-assignments');

const assignment = db.prepare('select id from assignments where title = ?').get(title) as { id: number };
await time('20 名学生：改初始密码、上传照片、提交（API）', async () => {
  for (const [username, initial] of passwords) {
    let token = (await api('user/login', { username, password: initial, school_id: 100002 })).token;
    await api('user/edit_password', { old_password: initial, new_password: 'mine2026x', new_password_repeat: 'mine2026x' }, token);
    token = (await api('user/login', { username, password: 'mine2026x', school_id: 100002 })).token;
    const form = new FormData();
    form.append('file', new Blob([new Uint8Array(photo)], { type: 'image/png' }), '预备体.png');
    const uploaded = await fetch(`${base}/api/common/upload_file`, { method: 'POST', body: form, headers: { authorization: `Bearer ${token}` } }).then((r) => r.json());
    await api('assign/insertmark', { assignment_id: assignment.id, student_answer: JSON.stringify([{ name: '预备体.png', url: uploaded.data.url }]) }, token);
  }
});

const ready: number[] = [];
await time('教师：批阅 20 份（键盘：输入分数，Ctrl+Enter 保存并下一份）', async () => {
  await teacher.goto(`${base}/#/teacher/grade?id=${assignment.id}`);
  const panel = teacher.getByTestId('grade-panel');
  await panel.waitFor();
  await snap(teacher, 'grader-first');
  for (let i = 0; i < 20; i++) {
    const student = await teacher.getByTestId('grade-student').textContent();
    await panel.getByTestId('grade-score').fill(String(70 + i));
    await panel.getByTestId('grade-comment').fill(i % 2 ? '肩台连续，轴壁聚合度合适。' : '咬合面预备量略不足。');
    const started = performance.now();
    await teacher.keyboard.press('Control+Enter');
    if (i === 19) break;
    await teacher.waitForFunction((previous) => document.querySelector('[data-testid="grade-student"]')?.textContent !== previous, student);
    await panel.getByRole('img', { name: '第 1 张作品' }).evaluate((img: HTMLImageElement) => img.decode());
    ready.push(performance.now() - started);
    if (i === 9) await snap(teacher, 'grader-middle');
  }
  const graded = () => (db.prepare('select count(*) as n from marks where assignment_id = ? and score is not null').get(assignment.id) as { n: number }).n;
  while (graded() < 20) await new Promise((r) => setTimeout(r, 100));
});
await snap(teacher, 'grader-done');
await teacher.setViewportSize({ width: 1920, height: 1080 });
await snap(teacher, 'grader-done-1920');
await teacher.setViewportSize(viewport);

/** Clicks a download button and waits until the file is saved; returns its name and size. */
async function download(click: () => Promise<void>) {
  const [file] = await Promise.all([teacher.waitForEvent('download'), click()]);
  const path = join(shots, file.suggestedFilename());
  await file.saveAs(path);
  return `${file.suggestedFilename()}（${(statSync(path).size / 1024).toFixed(1)} KB）`;
}
const files: string[] = [];
await time('教师：导出这次作业的成绩（xlsx）', async () => {
  await teacher.goto(`${base}/#/teacher/assignments`);
  const row = shown(teacher).getByTestId('table-row').filter({ hasText: title });
  files.push(await download(() => row.getByRole('button', { name: '导出成绩' }).click()));
});
await time('教师：班级成绩按一个班筛选后导出（xlsx）', async () => {
  await teacher.goto(`${base}/#/teacher/results`);
  // One of teacher1's classes with simulation scores (the new class has none yet): the first row's.
  const first = shown(teacher).getByTestId('table-row').first();
  const chosen = (await first.locator('td').first().textContent())!.trim();
  await shown(teacher).getByPlaceholder('搜索班级或实训项目').fill(chosen);
  await teacher.keyboard.press('Enter');
  await teacher.waitForFunction(() => location.hash.includes('f.keyword='));
  await shown(teacher).getByTestId('table-row').first().waitFor();
  await snap(teacher, 'teacher-results-filtered');
  files.push(await download(() => shown(teacher).getByRole('button', { name: '导出成绩' }).click()));
});
await browser.close();

const sorted = [...ready].sort((a, b) => a - b);
console.log('| 步骤 | 用时 |\n|---|---|');
for (const [name, ms] of phases) console.log(`| ${name} | ${(ms / 1000).toFixed(1)} s |`);
console.log(`\n导出的文件：${files.join('，')}`);
console.log(`\n下一份就绪（按 Ctrl+Enter 到下一位学生的照片显示）：中位 ${sorted[Math.floor(sorted.length / 2)].toFixed(0)} ms，最慢 ${sorted.at(-1)!.toFixed(0)} ms（${sorted.length} 次）`);

/** An RGB gradient photo of w×h (a real image of a realistic size for the grader to show and decode). */
function gradientPng(w: number, h: number): Buffer {
  const crcTable = Array.from({ length: 256 }, (_, n) => {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    return c >>> 0;
  });
  const crc = (data: Buffer) => {
    let c = 0xffffffff;
    for (const byte of data) c = crcTable[(c ^ byte) & 0xff] ^ (c >>> 8);
    return (c ^ 0xffffffff) >>> 0;
  };
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type), data]);
    const out = Buffer.alloc(body.length + 8);
    out.writeUInt32BE(data.length, 0);
    body.copy(out, 4);
    out.writeUInt32BE(crc(body), body.length + 4);
    return out;
  };
  const rows = Buffer.alloc((w * 3 + 1) * h);
  for (let y = 0; y < h; y++) for (let x = 0; x < w; x++) rows.set([(x * 255) / w, (y * 255) / h, 150], y * (w * 3 + 1) + 1 + x * 3);
  const header = Buffer.alloc(13);
  header.writeUInt32BE(w, 0);
  header.writeUInt32BE(h, 4);
  header.set([8, 2, 0, 0, 0], 8);
  return Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), chunk('IHDR', header), chunk('IDAT', deflateSync(rows)), chunk('IEND', Buffer.alloc(0))]);
}
