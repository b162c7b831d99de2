// /api/health latency while score/pdf_font cuts six large font subsets at once (issue 14 #9), against one real server
// (HTTP, its own process, demo seed):
//   npx tsx scripts/bench-pdf-font.ts [server checkout = this repository]
// Give another checkout (e.g. a worktree of the commit before the fix) to measure its server with the same client.
// Six students each ask for 2,999 distinct characters (six different sets, so nothing is cached) in parallel while
// this process asks /api/health every 10 ms; then the same six again (cached after the fix). Prints the health
// latencies idle and during each round, the time until all six replies and the reply size. Figures: docs/benchmarks.md.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import { createServer } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { Worker } from 'node:worker_threads';

const root = path.resolve(process.argv[2] ?? path.join(import.meta.dirname, '..'));
const REQUESTS = 6;
const CHARS = 2999;
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-pdf-font-'));

const freePort = () =>
  new Promise<number>((done) => {
    const probe = createServer();
    probe.listen(0, '127.0.0.1', () => {
      const port = (probe.address() as { port: number }).port;
      probe.close(() => done(port));
    });
  });

const port = await freePort();
const base = `http://127.0.0.1:${port}/api`;
const server = spawn(process.execPath, ['--import', 'tsx', path.join(root, 'server/main.ts')], {
  cwd: root,
  env: { ...process.env, NODE_ENV: 'development', PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, DATABASE_URL: '', DIST_DIR: path.join(dataDir, 'no-dist') },
  stdio: 'ignore',
});
const stop = () => {
  server.kill('SIGTERM');
  fs.rmSync(dataDir, { recursive: true, force: true });
};
for (let i = 0; ; i++) {
  if (i > 600) {
    stop();
    throw new Error('server did not start');
  }
  if (await fetch(`${base}/health`).then((r) => r.ok, () => false)) break;
  await new Promise((r) => setTimeout(r, 200));
}

async function post(name: string, form: Record<string, string | number>, token?: string) {
  const res = await fetch(`${base}/${name}`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded', ...(token && { authorization: `Bearer ${token}` }) },
    body: new URLSearchParams(Object.entries(form).map(([k, v]) => [k, String(v)])),
  });
  const text = await res.text();
  return { status: res.status, bytes: Buffer.byteLength(text), body: JSON.parse(text) as { code: number; data: any; message: string } };
}

const pct = (xs: number[], p: number) => {
  const sorted = [...xs].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? NaN;
};
const fmt = (xs: number[]) => `n=${xs.length} p50 ${pct(xs, 50).toFixed(1)} ms, p95 ${pct(xs, 95).toFixed(1)} ms, max ${Math.max(...xs).toFixed(1)} ms`;

// The health client runs on a thread of its own, so this thread reading six 1 MB replies does not count as the
// server's delay: GET /api/health every 10 ms over keep-alive until told to stop, then report the latencies.
const PROBE = `
const { parentPort, workerData } = require('node:worker_threads');
const http = require('node:http');
const agent = new http.Agent({ keepAlive: true });
let stop = false;
parentPort.on('message', () => { stop = true; });
const get = () => new Promise((resolve, reject) => http.get(workerData, { agent }, (res) => { res.resume(); res.on('end', resolve); }).on('error', reject));
(async () => {
  const out = [];
  while (!stop) {
    const t0 = performance.now();
    await get();
    out.push(performance.now() - t0);
    await new Promise((r) => setTimeout(r, 10));
  }
  agent.destroy();
  parentPort.postMessage(out);
})();
`;

/** Health latencies (ms) measured from another thread while `during` runs. */
async function probeHealth(during: () => Promise<unknown>): Promise<number[]> {
  const probe = new Worker(PROBE, { eval: true, workerData: `${base}/health` });
  const samples = new Promise<number[]>((resolve, reject) => {
    probe.once('message', resolve);
    probe.once('error', reject);
  });
  await new Promise((r) => setTimeout(r, 50));
  try {
    await during();
  } finally {
    probe.postMessage('stop');
  }
  const out = await samples;
  await probe.terminate();
  return out;
}

try {
  const tokens: string[] = [];
  for (let i = 0; i < REQUESTS; i++) {
    const login = await post('user/login', { username: `stu${String(21 + i).padStart(5, '0')}`, password: 'demo123', school_id: 100002 });
    if (login.body.code !== 200) throw new Error(`login: ${login.body.message}`);
    tokens.push(login.body.data.token);
  }
  // The font file is read and parsed once per process (or worker): not part of what is measured.
  const warm = await post('score/pdf_font', { text: '预热' }, tokens[0]);
  if (warm.body.code !== 200) throw new Error(`pdf_font: ${warm.body.message}`);

  const sets = Array.from({ length: REQUESTS }, (_, r) => Array.from({ length: CHARS }, (_, i) => String.fromCodePoint(0x4e00 + r * CHARS + i)).join(''));
  console.log(`server: ${root}`);
  console.log(`health idle:          ${fmt(await probeHealth(() => new Promise((r) => setTimeout(r, 1000))))}`);
  for (const round of ['new sets', 'same sets again']) {
    let total = 0;
    let replies: Awaited<ReturnType<typeof post>>[] = [];
    const during = await probeHealth(async () => {
      const t0 = performance.now();
      replies = await Promise.all(sets.map((text, i) => post('score/pdf_font', { text }, tokens[i])));
      total = performance.now() - t0;
    });
    const codes = [...new Set(replies.map((r) => `${r.status}/${r.body.code}`))].join(', ');
    console.log(`${REQUESTS} × ${CHARS} chars, ${round}: all replies after ${total.toFixed(0)} ms (${codes}; ${(replies[0].bytes / 1e6).toFixed(2)} MB each)`);
    console.log(`health during:        ${fmt(during)}`);
  }
} finally {
  stop();
}
