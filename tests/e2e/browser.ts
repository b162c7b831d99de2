import { chromium, type Browser, type Page } from 'playwright-core';
import { inject } from 'vitest';

// Debian's Chromium; Playwright's own browser download does not work on these machines.
const flags = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

export function launchBrowser(): Promise<Browser> {
  return chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: flags });
}

export function baseURL(): string {
  return inject('baseURL');
}

/** Opens a fresh context (no cookies, no storage) at a hash route such as '/ucenter/practiceList'. */
export async function openPage(browser: Browser, route = '/', viewport = { width: 1440, height: 900 }): Promise<Page> {
  const context = await browser.newContext({ viewport, locale: 'zh-CN' });
  const page = await context.newPage();
  await page.goto(`${baseURL()}/#${route}`);
  return page;
}

/** Logs in through the account panel exactly as a student does, reading the image code from the page. */
export async function loginAs(page: Page, username: string, password: string): Promise<void> {
  await page.getByPlaceholder('请输入账号').fill(username);
  await page.getByPlaceholder('请输入密码').fill(password);
  const code = await page.getByTestId('captcha').getAttribute('data-code');
  await page.getByPlaceholder('请输入验证码').fill(code ?? '');
  await page.getByRole('button', { name: '登录' }).click();
}
