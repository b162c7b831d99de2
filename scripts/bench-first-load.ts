// Benchmark of a first visit: for the login page (a visitor) and the practice list (a signed-in student), the
// JavaScript the browser downloads (bytes on the wire, compressed) before the page shows its content, the time from
// navigation to that content and to the first paint — each also as a ratio to a baseline page measured in the same
// run (scripts/bench-baseline: React drawing one line after /api/config, the least a page of this site can be), so
// a loaded machine slows both and the ratio still compares builds. Median over several cold runs (a fresh browser
// context each), the pages taken in turn within a run.
// With --against <another built site> (e.g. the build before a change) both builds are measured in every run, turn
// about, each on its own server, and the script also gives each page's median ratio of this build to the other.
// With --network campus every page loads over an emulated campus connection (40 ms latency, 5 Mbit/s down, 2 up, by
// Chrome's network emulation) instead of loopback, where a round trip costs next to nothing.
//   npx tsx scripts/bench-first-load.ts [--runs 5] [--dist <built site>] [--against <built site>] [--network campus]
//   (default: builds the current tree)
import { execFileSync, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { chromium, type Browser, type Page } from 'playwright-core';
import { startServer } from '../tests/e2e/server';

const { values } = parseArgs({ options: { runs: { type: 'string', default: '5' }, dist: { type: 'string' }, against: { type: 'string' }, network: { type: 'string' } } });
const NETWORKS = { campus: { offline: false, latency: 40, downloadThroughput: 5e6 / 8, uploadThroughput: 2e6 / 8 } };
if (values.network && !(values.network in NETWORKS)) throw new Error(`--network: one of ${Object.keys(NETWORKS).join(', ')}`);
const network = values.network ? NETWORKS[values.network as keyof typeof NETWORKS] : null;
const root = path.resolve(import.meta.dirname, '..');
const work = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-first-load-'));
const dataDir = path.join(work, 'data');
const distDir = values.dist ? path.resolve(values.dist) : path.join(work, 'dist');
const vite = path.join(root, 'node_modules/.bin/vite');

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

interface Target { name: string; url: string; signedIn: boolean; selector: string; ready: (page: Page) => Promise<void> }
interface Sample { bytes: number; content: number; inPage: number; paint: number; cpu: number; script: number; layout: number }

/** What each page shows once it is usable. */
const PAGES: Target[] = [
  { name: '基准页（React + /api/config）', url: '/bench-baseline/index.html', signedIn: false, selector: '[data-testid="baseline-ready"]', ready: (page) => page.getByTestId('baseline-ready').waitFor() },
  { name: '登录页（访客）', url: '/#/login', signedIn: false, selector: 'input[placeholder="请输入账号"]', ready: (page) => page.getByPlaceholder('请输入账号').waitFor() },
  { name: '实训项目（已登录学生）', url: '/#/ucenter/practiceList', signedIn: true, selector: '[data-testid="course-card"]', ready: (page) => page.getByTestId('course-card').first().waitFor() },
];

async function visit(browser: Browser, base: string, token: string, target: Target): Promise<Sample> {
  const context = await browser.newContext({ viewport: { width: 1366, height: 768 } });
  if (target.signedIn) await context.addCookies([{ name: 'token', value: token, url: base }]);
  // When the content entered the page, by the page's own clock from navigation (Playwright's wait for it adds a
  // round trip that a loaded machine stretches).
  await context.addInitScript((selector) => {
    const seen = new MutationObserver(() => {
      if (!document.querySelector(selector)) return;
      (window as unknown as { contentAt: number }).contentAt = performance.now();
      seen.disconnect();
    });
    seen.observe(document, { childList: true, subtree: true });
  }, target.selector);
  const page = await context.newPage();
  // Main-thread time (tasks, of which script and layout + style) until the content: what the page costs the
  // browser, which the machine's other load moves far less than the wall-clock times.
  const cdp = await context.newCDPSession(page);
  await cdp.send('Performance.enable', { timeDomain: 'threadTicks' });
  if (network) {
    await cdp.send('Network.enable');
    await cdp.send('Network.emulateNetworkConditions', network);
  }
  const scripts: Promise<number>[] = [];
  page.on('requestfinished', (request) => {
    if (request.resourceType() === 'script') scripts.push(request.sizes().then((s) => s.responseBodySize + s.responseHeadersSize));
  });
  const start = Date.now();
  await page.goto(`${base}${target.url}`);
  await target.ready(page);
  const content = Date.now() - start;
  const { metrics } = await cdp.send('Performance.getMetrics');
  const metric = (name: string) => Math.round((metrics.find((m) => m.name === name)?.value ?? 0) * 1000);
  const paint = await page.evaluate(() => Math.round(performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? -1));
  const inPage = await page.evaluate(() => Math.round((window as unknown as { contentAt?: number }).contentAt ?? -1));
  const bytes = (await Promise.all(scripts)).reduce((a, b) => a + b, 0);
  await context.close();
  return { bytes, content, inPage, paint, cpu: metric('TaskDuration'), script: metric('ScriptDuration'), layout: metric('LayoutDuration') + metric('RecalcStyleDuration') };
}

function report(label: string, samples: Sample[][], base: Sample[]) {
  const ratio = (i: number, key: keyof Sample) => median(samples[i].map((s, run) => s[key] / base[run][key])).toFixed(2);
  const mid = (i: number, key: keyof Sample) => median(samples[i].map((s) => s[key]));
  for (const [i, target] of PAGES.entries()) {
    if (label && i === 0) continue;
    console.log(`${label}${target.name}: JS ${(mid(i, 'bytes') / 1024).toFixed(0)} KB (×${ratio(i, 'bytes')} of the baseline), first paint ${mid(i, 'paint')} ms, `
      + `content after ${mid(i, 'content')} ms (×${ratio(i, 'content')} of the baseline; in the page ${mid(i, 'inPage')} ms, ×${ratio(i, 'inPage')}); main thread ${mid(i, 'cpu')} ms `
      + `(script ${mid(i, 'script')}, style + layout ${mid(i, 'layout')}; ×${ratio(i, 'cpu')} of the baseline), median of ${values.runs}`);
  }
}

async function main() {
  spawnSync(process.execPath, ['--import', 'tsx', 'server/seed/cli.ts'], { cwd: root, env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '' }, stdio: 'ignore' });
  if (!values.dist) execFileSync(vite, ['build', '--logLevel', 'error', '--outDir', distDir, '--emptyOutDir'], { cwd: root });
  execFileSync(vite, ['build', '--logLevel', 'error', '--base', './', '--outDir', path.join(distDir, 'bench-baseline'), '--emptyOutDir'], { cwd: path.join(root, 'scripts/bench-baseline') });
  const otherData = path.join(work, 'data-against');
  if (values.against) fs.cpSync(dataDir, otherData, { recursive: true });
  const server = await startServer({ dataDir, configDir: path.join(root, 'config'), distDir });
  const other = values.against ? await startServer({ dataDir: otherData, configDir: path.join(root, 'config'), distDir: path.resolve(values.against) }) : null;
  const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox'] });
  const signIn = (base: string) => fetch(`${base}/api/user/login`, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: 'username=demo&password=demo123&school_id=100002' })
    .then((r) => r.json() as Promise<{ data: { token: string } }>).then((r) => r.data.token);
  const token = await signIn(server.baseURL);
  const otherToken = other ? await signIn(other.baseURL) : '';
  const samples = PAGES.map(() => [] as Sample[]);
  const against = PAGES.map(() => [] as Sample[]);
  try {
    for (let run = 0; run < Number(values.runs); run++) {
      for (const [i, target] of PAGES.entries()) {
        const mine = () => visit(browser, server.baseURL, token, target).then((s) => samples[i].push(s));
        if (!other || i === 0) await mine();
        else if (run % 2 === 0) await mine().then(() => visit(browser, other.baseURL, otherToken, target)).then((s) => against[i].push(s));
        else await visit(browser, other.baseURL, otherToken, target).then((s) => against[i].push(s)).then(mine);
      }
    }
    const [base] = samples;
    report('', samples, base);
    if (!other) return;
    report('[--against] ', against, base);
    for (const [i, target] of PAGES.entries()) {
      if (i === 0) continue;
      const paired = (key: keyof Sample) => median(samples[i].map((s, run) => s[key] / against[i][run][key])).toFixed(2);
      console.log(`${target.name}: this build ÷ --against, median of the runs' ratios: content ×${paired('content')}, in the page ×${paired('inPage')}, main thread ×${paired('cpu')}, JS ×${paired('bytes')}`);
    }
  } finally {
    await browser.close();
    await server.stop();
    await other?.stop();
    fs.rmSync(work, { recursive: true, force: true });
  }
}

await main();
