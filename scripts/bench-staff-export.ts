// The teacher console's bulk download and score export (issue 16 #4) on 1,000 submissions to one assignment:
//   npx tsx scripts/bench-staff-export.ts [--submissions 1000] [--runs 3] [--kb 100] [--pg postgres://…/postgres]
// Seeds the demo school in a temporary SQLite database, adds that many students to the demo class (taught by
// teacher1), each handing in two uploaded photos (random bytes behind a JPEG header, --kb per student in total), about
// 70 % graded; plus a second assignment with 10 submissions. Then a real HTTP server (this process, 127.0.0.1) is asked,
// as teacher1, for:
//   baselines  GET /api/health, GET staff/submissions (page_size 100) of the big assignment
//   zip        staff/assignment/zip: time to the response headers, to the first body byte, to the end; bytes; peak
//              memory (RSS and Buffers) of this process while it runs, against before; entry count checked with yauzl
//   zip (10)   the same for the assignment with 10 submissions (alternating with the big one): the first byte should
//              not depend on the count
//   slow reader  a client that stops reading for 3 s after the first chunk: memory must stay flat (backpressure)
//   abort      a client that disconnects after 5 MB: no upload file may stay open
//   health     GET /api/health every 10 ms while a zip of the big assignment streams
//   xlsx       staff/assignment/export: total time and size; rows checked with exceljs
// Each figure is also given as a ratio to the staff/submissions baseline of the same run. Figures: docs/benchmarks.md.
import crypto from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import ExcelJS from 'exceljs';
import pg from 'pg';
import yauzl from 'yauzl';
import { buildApp } from '../server/app';
import { createConfigStore } from '../server/config';
import { loadContract } from '../server/contract';
import { migrate, openDatabase } from '../server/db';
import { fromNow } from '../server/db/time';
import { seed } from '../server/seed';

const arg = (name: string, fallback: number) => {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? Number(process.argv[i + 1]) : fallback;
};
const SUBMISSIONS = arg('submissions', 1000);
const RUNS = arg('runs', 3);
const KB = arg('kb', 100);
const ROOT = path.resolve(import.meta.dirname, '..');
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-staff-export-'));

// --pg <url of a role that may create databases>: the same on a new PostgreSQL database, dropped at the end.
const pgIndex = process.argv.indexOf('--pg');
let databaseUrl: string | undefined;
let dropDatabase = async () => {};
if (pgIndex > 0) {
  const admin = new pg.Client({ connectionString: process.argv[pgIndex + 1] });
  await admin.connect();
  const name = `bench_staff_export_${process.pid}`;
  await admin.query(`create database ${name}`);
  const url = new URL(process.argv[pgIndex + 1]);
  url.pathname = `/${name}`;
  databaseUrl = url.toString();
  dropDatabase = async () => {
    await admin.query(`drop database if exists ${name} with (force)`);
    await admin.end();
  };
}
const opened = await openDatabase({ dataDir, databaseUrl });
const { db } = opened;
await migrate(db, opened.dialect);
await seed(db, { log: () => {} });

// ---- seeding: students, uploads on disk, submissions ----
const t0 = performance.now();
const teacher = await db.selectFrom('users').selectAll().where('username', '=', 'teacher1').where('school_id', '=', 100002).executeTakeFirstOrThrow();
const demo = await db.selectFrom('users').selectAll().where('username', '=', 'demo').where('school_id', '=', 100002).executeTakeFirstOrThrow();
const classId = demo.class_id!;
const assignment = async (title: string) => {
  const row = await db.insertInto('assignments').values({
    school_id: 100002, teacher_id: teacher.id, kind: 'homework', title, classify: 2, cate_id: 2, content: '<p>拍照上传</p>', description: '',
    start_time: fromNow(-7 * 86400), end_time: fromNow(-86400), test_time: 0, learn_id: null, published: 1, created_at: fromNow(-7 * 86400),
  }).returning('id').executeTakeFirstOrThrow();
  await db.insertInto('assignment_classes').values({ assignment_id: row.id, class_id: classId }).execute();
  return row.id;
};
const big = await assignment('卡环弯制（压测 1000 份）');
const small = await assignment('卡环弯制（压测 10 份）');
const uploadsDir = path.join(dataDir, 'uploads');
fs.mkdirSync(uploadsDir, { recursive: true });
const jpeg = (bytes: number) => Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), crypto.randomBytes(bytes - 6), Buffer.from([0xff, 0xd9])]);
const surnames = '王李张刘陈杨赵黄周吴徐孙胡朱高林何郭马罗';
const given = '子涵雨轩浩然欣怡梓萱宇航佳琪思远晓雨俊杰';
let bytesOnDisk = 0;
for (let start = 0; start < SUBMISSIONS; start += 200) {
  const n = Math.min(200, SUBMISSIONS - start);
  const users = await db.insertInto('users').values(Array.from({ length: n }, (_, k) => {
    const i = start + k;
    return {
      school_id: 100002, role: 'student' as const, username: `bench${i}`, password_hash: demo.password_hash, realname: `${surnames[i % 20]}${given[(i * 7) % 16]}${given[(i * 3 + 1) % 16]}`,
      student_no: `2099${String(i).padStart(6, '0')}`, depart_id: demo.depart_id, major_id: demo.major_id, grade_id: demo.grade_id, class_id: classId, type: 1, status: 1,
    };
  })).returning('id').execute();
  const uploads: Record<string, unknown>[] = [];
  const marks: Record<string, unknown>[] = [];
  for (const [k, u] of users.entries()) {
    const i = start + k;
    const urls: string[] = [];
    for (const [j, share] of [0.6, 0.4].entries()) {
      const data = jpeg(Math.round(KB * 1024 * share));
      const stored = `${crypto.randomBytes(16).toString('hex')}.jpg`;
      fs.writeFileSync(path.join(uploadsDir, stored), data);
      bytesOnDisk += data.length;
      uploads.push({ owner_id: u.id, stored_name: stored, original_name: j === 0 ? '颊侧.jpg' : '舌侧.jpg', mime: 'image/jpeg', size: data.length, sha256: crypto.createHash('sha256').update(data).digest('hex'), purpose: 'image', created_at: fromNow(-3 * 86400) });
      urls.push(`/files/${stored}`);
    }
    const graded = i % 10 < 7;
    const score = graded ? 40 + ((i * 37) % 61) : null;
    const at = fromNow(-2 * 86400 + (i % 5 === 0 ? 2 * 86400 - 3600 : 0)); // every fifth one late
    marks.push({ assignment_id: big, user_id: u.id, student_answer: JSON.stringify(urls), student_des: '', annex: '[]', created_at: at, updated_at: at, score, teacher_data: graded ? JSON.stringify({ score }) : null, teacher_comment: graded ? '卡环臂弧度准确，注意与基牙贴合。' : '', graded_at: graded ? at : null });
    if (i < 10) marks.push({ assignment_id: small, user_id: u.id, student_answer: JSON.stringify(urls), student_des: '', annex: '[]', created_at: at, updated_at: at, score: null, teacher_data: null, teacher_comment: '', graded_at: null });
  }
  await db.insertInto('uploads').values(uploads as never).execute();
  await db.insertInto('marks').values(marks as never).execute();
}
const seedSeconds = (performance.now() - t0) / 1000;

// ---- the server ----
const app = await buildApp({ db, contract: loadContract(path.join(ROOT, 'config')), config: createConfigStore({ configDir: path.join(ROOT, 'config') }), dataDir });
await app.listen({ port: 0, host: '127.0.0.1' });
const port = (app.server.address() as { port: number }).port;
const agent = new http.Agent({ keepAlive: true });

interface Timing { headers: number; firstByte: number; total: number; bytes: number; body?: Buffer }
function get(url: string, token?: string, keep = false): Promise<Timing> {
  return new Promise((resolve, reject) => {
    const start = performance.now();
    const req = http.get({ host: '127.0.0.1', port, path: url, agent, headers: { ...(token && { authorization: `Bearer ${token}` }) } }, (res) => {
      const headers = performance.now() - start;
      let firstByte = 0;
      let bytes = 0;
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => {
        if (!firstByte) firstByte = performance.now() - start;
        bytes += chunk.length;
        if (keep) chunks.push(chunk);
      });
      res.on('end', () => {
        if (res.statusCode !== 200) return reject(new Error(`${url}: HTTP ${res.statusCode} ${Buffer.concat(chunks).toString().slice(0, 200)}`));
        resolve({ headers, firstByte, total: performance.now() - start, bytes, ...(keep && { body: Buffer.concat(chunks) }) });
      });
    });
    req.on('error', reject);
  });
}

const login = await new Promise<string>((resolve, reject) => {
  const body = new URLSearchParams({ username: 'teacher1', password: 'teacher123', school_id: '100002' }).toString();
  const req = http.request({ host: '127.0.0.1', port, path: '/api/teacher/login', method: 'POST', agent, headers: { 'content-type': 'application/x-www-form-urlencoded', 'content-length': Buffer.byteLength(body) } }, (res) => {
    let text = '';
    res.on('data', (c) => (text += c));
    res.on('end', () => {
      const reply = JSON.parse(text);
      if (reply.code !== 200) reject(new Error(reply.message));
      else resolve(reply.data.token);
    });
  });
  req.on('error', reject);
  req.end(body);
});

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const ms = (x: number) => `${x.toFixed(1)} ms`;

// Baselines.
for (let i = 0; i < 20; i++) await get('/api/health');
const health = median(await (async () => { const out: number[] = []; for (let i = 0; i < 50; i++) out.push((await get('/api/health')).total); return out; })());
const submissionsUrl = `/api/staff/submissions?assignment_id=${big}&page_size=100`;
await get(submissionsUrl, login);
const list = median(await (async () => { const out: number[] = []; for (let i = 0; i < 10; i++) out.push((await get(submissionsUrl, login)).total); return out; })());

// Memory while a zip streams: sampled every 20 ms.
async function withMemory<T>(work: () => Promise<T>): Promise<{ result: T; rssDelta: number; buffersDelta: number }> {
  global.gc?.();
  const before = process.memoryUsage();
  let peakRss = before.rss;
  let peakBuffers = before.arrayBuffers;
  const timer = setInterval(() => {
    const m = process.memoryUsage();
    peakRss = Math.max(peakRss, m.rss);
    peakBuffers = Math.max(peakBuffers, m.arrayBuffers);
  }, 20);
  const result = await work();
  clearInterval(timer);
  return { result, rssDelta: peakRss - before.rss, buffersDelta: peakBuffers - before.arrayBuffers };
}

// The big and the small zip alternate, so both see the same conditions (garbage left by the run before, load).
const zipRuns: (Timing & { rssDelta: number; buffersDelta: number })[] = [];
const smallRuns: Timing[] = [];
for (let r = 0; r < RUNS; r++) {
  smallRuns.push(await get(`/api/staff/assignment/zip?id=${small}`, login));
  const { result, rssDelta, buffersDelta } = await withMemory(() => get(`/api/staff/assignment/zip?id=${big}`, login));
  zipRuns.push({ ...result, rssDelta, buffersDelta });
}

// A reader that stops for 3 s after the first chunk: the server must wait for it (backpressure), not read ahead.
const paused = await withMemory(() => new Promise<{ total: number; bytes: number }>((resolve, reject) => {
  const start = performance.now();
  http.get({ host: '127.0.0.1', port, path: `/api/staff/assignment/zip?id=${big}`, agent, headers: { authorization: `Bearer ${login}` } }, (res) => {
    let bytes = 0;
    res.once('data', () => {
      res.pause();
      setTimeout(() => res.resume(), 3000);
    });
    res.on('data', (c: Buffer) => (bytes += c.length));
    res.on('end', () => resolve({ total: performance.now() - start, bytes }));
  }).on('error', reject);
}));

// A client that goes away after 5 MB: the server stops, and no upload stays open (Linux: /proc/self/fd).
const openUploads = () => {
  try {
    return fs.readdirSync('/proc/self/fd').filter((fd) => { try { return fs.readlinkSync(`/proc/self/fd/${fd}`).startsWith(uploadsDir); } catch { return false; } }).length;
  } catch {
    return NaN;
  }
};
await new Promise<void>((resolve, reject) => {
  const req = http.get({ host: '127.0.0.1', port, path: `/api/staff/assignment/zip?id=${big}`, headers: { authorization: `Bearer ${login}` } }, (res) => {
    let bytes = 0;
    res.on('data', (c: Buffer) => {
      bytes += c.length;
      if (bytes > 5 * 1024 * 1024) req.destroy();
    });
    res.on('error', () => {});
    res.on('close', () => resolve());
  });
  req.on('error', () => {});
  setTimeout(() => reject(new Error('abort did not close')), 30000);
});
await new Promise((r) => setTimeout(r, 300));
const leftOpen = openUploads();

// /api/health while a zip streams: asked every 10 ms over its own connection.
const probeAgent = new http.Agent({ keepAlive: true });
const healthDuring: number[] = [];
let streaming = true;
const probe = (async () => {
  while (streaming) {
    const t = performance.now();
    await new Promise<void>((resolve, reject) => http.get({ host: '127.0.0.1', port, path: '/api/health', agent: probeAgent }, (res) => { res.resume(); res.on('end', () => resolve()); }).on('error', reject));
    healthDuring.push(performance.now() - t);
    await new Promise((r) => setTimeout(r, 10));
  }
})();
await get(`/api/staff/assignment/zip?id=${big}`, login);
streaming = false;
await probe;
probeAgent.destroy();

// Check one zip: every photo and the two text files are there.
const zipFile = path.join(dataDir, 'check.zip');
const checked = await get(`/api/staff/assignment/zip?id=${big}`, login, true);
fs.writeFileSync(zipFile, checked.body!);
checked.body = undefined;
const zip = await yauzl.openPromise(zipFile, { lazyEntries: true });
let entries = 0;
for await (const _entry of zip.eachEntry()) entries++;
zip.close();

const xlsxRuns: Timing[] = [];
for (let r = 0; r < RUNS; r++) xlsxRuns.push(await get(`/api/staff/assignment/export?id=${big}`, login));
const book = new ExcelJS.Workbook();
await book.xlsx.load((await get(`/api/staff/assignment/export?id=${big}`, login, true)).body! as unknown as ExcelJS.Buffer);
const sheetRows = book.getWorksheet('成绩')!.actualRowCount - 1;

const pick = <K extends keyof (Timing & { rssDelta: number; buffersDelta: number })>(runs: (Timing & { rssDelta?: number; buffersDelta?: number })[], key: K) => median(runs.map((x) => x[key] as number));
const mb = (b: number) => `${(b / 1024 / 1024).toFixed(1)} MB`;
const zipTotal = pick(zipRuns, 'total');
const lines = [
  `${databaseUrl ? 'PostgreSQL' : 'SQLite'}: ${SUBMISSIONS} submissions (2 photos each, ${mb(bytesOnDisk)} on disk), seeded in ${seedSeconds.toFixed(1)} s; ${RUNS} runs each, medians; load ${os.loadavg().map((x) => x.toFixed(1)).join(' ')}`,
  `baseline GET /api/health                          ${ms(health)}`,
  `baseline GET staff/submissions page_size 100      ${ms(list)}`,
  `zip ${SUBMISSIONS}: headers ${ms(pick(zipRuns, 'headers'))}, first byte ${ms(pick(zipRuns, 'firstByte'))} (${(pick(zipRuns, 'firstByte') / list).toFixed(2)}× list), total ${ms(zipTotal)} (${(zipTotal / list).toFixed(0)}× list), ${mb(pick(zipRuns, 'bytes'))}, ${(pick(zipRuns, 'bytes') / 1024 / 1024 / (zipTotal / 1000)).toFixed(0)} MB/s`,
  `zip ${SUBMISSIONS}: peak memory over before: RSS +${mb(Math.max(...zipRuns.map((x) => x.rssDelta)))}, Buffers +${mb(Math.max(...zipRuns.map((x) => x.buffersDelta)))}; entries ${entries} (expected ${SUBMISSIONS * 2 + 2})`,
  `zip ${SUBMISSIONS}, reader pausing 3 s after the first chunk: total ${ms(paused.result.total)}, ${mb(paused.result.bytes)}, peak memory RSS +${mb(paused.rssDelta)}, Buffers +${mb(paused.buffersDelta)}`,
  `client gone after 5 MB: upload files still open 300 ms later: ${leftOpen}`,
  `GET /api/health every 10 ms during a zip ${SUBMISSIONS}: n=${healthDuring.length}, median ${ms(median(healthDuring))}, max ${ms(Math.max(...healthDuring))}`,
  `zip 10:   headers ${ms(pick(smallRuns, 'headers'))}, first byte ${ms(pick(smallRuns, 'firstByte'))} (${(pick(smallRuns, 'firstByte') / list).toFixed(2)}× list), total ${ms(pick(smallRuns, 'total'))}`,
  `xlsx ${SUBMISSIONS} rows (+ students of the class without work): ${ms(pick(xlsxRuns, 'total'))} (${(pick(xlsxRuns, 'total') / list).toFixed(1)}× list), ${(pick(xlsxRuns, 'bytes') / 1024).toFixed(0)} KB, sheet 成绩 ${sheetRows} rows`,
  `runs (ms): zip first byte ${zipRuns.map((x) => x.firstByte.toFixed(0)).join(' / ')} (10: ${smallRuns.map((x) => x.firstByte.toFixed(0)).join(' / ')}), zip total ${zipRuns.map((x) => x.total.toFixed(0)).join(' / ')}, xlsx ${xlsxRuns.map((x) => x.total.toFixed(0)).join(' / ')}`,
];
console.log(lines.join('\n'));

await app.close();
agent.destroy();
await opened.close();
await dropDatabase();
fs.rmSync(dataDir, { recursive: true, force: true });
