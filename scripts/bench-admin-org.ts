// npx tsx scripts/bench-admin-org.ts — the administration console with an organisation of 1,024 classes (10 departments
// x 5 majors x 4 grades x 5 classes added to school 100045) and 45,000 students in them: the school administrator's
// list calls (medians of 5 over HTTP) and, in Chromium at 1366x768, how long each list page takes to show its 20 rows
// and the 调班 dialog to list every class. Figures in docs/benchmarks.md. Builds the site into /tmp/bench-admin-dist once.
import { execFileSync } from 'node:child_process';
import { cpSync, existsSync, rmSync } from 'node:fs';
import { join, resolve } from 'node:path';
import Database from 'better-sqlite3';
import { chromium } from 'playwright-core';
import { startServer } from '../tests/e2e/server';
import { openDatabase } from '../server/db';
import { insertAdmin } from '../server/services/admin-accounts';

const root = resolve(import.meta.dirname, '..');
const work = '/tmp/bench-admin-org';
const distDir = '/tmp/bench-admin-dist';
if (!existsSync(distDir)) execFileSync(join(root, 'node_modules/.bin/vite'), ['build', '--logLevel', 'warn', '--outDir', distDir, '--emptyOutDir'], { cwd: root, stdio: 'inherit' });
rmSync(work, { recursive: true, force: true });
const configDir = join(work, 'config');
cpSync(join(root, 'config'), configDir, { recursive: true });
const dataDir = join(work, 'data');
let server = await startServer({ dataDir, configDir, distDir });
await server.stop();
{
  const opened = await openDatabase({ dataDir });
  await insertAdmin(opened.db, { role: 'admin', schoolId: 100045, username: 'admin', password: 'Admin2026pass', realname: '李管理' });
  await opened.close();
  const db = new Database(join(dataDir, 'app.sqlite'));
  const hash = (db.prepare("select password_hash from users where username='demo'").get() as { password_hash: string }).password_hash;
  db.transaction(() => {
    let n = 0;
    for (let d = 1; d <= 10; d++) {
      const dept = Number(db.prepare('insert into departments (school_id, department_name, sort) values (100045, ?, ?)').run(`压测学院${d}`, d).lastInsertRowid);
      for (let m = 1; m <= 5; m++) {
        const major = Number(db.prepare('insert into majors (depart_id, major_name, sort) values (?, ?, ?)').run(dept, `压测专业${d}-${m}`, m).lastInsertRowid);
        for (let g = 1; g <= 4; g++) {
          const grade = Number(db.prepare('insert into grades (major_id, grade_name, sort) values (?, ?, ?)').run(major, `${2022 + g}级`, g).lastInsertRowid);
          for (let c = 1; c <= 5; c++) {
            const klass = Number(db.prepare('insert into classes (grade_id, class_name, sort) values (?, ?, ?)').run(grade, `压测${d}-${m}-${2022 + g}级${c}班`, c).lastInsertRowid);
            for (let s = 0; s < 45; s++) {
              n++;
              db.prepare("insert into users (school_id, role, username, password_hash, realname, type, depart_id, major_id, grade_id, class_id) values (100045, 'student', ?, ?, ?, ?, ?, ?, ?, ?)")
                .run(`bench${n}`, hash, `学生${n}`, s === 0 ? 4 : 1, dept, major, grade, klass);
            }
          }
        }
      }
    }
  })();
  console.log('classes', db.prepare('select count(*) n from classes c join grades g on g.id=c.grade_id join majors m on m.id=g.major_id join departments d on d.id=m.depart_id where d.school_id=100045').get(),
    'students', db.prepare("select count(*) n from users where school_id=100045 and role='student'").get());
  db.close();
}
server = await startServer({ dataDir, configDir, distDir });
const base = server.baseURL;
const login = await fetch(`${base}/api/admin/login`, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: 'username=admin&password=Admin2026pass&school_id=100045' }).then((r) => r.json());
const token = login.data.token;
const time = async (label: string, url: string) => {
  const times: number[] = [];
  let size = 0;
  for (let i = 0; i < 5; i++) {
    const t = performance.now();
    const body = await (await fetch(`${base}/api/${url}`, { headers: { authorization: `Bearer ${token}` } })).text();
    times.push(performance.now() - t);
    size = body.length;
  }
  times.sort((a, b) => a - b);
  console.log(`${label}: median ${times[2].toFixed(0)} ms (min ${times[0].toFixed(0)}, ${Math.round(size / 1024)} KB)`);
};
await time('admin/classes page 1 (20)', 'admin/classes?page=1&page_size=20');
await time('admin/classes sorted by students', 'admin/classes?page=1&page_size=20&sort=students&order=desc');
await time('admin/classes keyword', 'admin/classes?page=1&page_size=20&keyword=%E5%8E%8B%E6%B5%8B7-3');
await time('admin/classes all 1000', 'admin/classes?page=1&page_size=1000');
await time('admin/org/choices', 'admin/org/choices');
await time('admin/grades', 'admin/grades?page=1&page_size=20');
await time('admin/departments', 'admin/departments?page=1&page_size=20');
await time('admin/students (45k) page 1', 'admin/students?page=1&page_size=20');
await time('admin/students keyword', 'admin/students?page=1&page_size=20&keyword=%E5%AD%A6%E7%94%9F4499');
await time('admin/applications', 'admin/applications?page=1&page_size=20');

const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox', '--disable-gpu'] });
try {
  const context = await browser.newContext({ viewport: { width: 1366, height: 768 }, locale: 'zh-CN' });
  await context.addCookies([{ name: 'token', value: token, url: base }]);
  const page = await context.newPage();
  await page.goto(`${base}/#/admin/departments`);
  await page.getByTestId('table-row').first().waitFor();
  for (const route of ['/admin/classes', '/admin/grades', '/admin/students']) {
    const t = performance.now();
    await page.goto(`${base}/#${route}`);
    await page.locator(`[data-screen="${route === '/admin/classes' ? 'admin-classes' : route === '/admin/grades' ? 'admin-grades' : 'admin-students'}"]`).getByTestId('table-row').nth(19).waitFor();
    console.log(`browser ${route}: 20 rows shown after ${(performance.now() - t).toFixed(0)} ms`);
  }
  await page.goto(`${base}/#/admin/students`);
  const t = performance.now();
  await page.locator('[data-screen="admin-students"]').getByTestId('table-row').first().getByRole('button', { name: '调班' }).click();
  await page.getByRole('dialog').locator('#root_class_id').click();
  await page.getByRole('option').nth(999).waitFor({ state: 'attached' });
  console.log(`browser 调班 dialog: every class choice listed after ${(performance.now() - t).toFixed(0)} ms, options: ${await page.getByRole('option').count()}`);
} finally {
  await browser.close();
  await server.stop();
}
