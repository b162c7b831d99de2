import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser, BrowserContext, Page, Request } from 'playwright-core';
import { expect } from 'vitest';
import { baseURL } from './browser';
import { withDb } from './db';

// The route sweep (route-sweep-*.test.ts): every route of every school's merged configuration, visited once as an
// account of its role, checked for what a user would call broken (a crash, a blank page, a configuration error, a
// console bounced to its login page), for calls sent twice, and — student routes — for accessibility. One visit does
// all of it: three sweeps of their own took a third of the browser suite's time.

/** Pages that hand the window to someone else (single sign-on hops). */
const LEAVES_THE_SITE = new Set(['/loadingpage', '/targetpage/:detailId', '/getzypage/:detailId']);
/** Every school an operator has a file for in config/schools/ (default.yaml is the base, not a school). */
export const SCHOOLS = readdirSync(join(import.meta.dirname, '../../config/schools'))
  .filter((f) => /^\d+\.yaml$/.test(f))
  .map((f) => Number(f.replace('.yaml', '')));
/** The school whose routes are each loaded in a fresh tab, counting the calls a first load sends. */
export const DEMO_SCHOOL = 100002;
export const PASSWORD = 'demo123';

export type Role = 'student' | 'teacher' | 'admin' | 'platform';
const loginPath = { student: 'user', teacher: 'teacher', admin: 'admin', platform: 'admin' } as const;
const username = (school: number, role: Role) => (role === 'platform' ? 'sweepplatform' : `sweep${school}${role[0]}`);

/**
 * Accounts of the sweep's own in every school (a school added by `npm run school:add` has no row in the demo seed:
 * it gets one): a student in the class of the school's first seeded student, a teacher teaching what its first teacher
 * teaches, an administrator; and one platform administrator. Nothing the sweep opens touches another test's data.
 */
export function addSweepAccounts(): void {
  withDb((db) => {
    const hash = (db.prepare("select password_hash from users where username = 'demo' and school_id = 100002").get() as { password_hash: string }).password_hash;
    const add = (school: number, role: Role, placement: Record<string, number | null> = {}) =>
      db.prepare(`insert into users (school_id, role, username, password_hash, realname, type, depart_id, major_id, grade_id, class_id)
        select ?, ?, ?, ?, '巡检账号', ?, ?, ?, ?, ? where not exists (select 1 from users where username = ? and school_id = ?)`)
        .run(school, role, username(school, role), hash, 1, placement.depart_id ?? null, placement.major_id ?? null,
          placement.grade_id ?? null, placement.class_id ?? null, username(school, role), school);
    for (const school of SCHOOLS) {
      db.prepare('insert into schools (id, school_name, domain_name) select ?, ?, ? where not exists (select 1 from schools where id = ?)').run(school, `学校${school}`, `sweep${school}`, school);
      const peer = db.prepare("select depart_id, major_id, grade_id, class_id from users where school_id = ? and role = 'student' order by id limit 1").get(school) as Record<string, number | null> | undefined;
      add(school, 'student', peer);
      add(school, 'teacher');
      db.prepare(`insert or ignore into teacher_classes (teacher_id, class_id) select t.id, tc.class_id from users t, teacher_classes tc
        where t.username = ? and t.school_id = ? and tc.teacher_id = (select min(id) from users where role = 'teacher' and school_id = ? and username <> ?)`)
        .run(username(school, 'teacher'), school, school, username(school, 'teacher'));
      add(school, 'admin');
    }
    add(SCHOOLS[0], 'platform');
  });
}

/** A signed-in context of the role's sweep account (token from the login API, as the browser would keep it). */
export async function signedIn(context: BrowserContext, school: number, role: Role): Promise<void> {
  const reply = await fetch(`${baseURL()}/api/${loginPath[role]}/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ username: username(school, role), password: PASSWORD, school_id: String(school) }),
  }).then((r) => r.json());
  expect(reply.code, `${role} of school ${school} signs in`).toBe(200);
  await context.addCookies([{ name: 'token', value: reply.data.token, url: baseURL() }]);
}

export interface SiteConfig {
  app: Record<string, unknown>;
  screens: Record<string, { route: string; role?: string }>;
}

export const siteConfig = async (school: number): Promise<SiteConfig> => (await fetch(`${baseURL()}/api/config?school_id=${school}`).then((r) => r.json())).data;

/** The role's screens, by route, with the merged YAML each is drawn from. */
export function screensOf(config: SiteConfig, role: Role): { route: string; path: string; yaml: string }[] {
  return Object.values(config.screens)
    .filter((s) => (s.role ?? 'student') === role && !LEAVES_THE_SITE.has(s.route))
    .sort((a, b) => a.route.localeCompare(b.route))
    .map((s) => ({ route: s.route, path: s.route.replace(/:\w+/g, '1'), yaml: JSON.stringify(s) }));
}

/**
 * Waits until the screen shown has drawn text and nothing is loading any more (networkidle can come before a fresh
 * page's first screen has even asked for its code; a list reloading shows its old rows dimmed, aria-busy).
 */
export async function settle(page: Page): Promise<void> {
  await page.waitForFunction(() => {
    const framed = document.querySelector<HTMLElement>('[data-screen]:not([hidden])');
    return (framed ?? document.body).innerText.trim() !== '' && !document.querySelector('.mantine-Loader-root, [aria-busy="true"]');
  }, null, { timeout: 20_000 }).catch(() => undefined); // still blank after 20 s: reported by problemsOn
}

/**
 * Loads `url` in the page. A button the sweep clicked on the screen before may leave the site only once its call has
 * answered (the landing page's 评审专家入口 opens the simulation after signing in): under load that navigation can
 * cut into this one, and then the page is loaded again once it has landed.
 */
export async function goto(page: Page, url: string): Promise<void> {
  try {
    await page.goto(url);
  } catch (error) {
    if (!String(error).includes('interrupted by another navigation')) throw error;
    await page.waitForLoadState('load').catch(() => undefined);
    await page.goto(url);
  }
}

/** What a user would call broken on the page now shown, or null. */
export async function problemsOn(page: Page): Promise<string | null> {
  const text = (await page.locator('body').innerText()).trim();
  if (!text) return 'blank page';
  const framed = page.locator('[data-screen]:not([hidden])');
  if ((await framed.count()) && !(await framed.first().innerText()).trim()) return 'blank screen inside the shell';
  for (const marker of ['页面出错了', '配置错误', '没有名为']) if (text.includes(marker)) return text.slice(0, 200);
  return null;
}

/** The polls config/app.yaml asks for, by endpoint, with their interval in ms: they may repeat once it has passed. */
export function pollIntervals(config: SiteConfig): Map<string, number> {
  const polling = config.app.polling as { unread: number; newWork: { interval: number; sources: { endpoint: string }[] } };
  return new Map([['message/get_class', polling.unread], ...polling.newWork.sources.map((s) => [s.endpoint, polling.newWork.interval] as [string, number])]);
}

interface Call {
  /** Endpoint and everything sent: the query string or the form body. */
  key: string;
  endpoint: string;
  params: Map<string, string>;
  at: number;
}

function callOf(request: Request): Call | null {
  const url = new URL(request.url());
  if (!url.pathname.startsWith('/api/')) return null;
  const endpoint = url.pathname.slice('/api/'.length);
  const body = request.postData() ?? '';
  const params = new Map([...url.searchParams, ...(body.startsWith('{') ? [] : new URLSearchParams(body))]);
  return { endpoint, key: `${request.method()} ${endpoint}?${url.searchParams.toString()} ${body}`, params, at: Date.now() };
}

/** `later` asks the same as `earlier` plus more (a list asked for once before the user's profile arrived, then again). */
function widens(earlier: Call, later: Call): boolean {
  if (earlier.endpoint !== later.endpoint || earlier.params.size >= later.params.size) return false;
  return [...earlier.params].every(([name, value]) => later.params.get(name) === value);
}

/**
 * Records the /api/ calls a page sends. `settled()` waits until none is pending for the network-idle window;
 * `duplicates()` lists those sent again (or first with fewer parameters) before a poll interval allows it.
 */
export function recordCalls(page: Page) {
  const calls: Call[] = [];
  let inFlight = 0;
  page.on('request', (request) => {
    const call = callOf(request);
    if (!call) return;
    inFlight++;
    calls.push(call);
  });
  const done = (request: Request) => {
    if (callOf(request)) inFlight--;
  };
  page.on('requestfinished', done);
  page.on('requestfailed', done);
  return {
    async settled() {
      await page.waitForLoadState('networkidle');
      await expect.poll(() => inFlight, { timeout: 30_000 }).toBe(0);
      await page.waitForLoadState('networkidle');
    },
    duplicates(route: string, polls: Map<string, number>): string[] {
      const found: string[] = [];
      calls.forEach((call, i) => {
        const before = calls.slice(0, i);
        const same = before.filter((c) => c.key === call.key).at(-1);
        const interval = polls.get(call.endpoint);
        // A poll may repeat once its interval has passed (less a little for timer jitter), never sooner.
        if (same && (interval === undefined || call.at - same.at < interval * 0.9)) found.push(`${route}: ${call.key} sent again`);
        // The new-work poll reads its endpoint's total with no parameters, beside the list a page shows from it: that is
        // the poll, not the list asked for too early (with lazy renderers the poll may well go first).
        const narrower = before.find((c) => widens(c, call) && !(polls.has(c.endpoint) && c.params.size === 0));
        if (narrower) found.push(`${route}: ${narrower.key} sent before ${call.key}`);
      });
      return found;
    },
  };
}

/**
 * One role's sweep of one school: a context signed in as the role's sweep account, the page crashes seen in it, and
 * `visit(route, path)`, which shows a route — in a fresh tab on the demo school, counting the calls its first load
 * sends — and returns what is wrong there (`page()` is the tab it is shown in).
 */
export async function startSweep(browser: Browser, school: number, role: Role, config: SiteConfig, viewport: { width: number; height: number }) {
  const context = await browser.newContext({ viewport, locale: 'zh-CN' });
  await signedIn(context, school, role);
  const crashes: string[] = [];
  context.on('page', (page) => page.on('pageerror', (e) => crashes.push(`${page.url()}: ${e.message}`)));
  const fresh = school === DEMO_SCHOOL;
  const polls = pollIntervals(config);
  let page = await context.newPage();
  return {
    context,
    crashes,
    page: () => page,
    async visit(route: string, path: string): Promise<string[]> {
      if (fresh) {
        await page.close();
        page = await context.newPage();
      }
      // Sign-in pages have no session to load with: their calls are not counted.
      const calls = fresh && !route.endsWith('/login') ? recordCalls(page) : null;
      await goto(page, `${baseURL()}/#${path}`);
      await settle(page);
      const problems: string[] = [];
      if (calls) {
        await calls.settled();
        problems.push(...calls.duplicates(route, polls));
      }
      const problem = await problemsOn(page);
      if (problem) problems.push(`${route}: ${problem}`);
      return problems;
    },
  };
}
