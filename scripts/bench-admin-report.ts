// npx tsx scripts/bench-admin-report.ts [records] — the school report (admin/report, admin/report/export) for a school
// of 20,000 students (school 100045, 40 classes of 500) and, by default, 1,000,000 score records over 24 months and
// 12 courses, seeded with batched raw inserts. Prints the seeding time, the report calls' medians of 5 over HTTP and
// the query plan of the per-course query. Figures in docs/benchmarks.md.
import { cpSync, existsSync, mkdirSync, rmSync } from 'node:fs';
import { join, resolve } from 'node:path';
import Database from 'better-sqlite3';
import { startServer } from '../tests/e2e/server';
import { openDatabase } from '../server/db';
import { insertAdmin } from '../server/services/admin-accounts';

const RECORDS = Number(process.argv[2] ?? 1_000_000);
const STUDENTS = 20_000;
const root = resolve(import.meta.dirname, '..');
const work = '/tmp/bench-admin-report';
// REUSE=1 keeps the database of an earlier run (seeding 1M records takes minutes here).
const reuse = process.env.REUSE === '1' && existsSync(join(work, 'data/app.sqlite'));
if (!reuse) rmSync(work, { recursive: true, force: true });
const configDir = join(work, 'config');
if (!reuse) cpSync(join(root, 'config'), configDir, { recursive: true });
const dataDir = join(work, 'data');
const distDir = join(work, 'dist');
mkdirSync(distDir, { recursive: true });
let server = reuse ? null : await startServer({ dataDir, configDir, distDir });
await server?.stop();
if (!reuse) {
  const opened = await openDatabase({ dataDir });
  await insertAdmin(opened.db, { role: 'admin', schoolId: 100045, username: 'admin', password: 'Admin2026pass', realname: '李管理' });
  await opened.close();
  const db = new Database(join(dataDir, 'app.sqlite'));
  db.pragma('journal_mode = WAL');
  const t0 = performance.now();
  const courses = (db.prepare('select id from learns where parent_learn_id is null and (school_id is null or school_id = 100045) order by id limit 12').all() as { id: number }[]).map((c) => c.id);
  const students: { id: number; klass: number; grade: number }[] = [];
  db.transaction(() => {
    const dept = Number(db.prepare('insert into departments (school_id, department_name) values (100045, ?)').run('压测学院').lastInsertRowid);
    const major = Number(db.prepare('insert into majors (depart_id, major_name) values (?, ?)').run(dept, '压测专业').lastInsertRowid);
    const grade = Number(db.prepare('insert into grades (major_id, grade_name) values (?, ?)').run(major, '2025级').lastInsertRowid);
    const addUser = db.prepare("insert into users (school_id, role, username, password_hash, realname, depart_id, major_id, grade_id, class_id) values (100045, 'student', ?, 'x', ?, ?, ?, ?, ?)");
    for (let c = 0; c < STUDENTS / 500; c++) {
      const klass = Number(db.prepare('insert into classes (grade_id, class_name) values (?, ?)').run(grade, `压测${c + 1}班`).lastInsertRowid);
      for (let i = 0; i < 500; i++) students.push({ id: Number(addUser.run(`rpt${c * 500 + i}`, `学生${c * 500 + i}`, dept, major, grade, klass).lastInsertRowid), klass, grade });
    }
  })();
  const t1 = performance.now();
  // Deterministic pseudo-random spread: every student, 12 courses, 24 months (2024-12 .. 2026-11).
  let seed = 42;
  const rand = () => ((seed = (seed * 1103515245 + 12345) % 2147483648) / 2147483648);
  const insert = db.prepare('insert into score_records (user_id, learn_id, class_id, grade_id, created_at, total_score, total_time) values (?, ?, ?, ?, ?, ?, ?)');
  const batch = 50_000;
  for (let done = 0; done < RECORDS; done += batch) {
    db.transaction(() => {
      for (let i = done; i < Math.min(RECORDS, done + batch); i++) {
        const s = students[i % STUDENTS];
        const m = Math.floor(rand() * 24);
        const month = `${2024 + Math.floor((11 + m) / 12)}-${String(((11 + m) % 12) + 1).padStart(2, '0')}`;
        const at = `${month}-${String(1 + Math.floor(rand() * 28)).padStart(2, '0')} ${String(Math.floor(rand() * 24)).padStart(2, '0')}:00:00`;
        insert.run(s.id, courses[Math.floor(rand() * courses.length)], s.klass, s.grade, at, Math.round(rand() * 1000) / 10, 60 + Math.floor(rand() * 1800));
      }
    })();
  }
  db.exec('analyze');
  const t2 = performance.now();
  console.log(`seeded ${STUDENTS} students in ${((t1 - t0) / 1000).toFixed(1)} s, ${RECORDS} score records in ${((t2 - t1) / 1000).toFixed(1)} s`);
  console.log('plan:', (db.prepare(`explain query plan select s.learn_id, count(distinct s.user_id), count(*) from score_records s
    where s.user_id in (select id from users where school_id = 100045 and role = 'student') group by s.learn_id`).all() as { detail: string }[]).map((r) => r.detail).join(' | '));
  db.close();
}
server = await startServer({ dataDir, configDir, distDir });
const base = server.baseURL;
const login = await fetch(`${base}/api/admin/login`, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: 'username=admin&password=Admin2026pass&school_id=100045' }).then((r) => r.json());
const token = login.data.token;
const time = async (label: string, url: string) => {
  const times: number[] = [];
  let size = 0;
  let sample = '';
  for (let i = 0; i < 5; i++) {
    const t = performance.now();
    const res = await fetch(`${base}/api/${url}`, { headers: { authorization: `Bearer ${token}` } });
    const body = Buffer.from(await res.arrayBuffer());
    times.push(performance.now() - t);
    size = body.length;
    if (res.headers.get('content-type')?.includes('json')) sample = JSON.stringify(JSON.parse(body.toString()).data.summary ?? '');
  }
  times.sort((a, b) => a - b);
  console.log(`${label}: median ${times[2].toFixed(0)} ms (min ${times[0].toFixed(0)}, max ${times[4].toFixed(0)}, ${Math.round(size / 1024)} KB) ${sample}`);
};
await time('admin/report by course, all time', 'admin/report?by=course');
await time('admin/report by month, all time', 'admin/report?by=month');
await time('admin/report by course, last 12 months', 'admin/report?by=course&period=12m');
await time('admin/report/export (.xlsx)', 'admin/report/export');
await server.stop();
