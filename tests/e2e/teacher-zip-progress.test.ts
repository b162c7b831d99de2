import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import yauzl from 'yauzl';
import { bigPng } from '../server/work-files';
import { launchBrowser } from './browser';
import { classmates, homeworkHandedIn, teacherPage } from './staff-work';

// 下载作品 on 作业与考试: the page follows the streamed zip and says how far it is, then that it finished or failed.
let browser: Browser;
const tag = Date.now().toString(36);

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

describe('bulk download of an assignment with a progress notice', () => {
  it('shows bytes received against the announced size while the zip arrives, then 下载完成 and the file; 取消 stops it; a dropped connection says 下载失败', async () => {
    const title = `打包进度${tag}`;
    const students = classmates(3);
    expect(students).toHaveLength(3);
    await homeworkHandedIn(title, students, bigPng(60 * 1024));

    const page = await teacherPage(browser, '/teacher/assignments');
    const row = page.getByTestId('table-row').filter({ hasText: title });
    await row.waitFor();
    // A slow line (40 KB/s for ~180 KB), so the download is seen while it is under way.
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('Network.enable');
    await cdp.send('Network.emulateNetworkConditions', { offline: false, latency: 0, downloadThroughput: 40 * 1024, uploadThroughput: -1 });

    const notice = page.locator('[data-testid=download-notice]');
    const saved = page.waitForEvent('download', { timeout: 60_000 });
    await row.getByRole('button', { name: '下载作品' }).click();
    const progress = page.getByTestId('download-progress');
    await expect.poll(() => progress.textContent(), { timeout: 30_000 }).toMatch(/^已接收 \d+ KB \/ 约 180 KB · 共 3 个文件（([1-9]|[1-9]\d)%）$/);
    expect(await notice.getAttribute('data-state')).toBe('loading');

    const download = await saved;
    await page.locator('[data-testid=download-notice][data-state=done]').waitFor();
    expect(await page.getByText('下载完成').count()).toBe(1);
    expect(download.suggestedFilename()).toBe(`${title}-学生作品.zip`);
    const names: string[] = [];
    const zip = await yauzl.openPromise(await download.path(), { lazyEntries: true });
    for await (const entry of zip.eachEntry()) names.push(entry.fileName);
    zip.close();
    expect(names.filter((n) => n.endsWith('.png'))).toHaveLength(3);
    expect(names).toContain(`${title}/名单.csv`);

    // 取消 while it arrives: the notice says so and no file is saved.
    let savedAgain = false;
    page.on('download', () => { savedAgain = true; });
    await row.getByRole('button', { name: '下载作品' }).click();
    const running = page.locator('[data-testid=download-notice][data-state=loading]');
    await running.getByText(/已接收 \d+ KB/).waitFor();
    await running.getByRole('button', { name: '取消' }).click();
    const cancelled = page.locator('[data-testid=download-notice][data-state=failed]');
    await cancelled.waitFor();
    expect(await cancelled.textContent()).toBe('已取消下载');
    expect(savedAgain).toBe(false);
    // Closed by hand (a failure stays until then), so the next failure is the only one shown.
    await page.locator('.mantine-Notification-root').filter({ has: cancelled }).getByRole('button').last().click();
    await cancelled.waitFor({ state: 'detached' });

    await cdp.send('Network.emulateNetworkConditions', { offline: false, latency: 0, downloadThroughput: -1, uploadThroughput: -1 });
    await page.route('**/api/staff/assignment/zip?**', (route) => route.abort('connectionreset'));
    await row.getByRole('button', { name: '下载作品' }).click();
    const failed = page.locator('[data-testid=download-notice][data-state=failed]');
    await failed.waitFor();
    expect(await failed.textContent()).toBe('网络连接失败，请检查网络后重试');
    await page.getByText('下载失败').first().waitFor();
    await page.context().close();
  }, 120_000);
});
