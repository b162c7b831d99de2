// Hot-path cost (issue 20): every route an online student calls every few seconds, measured with autocannon against
// one real server process (server/main.ts) and, interleaved in the same run, a bare Fastify route
// (scripts/bench-bare-server.ts). The headline figure is the server process's CPU time per request (asked over IPC,
// scripts/bench-cpu-probe.ts), which the shared machine's other load barely moves; bare CPU/req ÷ route CPU/req is the
// share of bare Fastify's req/s the route reaches on one saturated core. Figures: docs/benchmarks.md.
//
//   npm run bench:hot -- [--seconds 10] [--rounds 3] [--connections 50] [--warmup 2] [--only learn/get,score/get_student]
//                        [--pg URL]                a fresh PostgreSQL database created on that server, seeded, dropped after
//                        [--students N] [--courses N] [--scores N]   seed size (fresh databases only; see server/seed)
//                        [--data-dir DIR]          an already seeded SQLite DATA_DIR (else a fresh temp seed)
//                        [--database-url URL]      an already seeded PostgreSQL database instead of SQLite
//                        [--baseline DIR]          also a server from another checkout (e.g. `git archive` of an older
//                                                  commit, with node_modules linked), measured right before this one
//                                                  on every route: a before/after pair under the same machine load
//   BENCH_NODE_FLAGS="--cpu-prof --cpu-prof-dir=/tmp/prof"   passed to the server process (profiling)
//
// Each of the --connections connections is a different signed-in student of the demo school. The autosave row
// sends theory/test for test 5 with each student's own increasing seq; afterwards every stored answer is checked
// against what was sent and acknowledged (none lost, none replaced by an older one).
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import { createServer } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import pg from 'pg';
import { migrate, openDatabase } from '../server/db';
import { seed } from '../server/seed';
import { createSession } from '../server/services/sessions';

const root = path.resolve(import.meta.dirname, '..');
const arg = (name: string, fallback?: string) => {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 ? process.argv[i + 1] : fallback;
};
const SECONDS = Number(arg('seconds', '10'));
const CONNECTIONS = Number(arg('connections', '50'));
// Names are split at commas not followed by a space ("assign/gettasklist, 304" is one row's name).
const ONLY = arg('only')?.split(/,(?! )/);
const PG_SERVER = arg('pg');
const STUDENTS = Number(arg('students', String(CONNECTIONS * 2 + 20)));
const COURSES = arg('courses') === undefined ? undefined : Number(arg('courses'));
const SCORES = Number(arg('scores', '20'));
const TEST_ID = 5; // the seed's open theory test for the whole demo school
const DEMO_SCHOOL = 100002;

const givenDir = arg('data-dir');
const dataDir = givenDir ? path.resolve(givenDir) : fs.mkdtempSync(path.join(os.tmpdir(), 'bench-hot-'));

// --pg: a database of our own on that server, so the seed starts empty and nothing else is touched.
let dropPg: (() => Promise<void>) | undefined;
let DATABASE_URL = arg('database-url');
if (PG_SERVER) {
  const name = `bench_hot_${process.pid}_${Date.now()}`;
  const admin = new pg.Client({ connectionString: PG_SERVER });
  await admin.connect();
  await admin.query(`create database ${name}`);
  const url = new URL(PG_SERVER);
  url.pathname = `/${name}`;
  DATABASE_URL = url.toString();
  dropPg = async () => {
    await admin.query(`drop database if exists ${name} with (force)`);
    await admin.end();
  };
}
const fresh = !givenDir && (!DATABASE_URL || PG_SERVER);

const freePort = () =>
  new Promise<number>((done) => {
    const probe = createServer();
    probe.listen(0, '127.0.0.1', () => {
      const port = (probe.address() as { port: number }).port;
      probe.close(() => done(port));
    });
  });

// ---- data: sessions for CONNECTIONS students, made directly (the login route's rate limits are not under test)
const opened = await openDatabase({ dataDir, databaseUrl: DATABASE_URL });
await migrate(opened.db, opened.dialect);
const seedStarted = Date.now();
if (fresh) await seed(opened.db, { students: STUDENTS, scoresPerStudent: SCORES, ...(COURSES !== undefined && { courses: COURSES }) });
const seedSeconds = (Date.now() - seedStarted) / 1000;
const sizes = await Promise.all([
  opened.db.selectFrom('learns').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
  opened.db.selectFrom('score_records').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
]);
const students = await opened.db.selectFrom('users').select(['id', 'username']).where('school_id', '=', DEMO_SCHOOL)
  .where('role', '=', 'student').where('status', '=', 1).where('class_id', 'is not', null).orderBy('id').limit(CONNECTIONS).execute();
if (students.length < CONNECTIONS) throw new Error(`only ${students.length} students in the demo school`);
const tokens = await Promise.all(students.map((s) => createSession(opened.db, s.id)));
const questions = await opened.db.selectFrom('theory_questions').select(['id', 'type']).where('test_id', '=', TEST_ID).orderBy('id').execute();

// ---- servers
const bareFile = path.join(root, 'scripts/bench-bare-server.ts');
const serverFile = path.join(root, 'server/main.ts');
type Server = { child: ChildProcess; base: string };
const probe = path.join(root, 'scripts/bench-cpu-probe.ts');
async function start(file: string, env: Record<string, string>, flags: string[] = []): Promise<Server> {
  const port = await freePort();
  const child = spawn(process.execPath, [...flags, '--import', 'tsx', '--import', probe, file], { cwd: root, env: { ...process.env, ...env, PORT: String(port), HOST: '127.0.0.1' }, stdio: ['ignore', 'ignore', 'inherit', 'ipc'] });
  const base = `http://127.0.0.1:${port}`;
  for (let i = 0; ; i++) {
    if (i > 300) throw new Error(`${file} did not start`);
    if (await fetch(`${base}/${file === bareFile ? 'bare' : 'api/health'}`).then((r) => r.ok, () => false)) return { child, base };
    await new Promise((r) => setTimeout(r, 200));
  }
}
const stop = (child: ChildProcess) => new Promise<void>((done) => {
  child.once('exit', () => done());
  child.kill('SIGTERM');
});

const bare = await start(bareFile, {});
const serverEnv = { DATA_DIR: dataDir, DATABASE_URL: DATABASE_URL ?? '', DIST_DIR: path.join(dataDir, 'no-dist') };
const app = await start(serverFile, serverEnv, process.env.BENCH_NODE_FLAGS?.split(' ').filter(Boolean));
const BASELINE = arg('baseline');
const baseline = BASELINE ? await start(path.resolve(BASELINE, 'server/main.ts'), serverEnv) : undefined;

// The server's own CPU time (user + system, µs), asked over IPC (scripts/bench-cpu-probe.ts): CPU per request is the
// figure the other load on the machine disturbs least (it does not count time spent waiting for a core).
const cpuUs = (child: ChildProcess) => new Promise<number>((resolve) => {
  child.once('message', (m: { cpuUs: number }) => resolve(m.cpuUs));
  child.send('cpu');
});

const FORM = { 'content-type': 'application/x-www-form-urlencoded' };
// What a browser sends with every call; without it a reply is never compressed and the bench would miss that cost.
const BROWSER = { 'accept-encoding': 'gzip, deflate, br' };

interface Row {
  name: string;
  method: 'GET' | 'POST';
  path: string;
  body?: string;
  /** Sends each student's ETag from a first call as If-None-Match: the poll that finds nothing new. */
  conditional?: boolean;
  autosave?: boolean;
}

const allRows: Row[] = [
  { name: 'GET /api/health', method: 'GET', path: '/api/health' },
  { name: 'user/get_info', method: 'POST', path: '/api/user/get_info', body: '' },
  { name: 'answer/messagelist', method: 'GET', path: '/api/answer/messagelist' },
  { name: 'message/get_class (unread poll)', method: 'POST', path: '/api/message/get_class', body: '' },
  { name: 'message/get_class, 304', method: 'POST', path: '/api/message/get_class', body: '', conditional: true },
  { name: 'assign/gettasklist (new-work poll)', method: 'POST', path: '/api/assign/gettasklist', body: '' },
  { name: 'assign/gettasklist, 304', method: 'POST', path: '/api/assign/gettasklist', body: '', conditional: true },
  { name: 'assign/getexamlist (new-work poll)', method: 'POST', path: '/api/assign/getexamlist', body: '' },
  { name: 'assign/getexamlist, 304', method: 'POST', path: '/api/assign/getexamlist', body: '', conditional: true },
  { name: 'learn/get page 1', method: 'POST', path: '/api/learn/get', body: 'page=1' },
  { name: 'score/get_student page 1', method: 'POST', path: '/api/score/get_student', body: 'page=1' },
  { name: 'theory/test (autosave)', method: 'POST', path: '/api/theory/test', autosave: true },
];
const rows = allRows.filter((r) => !ONLY || ONLY.some((o) => r.name.startsWith(o)));

async function etagOf(row: Row, token: string): Promise<string | null> {
  const res = await fetch(`${app.base}${row.path}`, { method: row.method, headers: { ...FORM, authorization: `Bearer ${token}` }, body: row.method === 'POST' ? row.body : undefined });
  await res.arrayBuffer();
  return res.headers.get('etag');
}

// ---- autosave bookkeeping: what each student sent last per question and what the server acknowledged
const CHOICES: Record<number, string[]> = { 1: ['A', 'B', 'C', 'D'], 2: ['A', 'A B', 'B C D', 'F'], 3: ['正确', '错误'] };
const answerFor = (type: number, seq: number) => (CHOICES[type] ? CHOICES[type][seq % CHOICES[type].length] : type === 4 ? `${seq} ${seq + 1}` : `第${seq}次修改的答案`);
const sent = students.map(() => new Map<number, number>()); // question -> highest seq sent
const acked = students.map(() => new Map<number, number>()); // question -> highest seq answered 200
let autosaveFailures = 0;

async function prepareAutosave(server: Server) {
  for (const token of tokens) {
    const res = await fetch(`${server.base}/api/theory/start`, { method: 'POST', headers: { ...FORM, authorization: `Bearer ${token}` }, body: `logid=${TEST_ID}` });
    const reply = (await res.json()) as { code: number; message: string };
    if (reply.code !== 200) throw new Error(`theory/start: ${reply.message}`);
  }
  const max = await opened.db.selectFrom('theory_answers').select((eb) => eb.fn.max('seq').as('m')).executeTakeFirst();
  return Number(max?.m ?? 0) + 1;
}

interface Measured { name: string; rps: number; p99: number; non2xx: number; errors: number; cpuUsPerReq: number; status304: number }

async function measure(name: string, url: string, setup: (client: any, index: number) => void, method: 'GET' | 'POST', seconds = SECONDS, server: Server = app): Promise<Measured> {
  let next = 0;
  const child = (name === 'bare Fastify' ? bare : server).child;
  const cpu0 = await cpuUs(child);
  const counts = new Map<number, number>();
  const result = await new Promise<autocannon.Result>((resolve, reject) => {
    const inst = autocannon({ url, method, connections: CONNECTIONS, duration: seconds, setupClient: (client: any) => setup(client, next++ % CONNECTIONS) }, (err, res) => (err ? reject(err) : resolve(res)));
    inst.on('response', (_client, status) => counts.set(status, (counts.get(status) ?? 0) + 1));
  });
  const cpu = (await cpuUs(child)) - cpu0;
  return {
    name, rps: result.requests.average, p99: result.latency.p99, non2xx: result.non2xx, errors: result.errors + result.timeouts,
    cpuUsPerReq: cpu / Math.max(1, result.requests.total), status304: counts.get(304) ?? 0,
  };
}

const measureBare = () => measure('bare Fastify', `${bare.base}/bare`, (client) => client.setHeaders(BROWSER), 'GET', Math.max(1, Math.round(SECONDS / 2)));

// Warm-up, not counted: the first route measured would otherwise pay for the JIT and the statement caches.
const WARMUP = Number(arg('warmup', '2'));
if (WARMUP > 0) {
  await measure('bare Fastify', `${bare.base}/bare`, () => {}, 'GET', WARMUP);
  for (const server of baseline ? [baseline, app] : [app]) {
    for (const row of rows.filter((r) => !r.autosave && !r.conditional)) {
      await measure(row.name, `${server.base}${row.path}`, (client, i) => {
        client.setHeaders({ ...BROWSER, ...(row.method === 'POST' && FORM), authorization: `Bearer ${tokens[i]}` });
        if (row.body !== undefined) client.setBody(row.body);
      }, row.method, WARMUP, server);
    }
  }
}

// --rounds rounds; in each, every route is measured right after a bare-route measurement (odd rounds in reverse
// order, so a drift in the machine's load does not always favour the same routes). Figures are medians over rounds.
const ROUNDS = Number(arg('rounds', '3'));
interface Runs { row: Row; app: Measured[]; baseline: Measured[]; bare: Measured[] }
const runs: Runs[] = rows.map((row) => ({ row, app: [], baseline: [], bare: [] }));
const allBare: Measured[] = [];
const pairingChecks: (() => boolean)[] = [];
const skipped = new Set<Row>();
for (let round = 0; round < ROUNDS; round++) {
  for (const run of round % 2 ? [...runs].reverse() : runs) {
    const { row } = run;
    if (skipped.has(row)) continue;
    const etags = row.conditional ? await Promise.all(tokens.map((t) => etagOf(row, t))) : [];
    if (row.conditional && etags.some((e) => !e)) {
      console.log(`${row.name}: no ETag in the reply, skipped`);
      skipped.add(row);
      continue;
    }
    const b = await measureBare();
    run.bare.push(b);
    allBare.push(b);
    for (const server of baseline ? [baseline, app] : [app]) {
      const into = server === app ? run.app : run.baseline;
      if (row.autosave) {
        const seqBase = await prepareAutosave(server);
        into.push(await measure(row.name, `${server.base}${row.path}`, (client, i) => {
          // One connection sends one request at a time (no pipelining), built just before it is sent: the k-th reply
          // of this connection answers the k-th request built.
          const built: { qid: number; seq: number }[] = [];
          let answered = 0;
          let seq = seqBase;
          client.setRequests([{
            method: 'POST', path: row.path, headers: { ...BROWSER, ...FORM, authorization: `Bearer ${tokens[i]}` },
            setupRequest(req: any) {
              const q = questions[built.length % questions.length];
              built.push({ qid: q.id, seq: ++seq });
              sent[i].set(q.id, seq);
              return { ...req, body: `logid=${TEST_ID}&cid=${q.id}&seq=${seq}&answer=${encodeURIComponent(answerFor(q.type, seq))}` };
            },
          }]);
          client.on('response', (status: number) => {
            const request = built[answered++];
            if (status !== 200 || !request) autosaveFailures++;
            else acked[i].set(request.qid, request.seq);
          });
          pairingChecks.push(() => built.length - answered > 1);
        }, 'POST', SECONDS, server));
        continue;
      }
      into.push(await measure(row.name, `${server.base}${row.path}`, (client, i) => {
        client.setHeaders({ ...BROWSER, ...(row.method === 'POST' && FORM), authorization: `Bearer ${tokens[i]}`, ...(row.conditional && { 'if-none-match': etags[i]! }) });
        if (row.body !== undefined) client.setBody(row.body);
      }, row.method, SECONDS, server));
    }
  }
}

// Requests built but never answered, per connection: at most the one in flight when the run stopped, else the
// pairing of replies with requests above would be off.
const unpaired = pairingChecks.filter((check) => check()).length;

// ---- autosave check: every stored answer is the one sent with the stored seq, and none is older than acknowledged
let lost = 0;
let reordered = 0;
let checked = 0;
if (rows.some((r) => r.autosave)) {
  const typeOf = new Map(questions.map((q) => [q.id, q.type]));
  const stored = await opened.db.selectFrom('theory_answers as a').innerJoin('theory_attempts as t', 't.id', 'a.attempt_id')
    .select(['t.user_id', 'a.question_id', 'a.answer', 'a.seq']).where('t.test_id', '=', TEST_ID).where('t.user_id', 'in', students.map((s) => s.id)).execute();
  const byKey = new Map(stored.map((r) => [`${r.user_id}:${r.question_id}`, r]));
  students.forEach((s, i) => {
    for (const [qid, seq] of acked[i]) {
      checked++;
      const row = byKey.get(`${s.id}:${qid}`);
      if (!row || row.seq < seq) lost++;
      else if (row.seq > sent[i].get(qid)! || row.answer !== answerFor(typeOf.get(qid)!, row.seq)) reordered++;
    }
  });
}

await stop(app.child);
if (baseline) await stop(baseline.child);
await stop(bare.child);
await opened.close();
await dropPg?.();
if (!givenDir) fs.rmSync(dataDir, { recursive: true, force: true }); // our temp dir (also the upload dir of a PostgreSQL run)

const median = (xs: number[]) => {
  const sorted = [...xs].sort((x, y) => x - y);
  const mid = sorted.length >> 1;
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
};
const bareCpu = median(allBare.map((b) => b.cpuUsPerReq));
const pad = (s: string, n: number) => s + ' '.repeat(Math.max(0, n - [...s].length));
const done = runs.filter((r) => r.app.length);
console.log(`\n${CONNECTIONS} connections, ${SECONDS} s per route, ${ROUNDS} rounds, ${DATABASE_URL ? 'PostgreSQL' : 'SQLite'}; load average ${os.loadavg().map((l) => l.toFixed(1)).join(' ')} on ${os.cpus().length} cores`);
console.log(`data: ${Number(sizes[0].n)} course rows, ${Number(sizes[1].n)} score records${fresh ? ` (seeded in ${seedSeconds.toFixed(0)} s)` : ''}`);
console.log(`bare Fastify: req/s ${allBare.map((b) => b.rps.toFixed(0)).join(', ')}; server CPU µs/req ${allBare.map((b) => b.cpuUsPerReq.toFixed(0)).join(', ')} (median ${bareCpu.toFixed(1)})`);
console.log('CPU ratio = bare CPU/req ÷ route CPU/req (the share of bare Fastify\'s req/s the route reaches on one saturated core); req/s ratio = route req/s ÷ the bare req/s measured right before it; medians over rounds.');
console.log(`| ${pad('route', 36)} | CPU µs/req (rounds)  | CPU ratio | req/s | req/s ratio | p99 ms | non-2xx |`);
const table = (pick: (r: Runs) => Measured[]) => done.forEach((run) => {
  const list = pick(run);
  const cpu = median(list.map((m) => m.cpuUsPerReq));
  const ratio = median(list.map((m, k) => m.rps / run.bare[k].rps));
  const non2xx = list.reduce((n, m) => n + m.non2xx - m.status304, 0);
  const s304 = list.reduce((n, m) => n + m.status304, 0);
  const errors = list.reduce((n, m) => n + m.errors, 0);
  console.log(`| ${pad(run.row.name, 36)} | ${pad(`${cpu.toFixed(0)} (${list.map((m) => m.cpuUsPerReq.toFixed(0)).join('/')})`, 20)} | ${pad((bareCpu / cpu).toFixed(3), 9)} | ${pad(median(list.map((m) => m.rps)).toFixed(0), 5)} | ${pad(ratio.toFixed(3), 11)} | ${pad(String(median(list.map((m) => m.p99))), 6)} | ${non2xx}${s304 ? ` (+${s304} 304)` : ''}${errors ? `, ${errors} errors` : ''} |`);
});
table((r) => r.app);
if (baseline) {
  console.log(`\nbaseline (${BASELINE}), each route measured right before the one above:`);
  table((r) => r.baseline);
  console.log('\n| route | CPU µs/req baseline → this | req/s baseline → this |');
  done.forEach((r) => console.log(`| ${r.row.name} | ${median(r.baseline.map((m) => m.cpuUsPerReq)).toFixed(0)} → ${median(r.app.map((m) => m.cpuUsPerReq)).toFixed(0)} | ${median(r.baseline.map((m) => m.rps)).toFixed(0)} → ${median(r.app.map((m) => m.rps)).toFixed(0)} |`));
}
if (rows.some((r) => r.autosave)) console.log(`autosave: ${checked} (student, question) answers checked: lost ${lost}, older kept ${reordered}, failed saves ${autosaveFailures}, connections with unpaired replies ${unpaired}`);
process.exit(lost || reordered || autosaveFailures || unpaired ? 1 : 0);
