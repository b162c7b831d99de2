import { join } from 'node:path';
import Database from 'better-sqlite3';
import type { Browser, Page, Request } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { baseURL, dataDir, launchBrowser } from './browser';

// Every page loads each thing once: a fresh load of every student route of the demo school, and of the teacher and
// administration consoles' routes, sends each /api/ call (same endpoint, same parameters) at most once — except the
// polls config/app.yaml `polling` asks for, and those only once their interval has passed.
const SCHOOL = 100002;
const PASSWORD = 'demo123';
/** Pages that hand the window to someone else (single sign-on hops) and the sign-in pages (no session there). */
const SKIPPED = new Set(['/loadingpage', '/targetpage/:detailId', '/getzypage/:detailId']);

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
  // Accounts of this file's own (the demo student's class, teacher1's classes), so no other test's session is shared.
  const db = new Database(join(dataDir(), 'app.sqlite'));
  try {
    const hash = (db.prepare('select password_hash from users where username = ? and school_id = ?').get('demo', SCHOOL) as { password_hash: string }).password_hash;
    db.prepare(`insert into users (school_id, role, username, password_hash, realname, type, depart_id, major_id, grade_id, class_id)
      select school_id, 'student', 'dupcheck', password_hash, '查重学生', 1, depart_id, major_id, grade_id, class_id from users
      where username = 'demo' and school_id = ? and not exists (select 1 from users where username = 'dupcheck' and school_id = ?)`).run(SCHOOL, SCHOOL);
    db.prepare(`insert into users (school_id, role, username, password_hash, realname) select ?, 'teacher', 'dupcheckt', ?, '查重教师'
      where not exists (select 1 from users where username = 'dupcheckt' and school_id = ?)`).run(SCHOOL, hash, SCHOOL);
    db.prepare(`insert or ignore into teacher_classes (teacher_id, class_id) select t.id, tc.class_id from users t, teacher_classes tc
      where t.username = 'dupcheckt' and t.school_id = ? and tc.teacher_id = (select id from users where username = 'teacher1' and school_id = ?)`).run(SCHOOL, SCHOOL);
    db.prepare(`insert into users (school_id, role, username, password_hash, realname) select ?, 'admin', 'dupchecka', ?, '查重管理员'
      where not exists (select 1 from users where username = 'dupchecka' and school_id = ?)`).run(SCHOOL, hash, SCHOOL);
  } finally {
    db.close();
  }
});
afterAll(async () => browser?.close());

async function apiLogin(username: string, as: 'user' | 'teacher' | 'admin'): Promise<string> {
  const reply = await fetch(`${baseURL()}/api/${as}/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ username, password: PASSWORD, school_id: String(SCHOOL) }),
  }).then((r) => r.json());
  return reply.data.token;
}

interface Polling {
  unread: number;
  newWork: { interval: number; sources: { endpoint: string }[] };
}

interface Call {
  endpoint: string;
  /** Endpoint and everything sent: the query string or the form body. */
  key: string;
  params: Map<string, string>;
  at: number;
}

/** The call a request makes, or null for anything but /api/. */
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

/** Loads a route in a fresh tab and lists the calls sent more than once before the page settles. */
async function duplicatesOn(page: Page, route: string, polls: Map<string, number>): Promise<string[]> {
  const calls: Call[] = [];
  let inFlight = 0;
  page.on('request', (request) => {
    const call = callOf(request);
    if (!call) return;
    inFlight++;
    calls.push(call);
  });
  const settle = (request: Request) => callOf(request) && inFlight--;
  page.on('requestfinished', settle);
  page.on('requestfailed', settle);
  await page.goto(`${baseURL()}/#${route.replace(/:\w+/g, '1')}`);
  // The screen has drawn something, and no call has been pending for the network-idle window.
  await page.waitForFunction(() => {
    const framed = document.querySelector<HTMLElement>('[data-screen]:not([hidden])');
    return (framed ?? document.body).innerText.trim() !== '';
  }, null, { timeout: 30_000 });
  await page.waitForLoadState('networkidle');
  await expect.poll(() => inFlight, { timeout: 30_000 }).toBe(0);
  await page.waitForLoadState('networkidle');
  const duplicates: string[] = [];
  calls.forEach((call, i) => {
    const before = calls.slice(0, i);
    const same = before.filter((c) => c.key === call.key).at(-1);
    const interval = polls.get(call.endpoint);
    // A poll may repeat once its interval has passed (less a little for timer jitter), never sooner.
    if (same && (interval === undefined || call.at - same.at < interval * 0.9)) duplicates.push(`${route}: ${call.key} sent again`);
    const narrower = before.find((c) => widens(c, call));
    if (narrower) duplicates.push(`${route}: ${narrower.key} sent before ${call.key}`);
  });
  return duplicates;
}

describe('no page of the demo school sends the same call twice', () => {
  const roles = [
    { role: 'student', as: 'user', username: 'dupcheck' },
    { role: 'teacher', as: 'teacher', username: 'dupcheckt' },
    { role: 'admin', as: 'admin', username: 'dupchecka' },
  ] as const;

  it.each(roles)('$role routes', async ({ role, as, username }) => {
    const config = (await fetch(`${baseURL()}/api/config?school_id=${SCHOOL}`).then((r) => r.json())).data;
    const polling = config.app.polling as Polling;
    const polls = new Map<string, number>([['message/get_class', polling.unread], ...polling.newWork.sources.map((s) => [s.endpoint, polling.newWork.interval] as [string, number])]);
    const routes = Object.values(config.screens as Record<string, { route: string; role?: string }>)
      .filter((s) => (s.role ?? 'student') === role && !SKIPPED.has(s.route) && !s.route.endsWith('/login'))
      .map((s) => s.route)
      .sort();
    expect(routes.length).toBeGreaterThan(role === 'student' ? 20 : 5);
    const token = await apiLogin(username, as);
    const context = await browser.newContext({ viewport: { width: 1440, height: 900 }, locale: 'zh-CN' });
    await context.addCookies([{ name: 'token', value: token, url: baseURL() }]);
    const duplicates: string[] = [];
    for (const route of routes) {
      const page = await context.newPage();
      duplicates.push(...(await duplicatesOn(page, route, polls)));
      await page.close();
    }
    await context.close();
    expect(duplicates).toEqual([]);
  }, 600_000);
});
