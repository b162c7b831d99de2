import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { configDir, launchBrowser, loginAs } from './browser';
import { startServer, type RunningServer } from './server';

// /course fetches the whole catalogue (9999 rows) at once: run it against its own server seeded with 10,000 courses.
const root = resolve(import.meta.dirname, '../..');
let browser: Browser;
let server: RunningServer;
let work: string;

beforeAll(async () => {
  work = mkdtempSync(join(tmpdir(), 'e2e-course-'));
  const seeded = spawnSync(process.execPath, ['--import', 'tsx', 'server/seed/cli.ts', '--courses', '10000'], {
    cwd: root, env: { ...process.env, DATA_DIR: join(work, 'data'), DATABASE_URL: '' }, encoding: 'utf8',
  });
  if (seeded.status !== 0) throw new Error(seeded.stderr || seeded.stdout);
  server = await startServer({ dataDir: join(work, 'data'), configDir: configDir(), distDir: inject('distDir') }, { DEV_HOOKS: '1' });
  browser = await launchBrowser();
}, 180_000);

afterAll(async () => {
  await browser?.close();
  await server?.stop();
  if (work) rmSync(work, { recursive: true, force: true });
});

describe('/course with 10,000 courses', () => {
  it('renders the whole list virtually and scrolls to the last course', async () => {
    const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
    const page = await context.newPage();
    await page.goto(`${server.baseURL}/#/login`);
    await loginAs(page, 'demo', 'demo123');
    await page.waitForURL(/practiceList/);

    const started = Date.now();
    await page.goto(`${server.baseURL}/#/course`);
    await page.getByTestId('list-row').first().waitFor({ timeout: 30_000 });
    const firstRender = Date.now() - started;
    // every published course the student may see (the seed leaves ~2% as unpublished drafts), at most 9999
    const count = Number((await page.getByTestId('list-count').textContent())!.match(/共 (\d+) 条/)![1]);
    expect(count).toBeGreaterThan(9000);
    expect(count).toBeLessThanOrEqual(9999);
    // only the rows in view are in the page
    expect(await page.getByTestId('list-row').count()).toBeLessThan(30);

    await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
    await expect.poll(() => page.locator(`[data-testid="list-row"][data-index="${count - 1}"]`).count()).toBe(1);
    expect(await page.getByTestId('list-row').count()).toBeLessThan(30);

    await page.evaluate(() => window.scrollTo(0, 0));
    await page.getByPlaceholder('按课程名称筛选').fill('（病例200）');
    await expect.poll(() => page.getByTestId('list-count').textContent()).not.toBe(`共 ${count} 条`);
    const filtered = Number((await page.getByTestId('list-count').textContent())!.match(/共 (\d+) 条/)![1]);
    const titles = await page.getByTestId('list-row-title').allTextContents();
    expect(filtered).toBeGreaterThan(0);
    expect(titles.length).toBe(Math.min(filtered, titles.length));
    expect(titles.length).toBeGreaterThan(0);
    expect(titles.every((t) => t.includes('（病例200）'))).toBe(true);
    expect(firstRender).toBeLessThan(20_000);
    await context.close();
  });
});
