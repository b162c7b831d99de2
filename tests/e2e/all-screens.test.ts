import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { baseURL, dataDir, launchBrowser } from './browser';
import { watchCsp } from './csp';

// Smoke test for operators: every screen of every school's merged configuration renders without a crash,
// a configuration error or a blank page — also when opened without its usual query (e.g. a detail page with no id) —
// and without one breach of the site's Content-Security-Policy (tests/e2e/csp.ts listens for them).
let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => browser?.close());

/** Pages that hand the window to someone else (single sign-on hops) are not rendered here. */
const LEAVES_THE_SITE = new Set(['/loadingpage', '/targetpage/:detailId', '/getzypage/:detailId']);
/** Every school an operator has a file for in config/schools/ (default.yaml is the base, not a school). */
const SCHOOLS = readdirSync(join(import.meta.dirname, '../../config/schools'))
  .filter((f) => /^\d+\.yaml$/.test(f))
  .map((f) => ({ id: Number(f.replace('.yaml', '')), username: `smoke${f.replace('.yaml', '')}`, password: 'demo123' }));

// The test database is the fresh demo seed: a school added by `npm run school:add` has no row there, and not
// every school has a student. Give each school a row (when missing) and its own smoke student (demo password),
// in the class of the school's first seeded student when it has one, so screens show a real class's data
// without sharing a session with other tests.
beforeAll(() => {
  const db = new Database(join(dataDir(), 'app.sqlite'));
  try {
    const hash = (db.prepare("select password_hash from users where username = 'demo' and school_id = 100002").get() as { password_hash: string }).password_hash;
    for (const school of SCHOOLS) {
      db.prepare('insert into schools (id, school_name, domain_name) select ?, ?, ? where not exists (select 1 from schools where id = ?)').run(school.id, `学校${school.id}`, `smoke${school.id}`, school.id);
      const peer = db.prepare("select depart_id, major_id, grade_id, class_id from users where school_id = ? and role = 'student' order by id limit 1").get(school.id) as Record<string, number | null> | undefined;
      db.prepare(
        `insert into users (school_id, role, username, password_hash, realname, type, depart_id, major_id, grade_id, class_id)
         select ?, 'student', ?, ?, '巡检学生', 1, ?, ?, ?, ? where not exists (select 1 from users where username = ? and school_id = ?)`,
      ).run(school.id, school.username, hash, peer?.depart_id ?? null, peer?.major_id ?? null, peer?.grade_id ?? null, peer?.class_id ?? null, school.username, school.id);
      // A smoke teacher too, teaching what the school's first teacher teaches, for the staff screens.
      const teacher = `${school.username}t`;
      db.prepare(`insert into users (school_id, role, username, password_hash, realname) select ?, 'teacher', ?, ?, '巡检教师'
        where not exists (select 1 from users where username = ? and school_id = ?)`).run(school.id, teacher, hash, teacher, school.id);
      db.prepare(`insert or ignore into teacher_classes (teacher_id, class_id) select t.id, tc.class_id from users t, teacher_classes tc
        where t.username = ? and t.school_id = ? and tc.teacher_id = (select min(id) from users where role = 'teacher' and school_id = ? and username <> ?)`)
        .run(teacher, school.id, school.id, teacher);
      // And a smoke administrator of the school for the administration console; one platform administrator for all.
      db.prepare(`insert into users (school_id, role, username, password_hash, realname) select ?, 'admin', ?, ?, '巡检管理员'
        where not exists (select 1 from users where username = ? and school_id = ?)`).run(school.id, `${school.username}a`, hash, `${school.username}a`, school.id);
    }
    db.prepare(`insert into users (school_id, role, username, password_hash, realname) select ?, 'platform', 'smokeplatform', ?, '巡检平台管理员'
      where not exists (select 1 from users where username = 'smokeplatform')`).run(SCHOOLS[0].id, hash);
  } finally {
    db.close();
  }
});

async function apiLogin(username: string, password: string, schoolId: number, as: 'user' | 'teacher' | 'admin' = 'user'): Promise<string> {
  const reply = await fetch(`${baseURL()}/api/${as}/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ username, password, school_id: String(schoolId) }),
  }).then((r) => r.json());
  return reply.data.token;
}

/**
 * Waits for the screen shown at the current route to put text on the page (networkidle can come before a fresh
 * page's first screen has even asked for its code), then reports what a user would call broken.
 */
async function problemsOn(page: Page): Promise<string | null> {
  await page
    .waitForFunction(
      () => {
        // Screens inside the shell sit in [data-screen] boxes; bare screens (landing, notices) are the whole body.
        const framed = document.querySelector<HTMLElement>('[data-screen]:not([hidden])');
        return framed ? framed.innerText.trim() !== '' : document.body.innerText.trim() !== '';
      },
      null,
      { timeout: 20_000 },
    )
    .catch(() => undefined); // still blank after 20 s: reported below
  const text = (await page.locator('body').innerText()).trim();
  if (!text) return 'blank page';
  const framed = page.locator('[data-screen]:not([hidden])');
  if ((await framed.count()) && !(await framed.first().innerText()).trim()) return 'blank screen inside the shell';
  for (const marker of ['页面出错了', '配置错误', '没有名为']) if (text.includes(marker)) return text.slice(0, 200);
  return null;
}

describe.each(SCHOOLS)('every screen of school $id', (school) => {
  it('renders without errors', async () => {
    const config = (await fetch(`${baseURL()}/api/config?school_id=${school.id}`).then((r) => r.json())).data;
    const screens = Object.values(config.screens as Record<string, { route: string; role?: string }>).filter((s) => !LEAVES_THE_SITE.has(s.route));
    expect(screens.length).toBeGreaterThan(20);
    // Student screens (and screens for anyone) as the smoke student, each console's screens as an account of its role;
    // the platform console belongs to no school: it is walked once.
    const roles = ['student', 'teacher', 'admin', ...(school.id === SCHOOLS[0].id ? ['platform' as const] : [])] as const;
    const accounts = {
      student: () => apiLogin(school.username, school.password, school.id),
      teacher: () => apiLogin(`${school.username}t`, school.password, school.id, 'teacher'),
      admin: () => apiLogin(`${school.username}a`, school.password, school.id, 'admin'),
      platform: () => apiLogin('smokeplatform', school.password, school.id, 'admin'),
    };
    for (const role of roles) {
      const routes = screens.filter((s) => (s.role ?? 'student') === role).map((s) => s.route).sort();
      const token = await accounts[role]();
      const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
      await context.addCookies([{ name: 'token', value: token, url: baseURL() }]);
      const violations = await watchCsp(context);
      const page = await context.newPage();
      const crashes: string[] = [];
      page.on('pageerror', (e) => crashes.push(e.message));
      const failures: string[] = [];
      for (const route of routes) {
        const path = route.replace(/:\w+/g, '1');
        await page.goto(`${baseURL()}/#${path}`);
        const problem = await problemsOn(page);
        if (problem) failures.push(`${route}: ${problem}`);
        // A console's screen must be shown to its role, not bounced to a login page.
        if (role !== 'student' && !route.endsWith('/login') && !page.url().includes(`#${path.split('?')[0]}`)) failures.push(`${route}: sent to ${page.url()}`);
      }
      expect(failures).toEqual([]);
      expect(crashes).toEqual([]);
      expect(violations()).toEqual([]);
      await context.close();
    }
  }, 180_000);
});
