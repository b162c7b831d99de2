import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { baseURL, launchBrowser } from './browser';
import { classmates, homeworkHandedIn, photoPng, query, teacherPage } from './staff-work';

// The grader's screen: the photo takes the height the window has; grading the last waiting submission says
// 全部批阅完成 and leads back to the list.
let browser: Browser;
const tag = Date.now().toString(36);

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

describe('the grader when nothing is left to grade', () => {
  it('says 全部批阅完成 after the last waiting submission is saved, with the way back to the assignments', async () => {
    const students = classmates(2);
    expect(students).toHaveLength(2);
    const id = await homeworkHandedIn(`全部批阅${tag}`, students);

    const page = await teacherPage(browser, `/teacher/grade?id=${id}`);
    const panel = page.getByTestId('grade-panel');
    const finished = page.getByTestId('grader-finished');
    // The grader sits under 作业与考试 (its YAML parent): headed so, with that entry of the side navigation marked.
    await expect.poll(() => page.getByRole('heading', { level: 1 }).textContent()).toBe('批阅');
    await expect(page.getByRole('navigation', { name: '上级页面' }).getByRole('link').allTextContents()).resolves.toEqual(['作业与考试']);
    await expect(page.locator('.mantine-AppShell-navbar a[data-active]').allTextContents()).resolves.toEqual(['作业与考试']);
    for (const score of [81, 92]) {
      await panel.getByText(`${score === 81 ? 1 : 2} / 2`).waitFor();
      expect(await finished.count()).toBe(0);
      await panel.getByTestId('grade-score').fill(String(score));
      await page.keyboard.press('Control+Enter');
    }
    await finished.getByText('全部批阅完成').waitFor();
    await finished.getByText('已交的 2 份作品都已批阅').waitFor();
    expect(await panel.count()).toBe(0);
    await expect.poll(() => page.getByTestId('grader-counts').textContent()).toContain('待批阅 0');
    await expect.poll(() => query<{ score: number }>('select score from marks where assignment_id = ? and teacher_data is not null order by score', id).map((m) => m.score))
      .toEqual([81, 92]);

    await finished.getByRole('link', { name: '返回作业列表' }).click();
    await page.waitForURL(`${baseURL()}/#/teacher/assignments`);
    await page.getByRole('row').filter({ hasText: `全部批阅${tag}` }).waitFor();

    // Opened again with nothing waiting: the same message at once, and the graded work one click away.
    await page.goto(`${baseURL()}/#/teacher/grade?id=${id}`);
    await finished.getByText('全部批阅完成').waitFor();
    await finished.getByRole('button', { name: '查看全部提交' }).click();
    await panel.getByText('1 / 2').waitFor();
    expect(await finished.count()).toBe(0);
    await page.context().close();
  }, 120_000);
});

describe('the photo in the grader', () => {
  it('takes the height the window leaves, on a laptop and on a large screen', async () => {
    const [student] = classmates(1);
    // A landscape photo (4:3), as a phone takes it.
    const id = await homeworkHandedIn(`照片高度${tag}`, [student], photoPng(1200, 900));
    const heights: string[] = [];
    for (const viewport of [{ width: 1366, height: 768 }, { width: 1920, height: 1080 }]) {
      const page = await teacherPage(browser, `/teacher/grade?id=${id}`, viewport);
      const photo = page.getByTestId('grade-panel').getByRole('img', { name: '第 1 张作品' });
      await expect.poll(() => photo.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBe(1200);
      const box = (await photo.boundingBox())!;
      // fit: contain — the picture is as high as the box allows, or as its width allows.
      const shown = Math.min(box.height, (box.width * 900) / 1200);
      heights.push(`${viewport.width}×${viewport.height}: box ${Math.round(box.height)} px, photo ${Math.round(shown)} px`);
      await page.screenshot({ path: `/tmp/grader-${viewport.width}.png` });
      // The score, the comment and the save button stay on screen without scrolling.
      const save = (await page.getByTestId('grade-save').boundingBox())!;
      expect(save.y + save.height).toBeLessThanOrEqual(viewport.height);
      expect(shown).toBeGreaterThan(viewport.height * 0.45);
      await page.context().close();
    }
    console.log(heights.join('; '));
  }, 120_000);
});

