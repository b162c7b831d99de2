import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { describeFindings, seriousViolations } from './axe';
import { baseURL, dataDir, launchBrowser } from './browser';

// axe-core over every student screen of every school, every dialog a button there opens, the user menu and its
// dialogs, and the shell in every theme: no critical or serious violation (WCAG 2.1 A/AA) may remain.
let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => browser?.close());

/** Pages that hand the window to someone else (single sign-on hops). */
const LEAVES_THE_SITE = new Set(['/loadingpage', '/targetpage/:detailId', '/getzypage/:detailId']);
const SCHOOLS = readdirSync(join(import.meta.dirname, '../../config/schools'))
  .filter((f) => /^\d+\.yaml$/.test(f))
  .map((f) => Number(f.replace('.yaml', '')));
const username = (school: number) => `a11y${school}`;

// A student of each school's own (in the class of its first seeded student), so the dialogs this test opens and the
// attempts it may start touch no other test's data.
beforeAll(() => {
  const db = new Database(join(dataDir(), 'app.sqlite'));
  try {
    const hash = (db.prepare("select password_hash from users where username = 'demo' and school_id = 100002").get() as { password_hash: string }).password_hash;
    for (const school of SCHOOLS) {
      db.prepare('insert into schools (id, school_name, domain_name) select ?, ?, ? where not exists (select 1 from schools where id = ?)').run(school, `学校${school}`, `a11y${school}`, school);
      const peer = db.prepare("select depart_id, major_id, grade_id, class_id from users where school_id = ? and role = 'student' order by id limit 1").get(school) as Record<string, number | null> | undefined;
      db.prepare(
        `insert into users (school_id, role, username, password_hash, realname, type, depart_id, major_id, grade_id, class_id)
         select ?, 'student', ?, ?, '无障碍巡检', 1, ?, ?, ?, ? where not exists (select 1 from users where username = ? and school_id = ?)`,
      ).run(school, username(school), hash, peer?.depart_id ?? null, peer?.major_id ?? null, peer?.grade_id ?? null, peer?.class_id ?? null, username(school), school);
    }
  } finally {
    db.close();
  }
});

async function token(school: number): Promise<string> {
  const reply = await fetch(`${baseURL()}/api/user/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ username: username(school), password: 'demo123', school_id: String(school) }),
  }).then((r) => r.json());
  return reply.data.token;
}

const DIALOG = '[role="dialog"]:visible, [role="alertdialog"]:visible';

async function open(page: Page, path: string): Promise<void> {
  await page.goto(`${baseURL()}/#${path}`);
  await page.waitForFunction(() => {
    const framed = document.querySelector<HTMLElement>('[data-screen]:not([hidden])');
    // Content shown, nothing loading (a list reloading shows its old rows dimmed, aria-busy).
    return (framed ?? document.body).innerText.trim() !== '' && !document.querySelector('.mantine-Loader-root, [aria-busy="true"]');
  }, null, { timeout: 20_000 }).catch(() => undefined);
}

/** Loads the route afresh: a dialog that does not close (one a route opens on arrival) goes with the old page. */
async function reopen(page: Page, path: string): Promise<void> {
  await page.goto('about:blank');
  await open(page, path);
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

/** Checks the dialog now open, then closes it with Esc (or by reopening the route when it will not close). */
async function checkDialog(page: Page, where: string, path: string, problems: string[]): Promise<void> {
  const title = (await page.locator(DIALOG).last().innerText().catch(() => '')).split('\n')[0].slice(0, 20);
  problems.push(...describeFindings(`${where} dialog「${title}」`, await seriousViolations(page)));
  await page.keyboard.press('Escape');
  const closed = await page.locator(DIALOG).first().waitFor({ state: 'hidden', timeout: 3_000 }).then(() => true, () => false);
  if (!closed) await reopen(page, path);
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

/** Screens (their merged YAML) whose dialogs were probed already, for another school: the same YAML opens the same dialogs. */
const probed = new Set<string>();

describe.each(SCHOOLS)('accessibility of school %i', (school) => {
  it('has no critical or serious axe violation on any student screen or dialog', async () => {
    const config = (await fetch(`${baseURL()}/api/config?school_id=${school}`).then((r) => r.json())).data;
    const screens = Object.values(config.screens as Record<string, { route: string; role?: string }>)
      .filter((s) => (s.role ?? 'student') === 'student' && !LEAVES_THE_SITE.has(s.route))
      .sort((a, b) => a.route.localeCompare(b.route));
    const routes = screens.map((s) => s.route);
    expect(routes.length).toBeGreaterThan(20);
    const context = await browser.newContext({ viewport: { width: 1366, height: 768 }, locale: 'zh-CN' });
    await context.addCookies([{ name: 'token', value: await token(school), url: baseURL() }]);
    const page = await context.newPage();
    context.on('page', (popup) => void popup.close()); // a simulation opened in a new window
    const problems: string[] = [];
    for (const screen of screens) {
      const route = screen.route;
      const path = route.replace(/:\w+/g, '1');
      await open(page, path);
      problems.push(...describeFindings(route, await seriousViolations(page)));
      // One h1 per page (the shown screen's; kept-alive screens hidden meanwhile do not count).
      const headings = await page.locator('h1:not([hidden] h1)').count();
      if (headings !== 1) problems.push(`${route}: ${headings} h1 headings`);
      const yaml = JSON.stringify(screen);
      // A screen that opens a dialog on arrival (/ucenter/message) has nothing else to click; that dialog was checked above.
      if (await page.locator(DIALOG).count()) await page.goto('about:blank');
      else if (!probed.has(yaml)) await probeDialogs(page, route, path, problems);
      probed.add(yaml);
    }

    // The shell in every theme, the user menu open, and each dialog the menu opens (all but 退出登录).
    const app = config.app as { home: string; themes: { options: { id: number }[] }; userMenu: { label: string; action?: string }[] };
    for (const theme of app.themes.options) {
      await page.evaluate((id) => localStorage.setItem('stylecolor', String(id)), theme.id);
      await page.goto('about:blank'); // the theme is read when the site starts
      await open(page, app.home);
      problems.push(...describeFindings(`${app.home} (theme ${theme.id})`, await seriousViolations(page)));
    }
    for (const item of app.userMenu.filter((i) => i.action && i.action !== 'logout')) {
      await open(page, app.home);
      // A fresh page: a dialog a route opened on arrival (/ucenter/message opens 我的消息) would stay over it.
      await page.reload();
      await page.locator('.app-header__user').click();
      await page.getByRole('menu').waitFor();
      problems.push(...describeFindings('user menu', await seriousViolations(page)));
      await page.getByRole('menuitem', { name: item.label }).click();
      if (await page.locator(DIALOG).first().waitFor({ timeout: 5_000 }).then(() => true, () => false)) await checkDialog(page, `user menu → ${item.label}`, app.home, problems);
    }
    await context.close();
    expect([...new Set(problems)]).toEqual([]);
  }, 600_000);
});
