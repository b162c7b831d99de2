import { chromium, type Browser, type Page } from 'playwright-core';
import { watchCsp } from './csp';
import { baseURL } from './site';

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

/**
 * Chromium for one test file. Every context it opens is watched for breaches of the site's Content-Security-Policy
 * (tests/e2e/csp.ts), so whatever a test clicks through — dialogs, forms, the grader, the exam — runs under the policy;
 * `close()` fails the file when any was seen. `watchCsp: false` only for a test that breaches it on purpose.
 */
export async function launchBrowser(options: { watchCsp?: boolean } = {}): Promise<Browser> {
  const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: flags });
  if (options.watchCsp === false) return browser;
  const watched: (() => string[])[] = [];
  const newContext = browser.newContext.bind(browser);
  browser.newContext = async (contextOptions) => {
    const context = await newContext(contextOptions);
    watched.push(await watchCsp(context));
    return context;
  };
  const close = browser.close.bind(browser);
  browser.close = async (closeOptions) => {
    await close(closeOptions);
    const breaches = [...new Set(watched.flatMap((seen) => seen()))];
    if (breaches.length) throw new Error(`Content-Security-Policy breached:\n${breaches.join('\n')}`);
  };
  return browser;
}

export { baseURL, configDir, dataDir } from './site';

/** The screen shown now (a kept-alive screen stays in the page, hidden, after the student moves on). */
export const visible = (page: Page, screen: string) => page.locator(`[data-screen="${screen}"]:not([hidden])`);

/**
 * Opens a fresh context (no cookies, no storage) at a hash route such as '/ucenter/practiceList', on the test file's
 * server unless `base` names another.
 */
export async function openPage(browser: Browser, route = '/', viewport = { width: 1440, height: 900 }, base = baseURL()): Promise<Page> {
  const context = await browser.newContext({ viewport, locale: 'zh-CN' });
  const page = await context.newPage();
  await page.goto(`${base}/#${route}`);
  return page;
}

/**
 * The answer of the image code shown on the page. The server issues the code; tests read it through the
 * development-only hook /api/dev/captcha, which exists only when the e2e server runs with DEV_HOOKS=1.
 */
export async function captchaAnswer(page: Page): Promise<string> {
  const image = page.getByTestId('captcha').first();
  await expectAttribute(image, 'data-key');
  const key = await image.getAttribute('data-key');
  // Node cannot resolve a school's sub-domain of localhost (Chromium can): ask the same server by its address.
  const site = new URL(page.url());
  if (site.hostname.endsWith('.localhost')) site.hostname = '127.0.0.1';
  const reply = await fetch(`${site.origin}/api/dev/captcha?key=${key}`).then((r) => r.json());
  return reply.data.code ?? '';
}

async function expectAttribute(locator: ReturnType<Page['getByTestId']>, name: string): Promise<void> {
  for (let i = 0; i < 100 && !(await locator.getAttribute(name)); i++) await new Promise((r) => setTimeout(r, 50));
}

/** The newest SMS the development gateway "sent" to a number (DEV_HOOKS=1 only). */
export async function smsCode(mobile: string): Promise<string> {
  const reply = await fetch(`${baseURL()}/api/dev/sms?mobile=${mobile}`).then((r) => r.json());
  return reply.data?.code ?? '';
}

/** Logs in through the account panel exactly as a student does, typing the image code shown. */
export async function loginAs(page: Page, username: string, password: string): Promise<void> {
  await page.getByPlaceholder('请输入账号').fill(username);
  await page.getByPlaceholder('请输入密码').fill(password);
  await page.getByPlaceholder('请输入验证码').fill(await captchaAnswer(page));
  await page.getByRole('button', { name: '登录' }).click();
}

/**
 * A page already signed in as `username` (a student of the demo school unless `school` says otherwise), opened at
 * `route`: the token comes from the login API, as after a real login, so a test that is not about logging in does
 * not spend seconds typing it.
 */
export async function openAs(browser: Browser, username: string, route: string, options: { password?: string; school?: number } = {}): Promise<Page> {
  const reply = await fetch(`${baseURL()}/api/user/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ username, password: options.password ?? 'demo123', school_id: String(options.school ?? 100002) }),
  }).then((r) => r.json());
  if (!reply.data?.token) throw new Error(`login of ${username} failed: ${JSON.stringify(reply)}`);
  const context = await browser.newContext({ viewport: { width: 1440, height: 900 }, locale: 'zh-CN' });
  await context.addCookies([{ name: 'token', value: reply.data.token, url: baseURL() }]);
  const page = await context.newPage();
  await page.goto(`${baseURL()}/#${route}`);
  return page;
}
