import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { baseURL, configDir, dataDir, launchBrowser, loginAs, openPage } from './browser';
import { classOf, publish } from './publish';

// Operators edit YAML on a running site. These tests edit the file's own config copy (every browser test file has
// its own server and config, tests/e2e/file-server.ts).
let browser: Browser;
const tag = Date.now().toString(36);
const open = (route: string) => openPage(browser, route);

/** Rewrites a config file for the length of `run`, then puts it back. */
async function withEdited(relative: string, edit: (text: string) => string, run: () => Promise<void>): Promise<void> {
  const file = join(configDir(), relative);
  const original = readFileSync(file, 'utf8');
  try {
    writeFileSync(file, edit(original));
    await run();
  } finally {
    writeFileSync(file, original);
  }
}

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

describe('live configuration', () => {
  it('turns registration and scan login off for a school through its feature switches', async () => {
    const before = await open('/login');
    await before.getByRole('tab', { name: '扫码登录' }).waitFor();
    await before.getByRole('button', { name: '注册账号' }).waitFor();
    await before.context().close();
    const switches = '  register: false\n  scanLogin: false\n';
    const turnOff = (yaml: string) => (/^features:\n/m.test(yaml) ? yaml.replace(/^features:\n/m, `features:\n${switches}`) : `${yaml}\nfeatures:\n${switches}`);
    await withEdited('schools/100002.yaml', turnOff, async () => {
      await new Promise((r) => setTimeout(r, 700));
      const page = await open('/login');
      await page.getByPlaceholder('请输入账号').waitFor();
      expect(await page.getByRole('tab', { name: '扫码登录' }).count()).toBe(0);
      expect(await page.getByRole('button', { name: '注册账号' }).count()).toBe(0);
      await page.context().close();
    });
  });

  it('applies an edited school YAML on the next page load, without a rebuild', async () => {
    const rename = (yaml: string) => `${yaml}\n# edited by the test\n`.replace(/name: .*华康医科大学.*/, 'name: 华康医科大学（测试分校）');
    await withEdited('schools/100002.yaml', rename, async () => {
      await new Promise((r) => setTimeout(r, 700));
      const page = await open('/login');
      await expect.poll(() => page.getByTestId('school-name').textContent()).toContain('华康医科大学（测试分校）');
      await page.context().close();
    });
  });

  it('alerts about new homework while the page is open (interval shortened in config)', async () => {
    const shorten = (yaml: string) => yaml.replace(/(newWork:\s*\n\s*interval:) \d+/, '$1 1000');
    await withEdited('app.yaml', shorten, async () => {
      await expect.poll(async () => (await fetch(`${baseURL()}/api/config`).then((r) => r.json())).data.app.polling.newWork.interval, { timeout: 5000 }).toBe(1000);
      const page = await open('/login');
      // Two reads of the homework total: the first stored it, so the next higher one is news.
      let reads = 0;
      const statuses: number[] = [];
      const read = new Promise<void>((done) => page.on('response', (r) => {
        if (!r.url().includes('assign/gettasklist')) return;
        statuses.push(r.status());
        if (++reads === 2) done();
      }));
      await loginAs(page, 'stu00028', 'demo123');
      await read;
      publish(dataDir(), `新作业${tag}`, 'homework', 2, classOf(dataDir(), 'stu00028'), [-60, 86400]);
      const alert = page.getByTestId('new-work-alert');
      await alert.waitFor({ timeout: 8000 });
      await expect(alert.textContent()).resolves.toContain('有新的作业信息!');
      // The polls between revalidated the kept reply (If-None-Match → 304 with no body) and still saw the total.
      expect(statuses).toContain(304);
      await alert.getByRole('link', { name: '去查看' }).click();
      await page.waitForURL(/#\/ucenter\/homework/);
      // The notice has done its job: it goes, instead of staying over the page it led to.
      await alert.waitFor({ state: 'detached' });
      await page.context().close();
    });
  });
});
