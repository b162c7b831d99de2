import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { describeFindings, seriousViolations } from './axe';
import { baseURL, launchBrowser } from './browser';
import { DEMO_SCHOOL, SCHOOLS, addSweepAccounts, goto, screensOf, settle, siteConfig, startSweep } from './route-sweep';

// Every student route of every school (routes read from /api/config, not listed by hand), visited once: it renders
// (no crash, no blank screen, no configuration error, no CSP breach — launchBrowser watches) with one h1; each screen
// has no critical or serious axe violation (WCAG 2.1 A/AA), nor has any dialog a button there opens. The demo school's
// routes are each loaded in a fresh tab, where no call may be sent twice. Then, for every school, the shell in every
// theme, the user menu and its dialogs.
let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
  addSweepAccounts();
});
afterAll(async () => browser?.close());

const DIALOG = '[role="dialog"]:visible, [role="alertdialog"]:visible';

async function open(page: Page, path: string): Promise<void> {
  await goto(page, `${baseURL()}/#${path}`);
  await settle(page);
}

/**
 * Marks the screen's visible, enabled buttons (one per label) and returns their marks. Toggles (filters, tabs) and
 * pagers change what the page shows, never open a dialog: left out.
 */
function markButtons(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const scope = document.querySelector('[data-screen]:not([hidden])') ?? document.body;
    const seen = new Set<string>();
    const marks: string[] = [];
    scope.querySelectorAll<HTMLButtonElement>('button:not([disabled]):not([type="submit"])').forEach((button, i) => {
      const label = (button.getAttribute('aria-label') ?? button.innerText).trim();
      const box = button.getBoundingClientRect();
      if (!label || seen.has(label) || box.width === 0 || button.hasAttribute('aria-pressed')) return;
      if (button.closest('.app-header, [role="dialog"], [role="group"], [role="tablist"], [data-testid="pager"], nav')) return;
      seen.add(label);
      button.dataset.a11yProbe = String(i);
      marks.push(`[data-a11y-probe="${i}"]`);
    });
    return marks;
  });
}

/** Checks the dialog now open, then closes it with Esc (or by loading the route afresh when it will not close). */
async function checkDialog(page: Page, where: string, path: string, problems: string[]): Promise<void> {
  const title = (await page.locator(DIALOG).last().innerText().catch(() => '')).split('\n')[0].slice(0, 20);
  problems.push(...describeFindings(`${where} dialog「${title}」`, await seriousViolations(page)));
  await page.keyboard.press('Escape');
  const closed = await page.locator(DIALOG).first().waitFor({ state: 'hidden', timeout: 3_000 }).then(() => true, () => false);
  if (!closed) {
    await goto(page, 'about:blank');
    await open(page, path);
  }
}

/** Clicks each button of the screen; every dialog one opens is checked. */
async function probeDialogs(page: Page, route: string, path: string, problems: string[]): Promise<void> {
  for (const mark of await markButtons(page)) {
    const button = page.locator(mark);
    if (!(await button.isVisible().catch(() => false))) continue;
    const label = (await button.innerText().catch(() => mark)).trim() || mark;
    await button.click({ timeout: 3_000 }).catch(() => undefined);
    const opened = await page.locator(DIALOG).first().waitFor({ state: 'visible', timeout: 500 }).then(() => true, () => false);
    if (opened) await checkDialog(page, `${route} → ${label}`, path, problems);
    // A button that led elsewhere: back to the screen for its other buttons.
    if (!page.url().endsWith(`#${path}`)) await open(page, path);
  }
}

/** Screens (their merged YAML) checked with axe, dialogs included, already (for another school). */
const checked = new Set<string>();

// The demo school first: its screens hold the most data, so they are the ones checked with axe.
describe.each([DEMO_SCHOOL, ...SCHOOLS.filter((s) => s !== DEMO_SCHOOL)])('student routes of school %i', (school) => {
  it('render, load each thing once and pass axe, dialogs and themes included', async () => {
    const config = await siteConfig(school);
    const screens = screensOf(config, 'student');
    expect(screens.length).toBeGreaterThan(20);
    const sweep = await startSweep(browser, school, 'student', config, { width: 1366, height: 768 });
    const problems: string[] = [];
    let page = sweep.page();
    for (const { route, path, yaml } of screens) {
      problems.push(...(await sweep.visit(route, path)));
      page = sweep.page();
      // One h1 per page (the shown screen's; kept-alive screens hidden meanwhile do not count).
      const headings = await page.locator('h1:not([hidden] h1)').count();
      if (headings !== 1) problems.push(`${route}: ${headings} h1 headings`);
      // Schools differ in branding (checked below, on the home page in every theme), switches and data; a screen
      // drawn from the same merged YAML by the same renderers is checked once, in the first school that shows it.
      if (checked.has(yaml)) continue;
      checked.add(yaml);
      problems.push(...describeFindings(route, await seriousViolations(page)));
      // A screen that opens a dialog on arrival (/ucenter/message) has nothing else to click; that dialog was checked above.
      if (await page.locator(DIALOG).count()) await goto(page, 'about:blank');
      else await probeDialogs(page, route, path, problems);
    }

    // The shell in every theme, the user menu open, and each dialog the menu opens (all but 退出登录).
    const app = config.app as { home: string; themes: { options: { id: number }[] }; userMenu: { label: string; action?: string }[] };
    for (const theme of app.themes.options) {
      await page.evaluate((id) => localStorage.setItem('stylecolor', String(id)), theme.id);
      await goto(page, 'about:blank'); // the theme is read when the site starts
      await open(page, app.home);
      problems.push(...describeFindings(`${app.home} (theme ${theme.id})`, await seriousViolations(page)));
    }
    // The home page was just loaded afresh (last theme), so no dialog a route opened on arrival is over it; each menu
    // dialog is closed again (or the page loaded afresh when it will not close) before the menu is opened for the next.
    let menuChecked = false;
    for (const item of app.userMenu.filter((i) => i.action && i.action !== 'logout')) {
      await page.locator('.app-header__user').click();
      await page.getByRole('menu').waitFor();
      if (!menuChecked) problems.push(...describeFindings('user menu', await seriousViolations(page)));
      menuChecked = true;
      await page.getByRole('menuitem', { name: item.label }).click();
      if (await page.locator(DIALOG).first().waitFor({ timeout: 5_000 }).then(() => true, () => false)) await checkDialog(page, `user menu → ${item.label}`, app.home, problems);
    }
    await sweep.context.close();
    expect([...new Set(problems)]).toEqual([]);
    expect(sweep.crashes).toEqual([]);
  }, 600_000);
});
