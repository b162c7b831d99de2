// npx tsx scripts/bench-student-import.ts — a school administrator imports 500 students from an .xlsx (no password
// column: each gets a generated initial password) over HTTP, at the production scrypt cost (2^17): upload → preview
// → confirm, and one imported student's first login (which rehashes the initial password at full cost). Figures in
// docs/benchmarks.md. Optional: ROWS=2000.
import { cpSync, mkdirSync, rmSync } from 'node:fs';
import { join, resolve } from 'node:path';
import ExcelJS from 'exceljs';
import { startServer } from '../tests/e2e/server';
import { openDatabase } from '../server/db';
import { insertAdmin } from '../server/services/admin-accounts';

const rows = Number(process.env.ROWS ?? 500);
const root = resolve(import.meta.dirname, '..');
const work = '/tmp/bench-student-import';
rmSync(work, { recursive: true, force: true });
const configDir = join(work, 'config');
const distDir = join(work, 'dist');
mkdirSync(distDir, { recursive: true });
cpSync(join(root, 'config'), configDir, { recursive: true });
const dataDir = join(work, 'data');
const env = { PASSWORD_SCRYPT_COST: '17' };
let server = await startServer({ dataDir, configDir, distDir }, env);
await server.stop();
{
  const opened = await openDatabase({ dataDir });
  await insertAdmin(opened.db, { role: 'admin', schoolId: 100045, username: 'admin', password: 'Admin2026pass', realname: '李管理' });
  await opened.close();
}
server = await startServer({ dataDir, configDir, distDir }, env);
const base = server.baseURL;
const call = async (name: string, init: RequestInit & { token?: string }) => {
  const res = await fetch(`${base}/api/${name}`, { ...init, headers: { ...(init.headers as Record<string, string>), ...(init.token && { authorization: `Bearer ${init.token}` }) } });
  const body = await res.json();
  if (body.code !== 200) throw new Error(`${name}: ${res.status} ${body.message}`);
  return body.data;
};
const json = (body: unknown) => ({ method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
const token = (await call('admin/login', { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: 'username=admin&password=Admin2026pass&school_id=100045' })).token;
const dept = (await call('admin/department/save', { ...json({ department_name: '压测学院' }), token })).id;
const major = (await call('admin/major/save', { ...json({ depart_id: dept, major_name: '压测专业' }), token })).id;
const grade = (await call('admin/grade/save', { ...json({ major_id: major, grade_name: '2026级' }), token })).id;
await call('admin/class/save', { ...json({ grade_id: grade, class_name: '压测导入班' }), token });

const book = new ExcelJS.Workbook();
const sheet = book.addWorksheet('学生');
sheet.addRow(['账号', '姓名', '学号', '手机号', '班级']);
for (let i = 1; i <= rows; i++) sheet.addRow([`bulk${String(i).padStart(5, '0')}`, `学生${i}`, `B${i}`, `177${String(i).padStart(8, '0')}`, '压测导入班']);
const file = Buffer.from(await book.xlsx.writeBuffer());

const started = performance.now();
const form = new FormData();
form.append('file', new Blob([file]), '学生.xlsx');
const preview = await call('admin/students/import', { method: 'POST', body: form, token });
const previewed = performance.now();
if (preview.errors) throw new Error(`${preview.errors} rows with errors`);
const page = await call(`admin/accounts/import/rows?id=${preview.id}&page_size=1`, { token });
const result = await call('admin/accounts/import/confirm', { ...json({ id: preview.id }), token });
const done = performance.now();
const first = page.data[0];
const loginAt = performance.now();
await call('user/login', { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: `username=${first.username}&password=${first.initial}&school_id=100045` });
const loggedIn = performance.now();
console.log(JSON.stringify({
  rows, file_kb: Math.round(file.length / 1024), saved: result.saved,
  upload_and_preview_s: +((previewed - started) / 1000).toFixed(2),
  confirm_s: +((done - previewed) / 1000).toFixed(2),
  total_s: +((done - started) / 1000).toFixed(2),
  first_login_s: +((loggedIn - loginAt) / 1000).toFixed(2),
}));
await server.stop();
