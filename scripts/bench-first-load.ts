// Benchmark of a first visit: for the login page (a visitor) and the practice list (a signed-in student),
// the JavaScript the browser downloads (bytes on the wire, compressed) before the page shows its content, and
// the time from navigation to that content and to the first paint, median over several cold runs (a fresh browser context each).
//   npx tsx scripts/bench-first-load.ts [--runs 5] [--dist <built site>]   (default: builds the current tree)
import { execFileSync, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { chromium, type Page } from 'playwright-core';
import { startServer } from '../tests/e2e/server';

const { values } = parseArgs({ options: { runs: { type: 'string', default: '5' }, dist: { type: 'string' } } });
const root = path.resolve(import.meta.dirname, '..');
const work = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-first-load-'));
const dataDir = path.join(work, 'data');
const distDir = values.dist ? path.resolve(values.dist) : path.join(work, 'dist');

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

/** What each page shows once it is usable. */
const PAGES = [
  { name: '登录页（访客）', route: '/login', signedIn: false, ready: (page: Page) => page.getByPlaceholder('请输入账号').waitFor() },
  { name: '实训项目（已登录学生）', route: '/ucenter/practiceList', signedIn: true, ready: (page: Page) => page.getByTestId('course-card').first().waitFor() },
];

async function main() {
  spawnSync(process.execPath, ['--import', 'tsx', 'server/seed/cli.ts'], { cwd: root, env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '' }, stdio: 'ignore' });
  if (!values.dist) execFileSync(path.join(root, 'node_modules/.bin/vite'), ['build', '--logLevel', 'error', '--outDir', distDir, '--emptyOutDir'], { cwd: root });
  const server = await startServer({ dataDir, configDir: path.join(root, 'config'), distDir });
  const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox'] });
  const login = await fetch(`${server.baseURL}/api/user/login`, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: 'username=demo&password=demo123&school_id=100002' }).then((r) => r.json());
  try {
    for (const target of PAGES) {
      const bytes: number[] = [];
      const times: number[] = [];
      const paints: number[] = [];
      for (let run = 0; run < Number(values.runs); run++) {
        const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
        if (target.signedIn) await context.addCookies([{ name: 'token', value: login.data.token, url: server.baseURL }]);
        const page = await context.newPage();
        const scripts: Promise<number>[] = [];
        page.on('requestfinished', (request) => {
          if (request.resourceType() === 'script') scripts.push(request.sizes().then((s) => s.responseBodySize + s.responseHeadersSize));
        });
        const start = Date.now();
        await page.goto(`${server.baseURL}/#${target.route}`);
        await target.ready(page);
        times.push(Date.now() - start);
        // First paint of anything (the shell's skeleton, or a white page's first spinner): how long the screen stays blank.
        paints.push(await page.evaluate(() => Math.round(performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? -1)));
        bytes.push((await Promise.all(scripts)).reduce((a, b) => a + b, 0));
        await context.close();
      }
      console.log(`${target.name}: JS ${(median(bytes) / 1024).toFixed(0)} KB on the wire, first paint ${median(paints)} ms, content after ${median(times)} ms (median of ${values.runs})`);
    }
  } finally {
    await browser.close();
    await server.stop();
    fs.rmSync(work, { recursive: true, force: true });
  }
}

await main();
