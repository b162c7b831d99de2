import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { describeFindings, seriousViolations } from './axe';
import { launchBrowser } from './browser';
import { SCHOOLS, addSweepAccounts, screensOf, siteConfig, startSweep, type Role } from './route-sweep';

// Every screen of the teacher, administration and platform consoles of every school (routes read from /api/config),
// visited once as an account of its role: it renders (no crash, no blank screen, no configuration error, no CSP
// breach — launchBrowser watches) and is shown to that role, not bounced to a login page, with no critical or serious
// axe violation (WCAG 2.1 A/AA; each screen's merged YAML checked once, dialogs not opened). The demo school's routes
// are each loaded in a fresh tab, where no call may be sent twice.
let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
  addSweepAccounts();
});
afterAll(async () => browser?.close());

/** Screens (their merged YAML) checked with axe already, in this school or another. */
const checked = new Set<string>();

describe.each(SCHOOLS)('console routes of school %i', (school) => {
  // The platform console belongs to no school: it is walked once.
  const roles: Role[] = ['teacher', 'admin', ...(school === SCHOOLS[0] ? ['platform' as const] : [])];
  it.each(roles)('%s routes render for their role, load each thing once and pass axe', async (role) => {
    const config = await siteConfig(school);
    const screens = screensOf(config, role);
    expect(screens.length).toBeGreaterThan(role === 'platform' ? 0 : 5);
    const sweep = await startSweep(browser, school, role, config, { width: 1440, height: 900 });
    const problems: string[] = [];
    for (const { route, path, yaml } of screens) {
      problems.push(...(await sweep.visit(route, path)));
      const url = sweep.page().url();
      if (!route.endsWith('/login') && !url.includes(`#${path.split('?')[0]}`)) problems.push(`${route}: sent to ${url}`);
      if (checked.has(yaml)) continue;
      checked.add(yaml);
      problems.push(...describeFindings(route, await seriousViolations(sweep.page())));
    }
    await sweep.context.close();
    expect(problems).toEqual([]);
    expect(sweep.crashes).toEqual([]);
  }, 300_000);
});
