// score/pdf_font cuts font subsets in a worker thread (issue 14 #9): the event loop keeps answering while a large
// subset is cut; repeated character sets come from a cache; requests are capped in size and rate-limited per student.
import { Worker } from 'node:worker_threads';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { resetSubsetter, subsetStats } from '../../server/fonts/pool';
import { fontPath } from '../../server/fonts/subset';
import { startTestServer, type TestServer } from './harness';

/** `count` consecutive CJK ideographs from `from`: distinct characters the font has. */
const ideographs = (from: number, count: number) => Array.from({ length: count }, (_, i) => String.fromCodePoint(from + i)).join('');
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

// A client on a thread of its own (as a load balancer's probe would be): GET `url` every 10 ms over keep-alive until
// told to stop, then report each request's latency. The test's own thread cannot send while the loop is blocked.
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
async function probeHealth(url: string, during: () => Promise<unknown>): Promise<number[]> {
  const probe = new Worker(PROBE, { eval: true, workerData: url });
  const samples = new Promise<number[]>((resolve, reject) => {
    probe.once('message', resolve);
    probe.once('error', reject);
  });
  await new Promise((r) => setTimeout(r, 50)); // the probe is running
  try {
    await during();
  } finally {
    probe.postMessage('stop');
  }
  const out = await samples;
  await probe.terminate();
  return out;
}

describe.skipIf(!fontPath())('score/pdf_font off the event loop (issue 14 #9)', () => {
  let s: TestServer;
  let demo: string;
  const font = (text: string, token = demo) => s.post('score/pdf_font', { text }, token);

  beforeAll(async () => {
    await resetSubsetter();
    s = await startTestServer();
    demo = await s.login();
  });
  afterAll(async () => {
    await resetSubsetter();
    await s?.close();
  });

  it('keeps answering /api/health while a 2,999-character subset is being cut', async () => {
    // Warm-up: the font file is read and parsed once per process (worker); the measured request is a new set.
    expect((await font('预热')).body.code).toBe(200);
    const address = await s.app.listen({ port: 0, host: '127.0.0.1' });
    const url = `${address}/api/health`;
    const idle = await probeHealth(url, () => new Promise((r) => setTimeout(r, 400)));

    let fontMs = 0;
    let reply: { body: any } | undefined;
    const during = await probeHealth(url, async () => {
      const started = performance.now();
      reply = await font(ideographs(0x4e00, 2999));
      fontMs = performance.now() - started;
    });
    expect(reply!.body.code).toBe(200);
    expect(Buffer.from(reply!.body.data.base64, 'base64').readUInt32BE(0)).toBe(0x00010000);

    const worst = Math.max(...during);
    console.log(`pdf_font 2999 字: ${fontMs.toFixed(0)} ms; /api/health 空闲 中位数 ${median(idle).toFixed(1)} ms; 期间 ${during.length} 次, 中位数 ${median(during).toFixed(1)} ms, 最慢 ${worst.toFixed(1)} ms`);
    // Measured against the cut itself: on the event loop a health check arriving meanwhile waits for most of it
    // (ratio near 1); off the loop it waits a small fraction.
    expect(during.length).toBeGreaterThanOrEqual(5);
    expect(worst / fontMs).toBeLessThan(0.25);
  });

  it('answers a repeated character set from the cache with the same bytes, whatever the order', async () => {
    const text = '成绩详情：全冠牙体预备 92.5分';
    const first = await font(text);
    const before = subsetStats();
    const again = await font(`${[...text].reverse().join('')}${text}分分`);
    expect(again.body.data.base64).toBe(first.body.data.base64);
    expect(again.body.data.missing).toBe(first.body.data.missing);
    expect(subsetStats()).toMatchObject({ computed: before.computed, hits: before.hits + 1 });
  });

  it('refuses more distinct characters than the limit with a Chinese message (422)', async () => {
    const res = await font(ideographs(0x6000, 3001));
    expect(res.status).toBe(422);
    expect(res.body).toMatchObject({ code: 422, message: '导出内容的字符种类过多：每次最多 3000 种不同的字符，本次有 3001 种，请分开导出' });
    expect(res.body.errors).toHaveProperty('text');
  });

  it('limits each student to 20 requests per window (limits.pdfFont.perUser)', async () => {
    const token = await s.login('stu00021');
    for (let i = 0; i < 20; i++) expect((await font('成绩', token)).body.code, `request ${i + 1}`).toBe(200);
    const refused = await font('成绩', token);
    expect(refused.status).toBe(429);
    expect(refused.body).toMatchObject({ code: 429, message: '导出PDF过于频繁，请10分钟后再试' });
    expect((await font('成绩')).body.code).toBe(200); // another student is not affected
  });
});
