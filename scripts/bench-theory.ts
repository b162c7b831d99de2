// 500 simulated students (in BENCH_WORKERS=4 processes, scripts/bench-theory-worker.ts) autosave theory answers
// every 2 s against one real server (HTTP, its own process):
//   npx tsx scripts/bench-theory.ts [students=500] [seconds=60]
// Each save carries the student's next seq; one save in ten is also sent again late with its old seq (a retry
// overtaken by a newer answer). At the end every stored answer is compared with the newest one each simulated
// student made: none may be missing or older. Prints save latency p50/p95/p99/max. Figures: docs/benchmarks.md.
import { fork, spawn } from 'node:child_process';
import fs from 'node:fs';
import { createServer } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import { migrate, openDatabase } from '../server/db';
import { seed } from '../server/seed';

const root = path.resolve(import.meta.dirname, '..');
const STUDENTS = Number(process.argv[2] ?? 500);
const SECONDS = Number(process.argv[3] ?? 60);
const TEST_ID = 5; // the seed's open test with every question type, for the whole demo school
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-theory-'));

const freePort = () =>
  new Promise<number>((done) => {
    const probe = createServer();
    probe.listen(0, '127.0.0.1', () => {
      const port = (probe.address() as { port: number }).port;
      probe.close(() => done(port));
    });
  });

// Enough students that the demo school (9 in 10 seeded students) has STUDENTS of them.
const opened = await openDatabase({ dataDir });
await migrate(opened.db, opened.dialect);
await seed(opened.db, { students: Math.ceil((STUDENTS * 10) / 9) + 10, scoresPerStudent: 0 });
const usernames = (await opened.db.selectFrom('users').select('username').where('school_id', '=', 100002).where('username', 'like', 'stu%').orderBy('id').execute()).slice(0, STUDENTS).map((u) => u.username);
const questions = await opened.db.selectFrom('theory_questions').select(['id', 'type']).where('test_id', '=', TEST_ID).execute();
await opened.close();
if (usernames.length < STUDENTS) throw new Error(`only ${usernames.length} students`);

const port = await freePort();
const base = `http://127.0.0.1:${port}/api`;
const server = spawn(process.execPath, [...(process.env.BENCH_NODE_FLAGS?.split(' ').filter(Boolean) ?? []), '--import', 'tsx', path.join(root, 'server/main.ts')], {
  cwd: root,
  env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, DATABASE_URL: '', DIST_DIR: path.join(dataDir, 'no-dist') },
  stdio: 'ignore',
});
for (let i = 0; ; i++) {
  if (i > 300) throw new Error('server did not start');
  if (await fetch(`${base}/health`).then((r) => r.ok, () => false)) break;
  await new Promise((r) => setTimeout(r, 200));
}

async function post(name: string, form: Record<string, string | number>, token?: string) {
  const res = await fetch(`${base}/${name}`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded', ...(token && { authorization: `Bearer ${token}` }) },
    body: new URLSearchParams(Object.entries(form).map(([k, v]) => [k, String(v)])),
  });
  return (await res.json()) as { code: number; data: any; message: string };
}


interface Student { token: string; seq: number; latest: Map<number, { answer: string; seq: number }> }
const students: Student[] = [];
for (let i = 0; i < usernames.length; i += 25) {
  const batch = await Promise.all(usernames.slice(i, i + 25).map((username) => post('user/login', { username, password: 'demo123' })));
  for (const reply of batch) students.push({ token: reply.data.token, seq: 0, latest: new Map() });
}
for (const s of students) {
  const started = await post('theory/start', { logid: TEST_ID }, s.token);
  if (started.code !== 200) throw new Error(`start: ${started.message}`);
}

interface Job { base: string; seconds: number; questions: { id: number; type: number }[]; tokens: string[] }
interface Result { latencies: number[]; failures: [string, number][]; late: number; latest: [number, number, { answer: string; seq: number }][] }

// The simulated students run in several processes, so the load generator is not what limits the figures.
const WORKERS = Number(process.env.BENCH_WORKERS ?? 4);
const chunks = Array.from({ length: WORKERS }, (_, w) => students.filter((_s, i) => i % WORKERS === w));
// CPU the server process spends per save, from /proc (Linux): a figure the other load on the machine does not skew.
const cpuMs = () => {
  try {
    const fields = fs.readFileSync(`/proc/${server.pid}/stat`, 'utf8').split(') ')[1].split(' ');
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / 100; // utime + stime in clock ticks of 10 ms
  } catch {
    return NaN;
  }
};
const cpuBefore = cpuMs();
const t0 = Date.now();
const results = await Promise.all(
  chunks.map(
    (chunk) =>
      new Promise<Result>((resolve, reject) => {
        const child = fork(path.join(root, 'scripts/bench-theory-worker.ts'), [], { execArgv: ['--import', 'tsx'] });
        child.once('message', (result) => {
          resolve(result as Result);
          child.kill();
        });
        child.once('error', reject);
        child.send({ base, seconds: SECONDS, questions, tokens: chunk.map((s) => s.token) } satisfies Job);
      }),
  ),
);
const serverCpu = cpuMs() - cpuBefore;
const elapsed = Math.min((Date.now() - t0) / 1000, SECONDS); // workers start in a few seconds; the run itself lasts SECONDS
const latencies = results.flatMap((r) => r.latencies);
const failures = new Map<string, number>();
for (const r of results) for (const [m, n] of r.failures) failures.set(m, (failures.get(m) ?? 0) + n);
const errors = [...failures.values()].reduce((a, b) => a + b, 0);
const lateSent = results.reduce((n, r) => n + r.late, 0);
results.forEach((r, w) => {
  for (const [index, qid, want] of r.latest) students[index * WORKERS + w].latest.set(qid, want);
});

const db = new Database(path.join(dataDir, 'app.sqlite'), { readonly: true });
const rows = db.prepare(`select u.username, a.question_id, a.answer, a.seq from theory_answers a join theory_attempts t on t.id = a.attempt_id
  join users u on u.id = t.user_id where t.test_id = ?`).all(TEST_ID) as { username: string; question_id: number; answer: string; seq: number }[];
db.close();
const held = new Map(rows.map((r) => [`${r.username}:${r.question_id}`, r]));
let lost = 0;
let reordered = 0;
let expected = 0;
students.forEach((s, i) => {
  for (const [qid, want] of s.latest) {
    expected++;
    const got = held.get(`${usernames[i]}:${qid}`);
    if (!got) lost++;
    else if (got.seq !== want.seq || got.answer !== want.answer) reordered++;
  }
});

server.kill('SIGTERM');
await new Promise((r) => setTimeout(r, 500));
fs.rmSync(dataDir, { recursive: true, force: true });

latencies.sort((a, b) => a - b);
const at = (p: number) => latencies[Math.min(latencies.length - 1, Math.floor((p / 100) * latencies.length))].toFixed(1);
console.log(`students ${students.length}, ${elapsed.toFixed(0)} s, saves ${latencies.length} (${(latencies.length / elapsed).toFixed(0)}/s, ${lateSent} late duplicates), errors ${errors}`);
console.log(`server CPU per save: ${(serverCpu / latencies.length).toFixed(2)} ms (${(serverCpu / 1000 / elapsed * 100).toFixed(0)}% of one core); load average ${os.loadavg()[0].toFixed(1)} on ${os.cpus().length} cores`);
console.log(`save latency ms: p50 ${at(50)}, p95 ${at(95)}, p99 ${at(99)}, max ${latencies[latencies.length - 1].toFixed(1)}`);
for (const [message, n] of failures) console.log(`  failed ${n}x: ${message}`);
console.log(`answers checked ${expected}: lost ${lost}, older answer kept ${reordered}`);
process.exit(lost || reordered || errors ? 1 : 0);
