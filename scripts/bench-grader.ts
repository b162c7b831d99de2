// npx tsx scripts/bench-grader.ts — the teacher's grading job, timed in a real browser: a school seeded with 1,200
// students (the demo class hands in ~38 photo submissions), teacher1 grades 20 of them in the grader with
// score + Ctrl+Enter. Reports the time from Ctrl+Enter until the next submission is on screen (target ≤ 300 ms), the
// time to grade all 20, and, as the same run's baseline, a GET /api/health round trip from the same page.
import { execFileSync } from 'node:child_process';
import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { chromium } from 'playwright-core';
import { startServer } from '../tests/e2e/server';

const root = resolve(import.meta.dirname, '..');
const work = mkdtempSync(join(tmpdir(), 'bench-grader-'));
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const p90 = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length * 0.9)];

try {
  const dataDir = join(work, 'data');
  const distDir = join(work, 'dist');
  const configDir = join(work, 'config');
  cpSync(join(root, 'config'), configDir, { recursive: true });
  execFileSync(join(root, 'node_modules/.bin/vite'), ['build', '--logLevel', 'warn', '--outDir', distDir, '--emptyOutDir'], { cwd: root, stdio: 'inherit' });
  execFileSync(process.execPath, ['--import', 'tsx', 'server/seed/cli.ts', '--students', '1200'], {
    cwd: root, env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '', PASSWORD_SCRYPT_COST: '14' }, stdio: 'ignore',
  });
  const server = await startServer({ dataDir, configDir, distDir });
  const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox', '--disable-gpu'] });
  const page = await (await browser.newContext({ viewport: { width: 1366, height: 768 } })).newPage();
  page.on('pageerror', (e) => console.log('page error:', e.message));
  page.on('crash', () => console.log('page crashed'));
  await page.goto(`${server.baseURL}/#/teacher/login?redirect=${encodeURIComponent('/teacher/grade?id=2')}`);
  await page.locator('#root_username').fill('teacher1');
  await page.locator('#root_password').fill('teacher123');
  await page.getByRole('button', { name: '登录' }).click();
  const opened = Date.now();
  const name = page.getByTestId('grade-student');
  await name.waitFor();
  const firstShown = Date.now() - opened;
  const rows = await page.getByTestId('grader-row').count();

  const health: number[] = [];
  for (let i = 0; i < 20; i++) health.push((await page.evaluate('(async () => { const t = performance.now(); await fetch("/api/health"); return performance.now() - t; })()')) as number);

  const next: number[] = [];
  const started = Date.now();
  const jobs = Math.min(20, rows - 1);
  for (let i = 0; i < jobs; i++) {
    const before = await name.textContent();
    if (process.env.VERBOSE) console.log(i, before);
    await page.getByTestId('grade-score').fill(String(70 + (i % 30)));
    await page.getByTestId('grade-comment').fill('完成较好，注意细节。');
    // Time until the next student's name is on screen, measured inside the page (a string: tsx's helpers do not exist there).
    await page.evaluate(`window.__next = new Promise((done) => {
      const start = performance.now();
      const tick = () => {
        const el = document.querySelector('[data-testid="grade-student"]');
        if (el && el.textContent !== ${JSON.stringify(before)}) done(performance.now() - start); else requestAnimationFrame(tick);
      };
      tick();
    }); 0`); // not the promise itself: evaluate would wait for it
    await page.keyboard.press('Control+Enter');
    const shown = (await page.evaluate('window.__next')) as number;
    next.push(shown);
  }
  const total = Date.now() - started;
  await page.waitForFunction(() => !document.body.innerText.includes('保存中'));
  console.log(`submissions in the roster: ${rows}; first submission on screen ${firstShown} ms after login`);
  console.log(`GET /api/health from the page: median ${median(health).toFixed(1)} ms`);
  console.log(`next submission after Ctrl+Enter (${jobs}): median ${median(next).toFixed(0)} ms, p90 ${p90(next).toFixed(0)} ms, max ${Math.max(...next).toFixed(0)} ms (median ${(median(next) / median(health)).toFixed(1)}× a health round trip)`);
  console.log(`grading ${jobs} submissions (typing a score and a comment, Ctrl+Enter): ${(total / 1000).toFixed(1)} s`);
  await browser.close();
  await server.stop();
} finally {
  rmSync(work, { recursive: true, force: true });
}
