// Scale-out benchmark (issue 15), not a test: the student routes through HAProxy (deploy/haproxy.cfg, its server lines
// replaced by 1, 2 or 4 nodes) on one PostgreSQL database, the same routes on one node SQLite vs PostgreSQL, and the
// target scenario: 2,000 students autosaving every 10 s through the balancer. Each configuration also measures
// GET /api/health the same way, minutes apart on the same machine: ratios to it are the figures to compare across runs.
//
//   npx tsx scripts/bench-nodes.ts --database-url URL --data-dir DIR   both seeded alike, e.g. `npm run seed --
//                                    --students 2100 --courses 5000` (the first with DATABASE_URL, the second with DATA_DIR)
//                                  [--seconds 8] [--connections 50] [--nodes 1,2,4] [--scenario-students 2000]
//                                  [--scenario-seconds 30] [--only balancer,single,scenario]
// Figures: docs/benchmarks.md.
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import http from 'node:http';
import fs from 'node:fs';
import { createServer } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { openDatabase, type OpenedDatabase } from '../server/db';
import { createSession } from '../server/services/sessions';

const root = path.resolve(import.meta.dirname, '..');
const arg = (name: string, fallback?: string) => {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 ? process.argv[i + 1] : fallback;
};
const DATABASE_URL = arg('database-url');
const DATA_DIR = arg('data-dir');
const SECONDS = Number(arg('seconds', '8'));
const CONNECTIONS = Number(arg('connections', '50'));
const NODE_COUNTS = arg('nodes', '1,2,4')!.split(',').map(Number);
const SCENARIO_STUDENTS = Number(arg('scenario-students', '2000'));
const SCENARIO_SECONDS = Number(arg('scenario-seconds', '30'));
const ONLY = arg('only', 'balancer,single,scenario')!.split(',');
const TEST_ID = 5; // the seed's open theory test for the whole demo school
const DEMO_SCHOOL = 100002;
if (!DATABASE_URL || !DATA_DIR) throw new Error('--database-url and --data-dir (both seeded) are required');

const freePort = () =>
  new Promise<number>((done) => {
    const probe = createServer();
    probe.listen(0, '127.0.0.1', () => {
      const port = (probe.address() as { port: number }).port;
      probe.close(() => done(port));
    });
  });
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
async function until(what: string, check: () => Promise<boolean>, ms = 60_000) {
  const end = Date.now() + ms;
  while (!(await check().catch(() => false))) {
    if (Date.now() > end) throw new Error(`${what}: timed out`);
    await sleep(200);
  }
}
const stop = (child: ChildProcess) =>
  new Promise<void>((done) => {
    if (child.exitCode !== null) return done();
    child.once('exit', () => done());
    child.kill('SIGTERM');
  });

// ---- sessions, made directly in each database (the login route's rate limits and scrypt are not under test)
async function studentsOf(opened: OpenedDatabase, count: number) {
  const rows = await opened.db.selectFrom('users').select('id').where('school_id', '=', DEMO_SCHOOL).where('role', '=', 'student')
    .where('status', '=', 1).where('class_id', 'is not', null).orderBy('id').limit(count).execute();
  if (rows.length === 0) throw new Error('no students in the demo school');
  // More simulated students than seeded ones: some students are signed in twice (two sessions, like two tabs).
  if (rows.length < count) console.log(`${rows.length} students in the demo school: ${count - rows.length} of them get a second session`);
  return Promise.all(Array.from({ length: count }, (_v, i) => createSession(opened.db, rows[i % rows.length].id)));
}

// ---- processes: API nodes (server/main.ts) and the balancer
const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-nodes-'));
const children: ChildProcess[] = [];
async function startNode(databaseUrl: string, dataDir: string): Promise<{ child: ChildProcess; port: number }> {
  const port = await freePort();
  const env = {
    PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir,
    DATABASE_URL: databaseUrl, SEED_DEMO: '0', LOG_LEVEL: 'warn', TRUST_PROXY: '127.0.0.1', DIST_DIR: path.join(tmp, 'no-dist'),
    // PGOPTIONS (e.g. "-c synchronous_commit=off") reaches the nodes' PostgreSQL sessions: for trying server settings.
    ...(process.env.PGOPTIONS && { PGOPTIONS: process.env.PGOPTIONS }),
    ...(process.env.SESSION_CACHE_SECONDS && { SESSION_CACHE_SECONDS: process.env.SESSION_CACHE_SECONDS }),
  };
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], { cwd: root, env, stdio: ['ignore', 'ignore', 'inherit'] });
  children.push(child);
  nodePids.push(child.pid!);
  await until(`node on ${port}`, async () => (await fetch(`http://127.0.0.1:${port}/api/ready`)).ok);
  return { child, port };
}

/** deploy/haproxy.cfg with its `server` lines replaced by one per node. */
function balancerConfig(ports: number[]): string {
  const lines = fs.readFileSync(path.join(root, 'deploy/haproxy.cfg'), 'utf8').split('\n');
  const at = lines.findIndex((l) => /^\s+server node\d/.test(l));
  const rest = lines.filter((l) => !/^\s+server node\d/.test(l));
  rest.splice(at, 0, ...ports.map((p, i) => `    server node${i + 1} 127.0.0.1:${p} check`));
  const file = path.join(tmp, `haproxy-${ports.length}.cfg`);
  fs.writeFileSync(file, rest.join('\n'));
  return file;
}
const haproxy = ['haproxy', '/usr/sbin/haproxy'].find((c) => !spawnSync(c, ['-v']).error);

async function startBalancer(ports: number[]): Promise<{ child: ChildProcess; base: string }> {
  if (!haproxy) throw new Error('haproxy is not installed (Debian: apt-get install haproxy)');
  const listen = await freePort();
  const child = spawn(haproxy, ['-f', balancerConfig(ports), '-db'], { env: { PATH: process.env.PATH ?? '', VSIM_LISTEN: `127.0.0.1:${listen}` }, stdio: ['ignore', 'ignore', 'inherit'] });
  children.push(child);
  const base = `http://127.0.0.1:${listen}`;
  // Every node has passed its health check: a round of requests is answered by all of them.
  await until(`balancer over ${ports.length} nodes`, async () => {
    const seen = new Set<string>();
    for (let i = 0; i < ports.length * 3; i++) seen.add((await fetch(`${base}/api/health`)).headers.get('x-served-by') ?? '');
    return seen.size === ports.length;
  }, 30_000);
  return { child, base };
}

// CPU the API node processes spend, from /proc (Linux): utime + stime in 10 ms ticks. The database's own CPU is not
// counted (the PostgreSQL server is shared with other work on this machine).
const nodePids: number[] = [];
const nodesCpuMs = () => nodePids.reduce((sum, pid) => {
  try {
    const fields = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
    return sum + (Number(fields[11]) + Number(fields[12])) * 10;
  } catch {
    return sum;
  }
}, 0);

// ---- measuring
const FORM = { 'content-type': 'application/x-www-form-urlencoded' };
interface Route { name: string; method: 'GET' | 'POST'; path: string; body?: string; autosave?: boolean }
const ROUTES: Route[] = [
  { name: 'GET /api/health', method: 'GET', path: '/api/health' },
  { name: 'learn/get page 1', method: 'POST', path: '/api/learn/get', body: 'page=1' },
  { name: 'score/get_student page 1', method: 'POST', path: '/api/score/get_student', body: 'page=1' },
  { name: 'assign/gettasklist', method: 'POST', path: '/api/assign/gettasklist', body: '' },
  { name: 'assign/getexamlist', method: 'POST', path: '/api/assign/getexamlist', body: '' },
  { name: 'theory/test (autosave)', method: 'POST', path: '/api/theory/test', autosave: true },
];
const CHOICES: Record<number, string[]> = { 1: ['A', 'B', 'C', 'D'], 2: ['A', 'A B', 'B C D', 'F'], 3: ['正确', '错误'] };
const answerFor = (type: number, seq: number) => (CHOICES[type] ? CHOICES[type][seq % CHOICES[type].length] : type === 4 ? `${seq} ${seq + 1}` : `第${seq}次修改的答案`);
let seq = 0; // one increasing seq for every save, above any stored one: each (student, question) sees it grow

interface Measured { rps: number; p50: number; p95: number; p99: number; bad: number; total: number; cpuUs: number }

function percentile(sorted: number[], p: number) {
  return sorted.length ? sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] : NaN;
}

/** autocannon against one route; p95 from every response's own time (autocannon's summary has no p95). */
async function measure(base: string, route: Route, tokens: string[], questions: { id: number; type: number }[], opts: { connections: number; seconds: number; overallRate?: number }): Promise<Measured> {
  const times: number[] = [];
  let bad = 0;
  let next = 0;
  let turn = 0;
  const cpu0 = nodesCpuMs();
  const result = await new Promise<autocannon.Result>((resolve, reject) => {
    const inst = autocannon(
      {
        url: `${base}${route.path}`, method: route.method, connections: opts.connections, duration: opts.seconds, ...(opts.overallRate && { overallRate: opts.overallRate }),
        setupClient(client: any) {
          const own = next++;
          client.setRequests([{
            method: route.method, path: route.path,
            setupRequest(req: any) {
              // Students take turns over the connections: with more students than connections each saves in its turn.
              const i = tokens.length > opts.connections ? turn++ % tokens.length : own % tokens.length;
              const headers = { ...(route.method === 'POST' && FORM), authorization: `Bearer ${tokens[i]}` };
              if (!route.autosave) return { ...req, headers, body: route.body };
              const q = questions[seq % questions.length];
              const s = ++seq;
              return { ...req, headers, body: `logid=${TEST_ID}&cid=${q.id}&seq=${s}&answer=${encodeURIComponent(answerFor(q.type, s))}` };
            },
          }]);
        },
      },
      (err, res) => (err ? reject(err) : resolve(res)),
    );
    inst.on('response', (_client: unknown, status: number, _bytes: number, ms: number) => {
      times.push(ms);
      if (status !== 200) bad++;
    });
  });
  times.sort((a, b) => a - b);
  return { rps: result.requests.average, p50: percentile(times, 50), p95: percentile(times, 95), p99: percentile(times, 99), bad: bad + result.errors + result.timeouts, total: times.length, cpuUs: ((nodesCpuMs() - cpu0) * 1000) / Math.max(1, times.length) };
}

/**
 * The target scenario, open loop: each student saves every `everyMs`, starting at a random moment of the first
 * period, as students do (autocannon's overallRate would fire every connection's request at the same instant each
 * second: bursts no class of students makes). Keep-alive connections, at most `sockets`; each save's time is measured
 * from its scheduled moment, so time spent waiting for a socket counts too.
 */
async function studentsSaving(base: string, tokens: string[], seconds: number, everyMs = 10_000, sockets = 200): Promise<Measured> {
  const agent = new http.Agent({ keepAlive: true, maxSockets: sockets });
  const times: number[] = [];
  let bad = 0;
  const end = Date.now() + seconds * 1000;
  const cpu0 = nodesCpuMs();
  const save = (token: string) =>
    new Promise<void>((done) => {
      const q = questions[seq % questions.length];
      const s = ++seq;
      const body = `logid=${TEST_ID}&cid=${q.id}&seq=${s}&answer=${encodeURIComponent(answerFor(q.type, s))}`;
      const started = performance.now();
      const req = http.request(`${base}/api/theory/test`, { method: 'POST', agent, headers: { ...FORM, authorization: `Bearer ${token}`, 'content-length': Buffer.byteLength(body) } }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => {
          times.push(performance.now() - started);
          if (res.statusCode !== 200 || !Buffer.concat(chunks).toString().startsWith('{"code":200')) bad++;
          done();
        });
      });
      req.on('error', () => {
        bad++;
        done();
      });
      req.end(body);
    });
  await Promise.all(tokens.map(async (token) => {
    await sleep(Math.random() * everyMs);
    const pending: Promise<void>[] = [];
    for (let at = Date.now(); at < end; at += everyMs) {
      pending.push(save(token));
      await sleep(Math.max(0, at + everyMs - Date.now()));
    }
    await Promise.all(pending);
  }));
  agent.destroy();
  const cpuUs = ((nodesCpuMs() - cpu0) * 1000) / Math.max(1, times.length);
  times.sort((a, b) => a - b);
  return { rps: times.length / seconds, p50: percentile(times, 50), p95: percentile(times, 95), p99: percentile(times, 99), bad, total: times.length, cpuUs };
}

async function startAttempts(base: string, tokens: string[]) {
  for (let i = 0; i < tokens.length; i += 50) {
    await Promise.all(tokens.slice(i, i + 50).map(async (token) => {
      const res = await fetch(`${base}/api/theory/start`, { method: 'POST', headers: { ...FORM, authorization: `Bearer ${token}` }, body: `logid=${TEST_ID}` });
      const reply = (await res.json()) as { code: number; message: string };
      if (reply.code !== 200) throw new Error(`theory/start: ${reply.message}`);
    }));
  }
}

const pg = await openDatabase({ dataDir: tmp, databaseUrl: DATABASE_URL });
const lite = await openDatabase({ dataDir: path.resolve(DATA_DIR) });
const questions = await pg.db.selectFrom('theory_questions').select(['id', 'type']).where('test_id', '=', TEST_ID).orderBy('id').execute();
const pgTokens = await studentsOf(pg, Math.max(CONNECTIONS, SCENARIO_STUDENTS));
const liteTokens = await studentsOf(lite, CONNECTIONS);
for (const opened of [pg, lite]) {
  // Attempts of earlier runs have run out of time: the bench's databases start the test afresh.
  const attempts = opened.db.selectFrom('theory_attempts').select('id').where('test_id', '=', TEST_ID);
  await opened.db.deleteFrom('theory_answers').where('attempt_id', 'in', attempts).execute();
  await opened.db.deleteFrom('theory_attempts').where('test_id', '=', TEST_ID).execute();
  const max = await opened.db.selectFrom('theory_answers').select((eb) => eb.fn.max('seq').as('m')).executeTakeFirst();
  seq = Math.max(seq, Number(max?.m ?? 0));
}

const table: string[] = [];
const pad = (s: string, n: number) => s + ' '.repeat(Math.max(0, n - [...s].length));
async function routeTable(title: string, base: string, tokens: string[]) {
  await startAttempts(base, tokens.slice(0, CONNECTIONS));
  const load = os.loadavg()[0];
  const measured: [Route, Measured][] = [];
  for (const route of ROUTES) measured.push([route, await measure(base, route, tokens.slice(0, CONNECTIONS), questions, { connections: CONNECTIONS, seconds: SECONDS })]);
  const health = measured[0][1];
  table.push(`\n${title} (load average ${load.toFixed(1)} → ${os.loadavg()[0].toFixed(1)})`, '| route | req/s | ratio to health | p95 ms | p99 ms | nodes\' CPU µs/req | non-200 |', '|---|---|---|---|---|---|---|');
  for (const [route, m] of measured) table.push(`| ${pad(route.name, 26)} | ${m.rps.toFixed(0)} | ${(m.rps / health.rps).toFixed(3)} | ${m.p95.toFixed(1)} | ${m.p99.toFixed(1)} | ${m.cpuUs.toFixed(0)} | ${m.bad} |`);
  console.log(table.slice(-measured.length - 3).join('\n'));
}

try {
  if (ONLY.includes('balancer') || ONLY.includes('scenario')) {
    for (const n of NODE_COUNTS) {
      const nodes = [];
      for (let i = 0; i < n; i++) nodes.push(await startNode(DATABASE_URL, fs.mkdtempSync(path.join(tmp, 'node-'))));
      const balancer = await startBalancer(nodes.map((x) => x.port));
      if (ONLY.includes('balancer')) await routeTable(`${n} node${n > 1 ? 's' : ''} behind HAProxy, PostgreSQL, ${CONNECTIONS} connections, ${SECONDS} s per route`, balancer.base, pgTokens);
      if (ONLY.includes('scenario')) {
        await startAttempts(balancer.base, pgTokens.slice(0, SCENARIO_STUDENTS));
        const load = os.loadavg()[0];
        const rate = SCENARIO_STUDENTS / 10;
        const m = await studentsSaving(balancer.base, pgTokens.slice(0, SCENARIO_STUDENTS), SCENARIO_SECONDS);
        const line = `scenario, ${n} node(s): ${SCENARIO_STUDENTS} students each saving every 10 s from a random start (${rate} saves/s, ≤ 200 keep-alive connections, ${SCENARIO_SECONDS} s): ${m.rps.toFixed(0)} saves/s, p50 ${m.p50.toFixed(1)} ms, p95 ${m.p95.toFixed(1)} ms, p99 ${m.p99.toFixed(1)} ms, nodes' CPU ${m.cpuUs.toFixed(0)} µs/save, ${m.bad} failed of ${m.total} (load average ${load.toFixed(1)})`;
        table.push(line);
        console.log(line);
      }
      await stop(balancer.child);
      for (const x of nodes) await stop(x.child);
      nodePids.length = 0;
    }
  }
  if (ONLY.includes('single')) {
    for (const [label, url, dir, tokens] of [['SQLite', '', path.resolve(DATA_DIR), liteTokens], ['PostgreSQL', DATABASE_URL, fs.mkdtempSync(path.join(tmp, 'pg-')), pgTokens]] as const) {
      const node = await startNode(url, dir);
      await routeTable(`one node, ${label}, direct, ${CONNECTIONS} connections, ${SECONDS} s per route`, `http://127.0.0.1:${node.port}`, tokens);
      await stop(node.child);
      nodePids.length = 0;
    }
  }
} finally {
  for (const child of children) if (child.exitCode === null) child.kill('SIGTERM');
  await pg.close();
  await lite.close();
  fs.rmSync(tmp, { recursive: true, force: true });
}
console.log(`\n${new Date().toISOString()} · ${os.cpus().length} cores · load average now ${os.loadavg().map((l) => l.toFixed(1)).join(' ')}`);
console.log(table.join('\n'));
