// Benchmark of /course (the whole catalogue, server-paged, 12 cards a page): seeds 10,000 courses into a temporary
// SQLite database, serves a fresh build, and measures in Chromium, over several runs, the time from navigation to the
// first card, the time until the pager shows the total, and the JS heap and DOM size.
//   npx tsx scripts/bench-course-list.ts [--courses 10000] [--runs 5]
import { execFileSync, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { chromium } from 'playwright-core';
import { startServer } from '../tests/e2e/server';

const { values } = parseArgs({ options: { courses: { type: 'string', default: '10000' }, runs: { type: 'string', default: '5' } } });
const root = path.resolve(import.meta.dirname, '..');
const work = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-course-'));
const dataDir = path.join(work, 'data');
const distDir = path.join(work, 'dist');

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

async function main() {
  spawnSync(process.execPath, ['--import', 'tsx', 'server/seed/cli.ts', '--courses', values.courses!], { cwd: root, env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '' }, stdio: 'ignore' });
  execFileSync(path.join(root, 'node_modules/.bin/vite'), ['build', '--logLevel', 'error', '--outDir', distDir, '--emptyOutDir'], { cwd: root });
  const server = await startServer({ dataDir, configDir: path.join(root, 'config'), distDir });
  const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox', '--enable-precise-memory-info'] });
  const login = await fetch(`${server.baseURL}/api/user/login`, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: 'username=demo&password=demo123&school_id=100002' }).then((r) => r.json());
  const results: { first: number; settled: number; heapMb: number; nodes: number; rows: number }[] = [];
  try {
    for (let run = 0; run < Number(values.runs); run++) {
      const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
      await context.addCookies([{ name: 'token', value: login.data.token, url: server.baseURL }]);
      const page = await context.newPage();
      const started = Date.now();
      await page.goto(`${server.baseURL}/#/course`);
      await page.locator('[data-screen]:not([hidden]) [data-testid=course-card]').first().waitFor({ timeout: 60_000 });
      const first = Date.now() - started;
      await page.waitForFunction(() => /共 \d+ 条/.test(document.querySelector('[data-screen]:not([hidden]) [data-testid=pager]')?.textContent ?? ''));
      const settled = Date.now() - started;
      const stats = await page.evaluate(() => ({
        heap: (performance as unknown as { memory: { usedJSHeapSize: number } }).memory.usedJSHeapSize,
        nodes: document.getElementsByTagName('*').length,
        rows: document.querySelectorAll('[data-screen]:not([hidden]) [data-testid=course-card]').length,
      }));
      results.push({ first, settled, heapMb: stats.heap / 1048576, nodes: stats.nodes, rows: stats.rows });
      await context.close();
    }
  } finally {
    await browser.close();
    await server.stop();
    fs.rmSync(work, { recursive: true, force: true });
  }
  console.log(`/course with ${values.courses} seeded courses, ${results.length} runs (Chromium ${browser.version()})`);
  console.log(`first card:   median ${median(results.map((r) => r.first))} ms   (all: ${results.map((r) => r.first).join(', ')})`);
  console.log(`list ready:  median ${median(results.map((r) => r.settled))} ms`);
  console.log(`JS heap:     median ${median(results.map((r) => r.heapMb)).toFixed(1)} MB`);
  console.log(`DOM nodes:   median ${median(results.map((r) => r.nodes))}, cards shown: ${median(results.map((r) => r.rows))}`);
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
