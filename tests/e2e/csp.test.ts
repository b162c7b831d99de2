import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { baseURL, captchaAnswer, launchBrowser } from './browser';
import { watchCsp } from './csp';

// The site under its Content-Security-Policy (server/http/security-headers.ts). Every screen is walked with the
// policy on by the route sweep (route-sweep-*.test.ts); here: the headers of the pages, the login form (its validator must not compile
// code), the bundled demo app, and that a breach is really caught (so a silent watcher cannot pass the walk).
let browser: Browser;
beforeAll(async () => {
  // This file breaches the policy on purpose (to prove breaches are seen), so it checks its contexts itself.
  browser = await launchBrowser({ watchCsp: false });
});
afterAll(async () => browser?.close());

const PAGES = ['/', '/apps/oral-exam/', '/sim/1'];

describe('security headers', () => {
  it.each(PAGES)('%s is served with a strict policy and the other headers', async (path) => {
    const reply = await fetch(`${baseURL()}${path}`);
    expect(reply.status).toBe(200);
    expect(reply.headers.get('content-type')).toContain('text/html');
    const policy = reply.headers.get('content-security-policy') ?? '';
    const directives = new Map(policy.split(';').map((d) => d.trim().split(/\s+/)).map(([name, ...values]) => [name, values]));
    expect(directives.get('default-src')).toEqual(["'self'"]);
    expect(directives.get('script-src')).toEqual(["'self'"]);
    expect(directives.get('style-src')?.[0]).toBe("'self'");
    expect(directives.get('style-src')?.slice(1).every((v) => /^'nonce-[A-Za-z0-9+/=]{20,}'$/.test(v))).toBe(true);
    expect(directives.get('frame-ancestors')).toEqual(["'self'"]);
    expect(directives.get('object-src')).toEqual(["'none'"]);
    expect(directives.get('base-uri')).toEqual(["'self'"]);
    expect(directives.get('form-action')).toEqual(["'self'"]);
    expect(directives.get('img-src')).toEqual(expect.arrayContaining(["'self'", 'data:', 'blob:']));
    expect(policy).not.toMatch(/unsafe-(eval|inline)/);
    expect(reply.headers.get('x-content-type-options')).toBe('nosniff');
    expect(reply.headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin');
    expect(reply.headers.get('strict-transport-security')).toBeNull(); // plain HTTP
  });

  // Issue 18 defect 9: a page without an icon link makes the browser ask for /favicon.ico, which the site does not have.
  it.each(PAGES)('%s names the site icon, and the icon is served', async (path) => {
    const html = await fetch(`${baseURL()}${path}`).then((r) => r.text());
    const href = /<link rel="icon" href="([^"]+)"/.exec(html)?.[1];
    expect(href).toBeTruthy();
    const icon = await fetch(new URL(href!, `${baseURL()}${path}`));
    expect(icon.status).toBe(200);
    expect(icon.headers.get('content-type')).toContain('image/svg+xml');
  });

  it('gives every page load its own nonce, in the policy and in the page', async () => {
    const [a, b] = await Promise.all([fetch(`${baseURL()}/`), fetch(`${baseURL()}/`)]);
    const nonceOf = async (r: Response) => {
      const fromHeader = /'nonce-([^']+)'/.exec(r.headers.get('content-security-policy') ?? '')?.[1];
      const html = await r.text();
      expect(html).toContain(`<meta property="csp-nonce" nonce="${fromHeader}">`);
      expect(html).not.toContain('__CSP_NONCE__');
      expect(r.headers.get('cache-control')).toBe('no-store');
      return fromHeader;
    };
    const [na, nb] = await Promise.all([nonceOf(a), nonceOf(b)]);
    expect(na).not.toBe(nb);
  });
});

describe('pages under the policy', () => {
  it('reports a breach: an inline <style> and an inline <script> are blocked and seen', async () => {
    const context = await browser.newContext();
    const violations = await watchCsp(context);
    const page = await context.newPage();
    await page.goto(`${baseURL()}/#/login`);
    await page.getByPlaceholder('请输入账号').waitFor();
    expect(violations()).toEqual([]);
    // What an injected payload would do: a <style> without the nonce, and a script written into the page.
    await page.evaluate(() => {
      const style = document.createElement('style');
      style.textContent = 'body { outline: 1px solid red }';
      document.head.appendChild(style);
      const script = document.createElement('script');
      script.textContent = 'window.injectedRan = true';
      document.head.appendChild(script);
    });
    expect(await page.evaluate(() => (window as unknown as { injectedRan?: boolean }).injectedRan)).toBeUndefined();
    await expect.poll(() => violations().join('\n')).toMatch(/style-src/);
    await expect.poll(() => violations().join('\n')).toMatch(/script-src/);
    await context.close();
  });

  it('every browser test file fails on a breach: launchBrowser watches its contexts and close() reports them', async () => {
    const watched = await launchBrowser();
    const page = await watched.newPage();
    await page.goto(`${baseURL()}/#/login`);
    await page.getByPlaceholder('请输入账号').waitFor();
    await page.evaluate(() => document.head.appendChild(document.createElement('style')).append('p { color: red }'));
    await expect(watched.close()).rejects.toThrow(/Content-Security-Policy breached:\n.*style-src/);
  });

  it('a student logs in through the form (validated without eval) with no breach', async () => {
    const context = await browser.newContext({ locale: 'zh-CN' });
    const violations = await watchCsp(context);
    const page = await context.newPage();
    await page.goto(`${baseURL()}/#/login`);
    // First an empty submit: the form's own validation (from YAML) must run and show its Chinese message.
    await page.getByRole('button', { name: '登录' }).click();
    await page.getByText('请输入账号').first().waitFor();
    await page.getByPlaceholder('请输入账号').fill('demo');
    await page.getByPlaceholder('请输入密码').fill('demo123');
    await page.getByPlaceholder('请输入验证码').fill(await captchaAnswer(page));
    await page.getByRole('button', { name: '登录' }).click();
    await page.waitForURL(/#\/ucenter/, { timeout: 20_000 });
    expect(violations()).toEqual([]);
    await context.close();
  });

  it('the bundled demo app runs with no breach', async () => {
    const context = await browser.newContext();
    const violations = await watchCsp(context);
    const page = await context.newPage();
    await page.goto(`${baseURL()}/apps/oral-exam/`);
    await page.waitForLoadState('networkidle');
    expect(await page.locator('body').innerText()).not.toBe('');
    expect(violations()).toEqual([]);
    await context.close();
  });
});
