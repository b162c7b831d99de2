// npx tsx scripts/bench-admin-report.ts [records] — the school report (admin/report, admin/report/export) for a school
// of 20,000 students (school 100045, 40 classes of 500) and, by default, 1,000,000 score records over 24 months and
// 12 courses, seeded with batched raw inserts (through the roll-up's triggers). Prints the seeding time, the
// roll-up's backfill time (migration 0019 undone and run again), the report's totals and months read from the roll-up
// against the same counted from the records (tests/server/report-reference.ts) in alternating rounds on the same
// database, a record's write with and without the triggers, and the report calls' medians of 5 over HTTP.
// Figures in docs/benchmarks.md.
import { cpSync, existsSync, mkdirSync, rmSync } from 'node:fs';
import { join, resolve } from 'node:path';
import Database from 'better-sqlite3';
import { Migrator } from 'kysely';
import { startServer } from '../tests/e2e/server';
import { reportFromRecords } from '../tests/server/report-reference';
import { migrate, openDatabase } from '../server/db';
import { migrations } from '../server/db/migrations';
import { schoolReport } from '../server/services/admin-report';
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
  db.close();
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const ms = (x: number) => `${x.toFixed(0)} ms`;
{
  const opened = await openDatabase({ dataDir });
  await migrate(opened.db);
  const migrator = new Migrator({ db: opened.db, provider: { getMigrations: async () => migrations } });
  await migrator.migrateDown();
  const t = performance.now();
  const up = await migrator.migrateToLatest();
  if (up.error) throw up.error;
  console.log(`roll-up backfill (migration 0019 on every record): ${ms(performance.now() - t)}`);

  // Old (counted from the records) and new (the roll-up) in alternating order, round after round, so a burst of load
  // from elsewhere hits both; the ratio is the figure to trust on a shared machine.
  const pairs: [string, () => Promise<unknown>, () => Promise<unknown>][] = [
    ['totals + 24 months (by=month), all time', () => reportFromRecords(opened.db, 100045, 'all'), () => schoolReport(opened.db, 100045, 'all', { month: true })],
    ['totals + months, last 12 months', () => reportFromRecords(opened.db, 100045, '12m'), () => schoolReport(opened.db, 100045, '12m', { month: true })],
  ];
  for (const [label, old, rolled] of pairs) {
    const times: [number[], number[]] = [[], []];
    for (let round = 0; round < 7; round++) {
      for (const which of round % 2 ? [1, 0] : [0, 1]) {
        const start = performance.now();
        await (which ? rolled : old)();
        times[which].push(performance.now() - start);
      }
    }
    const [a, b] = times.map(median);
    console.log(`${label}: from the records ${ms(a)}, from the roll-up ${ms(b)} (medians of 7, alternating) → ${(a / b).toFixed(1)}× faster`);
  }
  const courseTimes: number[] = [];
  for (let round = 0; round < 5; round++) {
    const start = performance.now();
    await schoolReport(opened.db, 100045, 'all', { course: true });
    courseTimes.push(performance.now() - start);
  }
  console.log(`totals + per course (by=course; per course still from the records): ${ms(median(courseTimes))}`);
  await opened.close();

  // A result's write: 2,000 inserts with and without the triggers (dropped inside a transaction that is rolled back
  // again), alternating; the commit, the same either way, is left out.
  const raw = new Database(join(dataDir, 'app.sqlite'));
  const student = raw.prepare("select id, class_id, grade_id from users where username = 'rpt0'").get() as { id: number; class_id: number; grade_id: number };
  const course = (raw.prepare('select learn_id from score_records where user_id = ? limit 1').get(student.id) as { learn_id: number }).learn_id;
  const insert = raw.prepare("insert into score_records (user_id, learn_id, class_id, grade_id, created_at, total_score, total_time) values (?, ?, ?, ?, '2026-11-27 10:00:00', 75, 300)");
  const triggers = (raw.prepare("select name, sql from sqlite_master where type = 'trigger' and tbl_name = 'score_records'").all() as { name: string; sql: string }[]);
  const writes: [number[], number[]] = [[], []];
  for (let round = 0; round < 6; round++) {
    for (const withTriggers of round % 2 ? [1, 0] : [0, 1]) {
      raw.exec('savepoint bench');
      if (!withTriggers) for (const tr of triggers) raw.exec(`drop trigger ${tr.name}`);
      const start = performance.now();
      for (let i = 0; i < 2000; i++) insert.run(student.id, course, student.class_id, student.grade_id);
      writes[withTriggers].push((performance.now() - start) / 2000);
      raw.exec('rollback to bench');
      raw.exec('release bench');
    }
  }
  console.log(`one record written: ${(median(writes[0]) * 1000).toFixed(0)} µs without the triggers, ${(median(writes[1]) * 1000).toFixed(0)} µs with them (medians of 6 × 2,000)`);
  raw.close();
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
