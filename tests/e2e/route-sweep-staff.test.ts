import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { baseURL, launchBrowser } from './browser';
import { DEMO_SCHOOL, SCHOOLS, addSweepAccounts, pollIntervals, problemsOn, recordCalls, screensOf, settle, signedIn, siteConfig, type Role } from './route-sweep';

// Every screen of the teacher, administration and platform consoles of every school (routes read from /api/config),
// visited once as an account of its role: it renders (no crash, no blank screen, no configuration error, no CSP
// breach — launchBrowser watches) and is shown to that role, not bounced to a login page. The demo school's routes
// are each loaded in a fresh tab, where no call may be sent twice.
let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
  addSweepAccounts();
});
afterAll(async () => browser?.close());

describe.each(SCHOOLS)('console routes of school %i', (school) => {
  // The platform console belongs to no school: it is walked once.
  const roles: Role[] = ['teacher', 'admin', ...(school === SCHOOLS[0] ? ['platform' as const] : [])];
  it.each(roles)('%s routes render for their role and load each thing once', async (role) => {
    const config = await siteConfig(school);
    const screens = screensOf(config, role);
    expect(screens.length).toBeGreaterThan(role === 'platform' ? 0 : 5);
    const context = await browser.newContext({ viewport: { width: 1440, height: 900 }, locale: 'zh-CN' });
    await signedIn(context, school, role);
    const crashes: string[] = [];
    context.on('page', (page) => page.on('pageerror', (e) => crashes.push(`${page.url()}: ${e.message}`)));
    const fresh = school === DEMO_SCHOOL;
    const polls = pollIntervals(config);
    const problems: string[] = [];
    let page = await context.newPage();
    for (const { route, path } of screens) {
      if (fresh) {
        await page.close();
        page = await context.newPage();
      }
      // Sign-in pages have no session to load with: their calls are not counted.
      const calls = fresh && !route.endsWith('/login') ? recordCalls(page) : null;
      await page.goto(`${baseURL()}/#${path}`);
      await settle(page);
      if (calls) {
        await calls.settled();
        problems.push(...calls.duplicates(route, polls));
      }
      const problem = await problemsOn(page);
      if (problem) problems.push(`${route}: ${problem}`);
      if (!route.endsWith('/login') && !page.url().includes(`#${path.split('?')[0]}`)) problems.push(`${route}: sent to ${page.url()}`);
    }
    await context.close();
    expect(problems).toEqual([]);
    expect(crashes).toEqual([]);
  }, 300_000);
});
