import dayjs from 'dayjs';
import 'dayjs/locale/zh-cn';
import type { Page } from 'playwright-core';
import { expect } from 'vitest';

/** What the teacher-console browser tests do in the console's dialog forms. */

export /** Picks a day and time in a datetime field: the calendar is paged forward until the day shows. */
async function pickDateTime(page: Page, field: string, at: dayjs.Dayjs) {
  const dialog = page.getByRole('dialog').first();
  await dialog.locator(`#root_${field}`).click();
  const picker = page.locator('.mantine-Popover-dropdown:visible').filter({ has: page.locator('.mantine-DateTimePicker-day') }).last();
  await picker.waitFor(); // isVisible below does not wait: on a slow machine it would page past the month before the calendar opened
  const day = picker.locator(`button[aria-label="${at.locale('zh-cn').format('D MMMM YYYY')}"]:not([data-outside])`);
  for (let i = 0; i < 3 && !(await day.isVisible()); i++) await picker.locator('[data-direction="next"]').first().click();
  await day.click();
  const [hour, minute] = await picker.getByRole('spinbutton').all();
  await hour.fill(at.format('HH'));
  await minute.fill(at.format('mm'));
  await picker.getByRole('button', { name: '确定', exact: true }).click();
  await expect.poll(() => page.getByRole('dialog').first().locator(`#root_${field}`).textContent()).toBe(at.format('YYYY-MM-DD HH:mm'));
}
