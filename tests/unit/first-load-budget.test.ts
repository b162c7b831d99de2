// Issue 18's budgets for a first visit, on a production build: the JavaScript (gzip, as the server sends it) of the
// entry and of what the route needs before its content — the login page ≤ 250 KB, a signed-in student's first page
// (the practice list, drawn by the entry and the application it imports, src/app.tsx) ≤ 200 KB. Read from the build's
// manifest: each chunk and the chunks it imports statically. (The browser suite's site is built with NODE_ENV=test, React's development build, so its
// sizes are not the ones a student downloads; tests/e2e/first-load-budget.test.ts checks what the browser fetches.)
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const root = path.resolve(import.meta.dirname, '../..');
const KB = 1024;
let dist: string;
let manifest: Record<string, { file: string; name?: string; imports?: string[]; dynamicImports?: string[]; css?: string[]; isEntry?: boolean }>;

beforeAll(() => {
  dist = fs.mkdtempSync(path.join(os.tmpdir(), 'budget-'));
  execFileSync(path.join(root, 'node_modules/.bin/vite'), ['build', '--logLevel', 'error', '--manifest', '--outDir', dist, '--emptyOutDir'], {
    cwd: root,
    env: { ...process.env, NODE_ENV: 'production' },
  });
  manifest = JSON.parse(fs.readFileSync(path.join(dist, '.vite/manifest.json'), 'utf8'));
}, 300_000);
afterAll(() => fs.rmSync(dist, { recursive: true, force: true }));

/** The chunks loading `sources` brings in (their static imports, transitively), by manifest key. */
function closure(sources: string[]): Set<string> {
  const seen = new Set<string>();
  const todo = [...sources];
  while (todo.length) {
    const key = todo.pop()!;
    if (seen.has(key)) continue;
    expect(manifest[key], key).toBeDefined();
    seen.add(key);
    todo.push(...(manifest[key].imports ?? []));
  }
  return seen;
}

const gzipped = (keys: Set<string>) => [...keys].reduce((sum, key) => sum + zlib.gzipSync(fs.readFileSync(path.join(dist, manifest[key].file))).length, 0);

/** The first download: the entry and the application it imports at once (the `app` chunk, which index.html preloads). */
const appKey = () => (manifest['index.html'].dynamicImports ?? []).find((key) => manifest[key]?.name === 'app')!;
const first = () => ['index.html', appKey()];

describe('first-load JavaScript budget (production build)', () => {
  it('a signed-in student\'s first page: the entry and the application within 200 KB', () => {
    const bytes = gzipped(closure(first()));
    expect(bytes).toBeGreaterThan(50 * KB);
    expect(bytes).toBeLessThanOrEqual(200 * KB);
  });

  it('the login page: the entry and the login page\'s chunks within 250 KB, without the form library', () => {
    const chunks = closure([...first(), 'src/custom/login/LoginPage.tsx']);
    // rjsf and its validator load with the register and forgot-password panels, not with the login form.
    expect([...chunks].filter((key) => key.includes('SchemaFormView') || key.includes('RegisterPanel') || key.includes('ForgotPanels'))).toEqual([]);
    expect(gzipped(chunks)).toBeLessThanOrEqual(250 * KB);
  });

  it('the stylesheet that holds the first paint has Mantine\'s rules for the first page\'s components only', () => {
    const read = (file: string) => fs.readFileSync(path.join(dist, file), 'utf8');
    const firstCss = [...closure(first())].flatMap((key) => manifest[key].css ?? []);
    const entry = firstCss.map(read).join('');
    // Every Mantine component's rules come with the chunk that uses it (scripts/vite-mantine-css.ts), in @layer mantine.
    expect(entry.length).toBeLessThanOrEqual(120 * KB); // was 255 KB with all of Mantine
    expect(entry).toContain('@layer mantine');
    const tableRules = '.m_b23fa0ef'; // Mantine's Table: drawn by lazily loaded screens only
    expect(entry).not.toContain(tableRules);
    const later = Object.values(manifest).flatMap((chunk) => chunk.css ?? []).filter((file) => !firstCss.includes(file));
    expect(later.some((file) => read(file).includes(tableRules))).toBe(true);
  });

  it('index.html has the browser fetch the application with the entry, not after the entry asks for it', () => {
    const html = fs.readFileSync(path.join(dist, 'index.html'), 'utf8');
    expect(appKey()).toBeDefined();
    const app = manifest[appKey()];
    expect(html).toMatch(new RegExp(`<link rel="modulepreload"[^>]*href="\\./${app.file}"`));
    for (const css of app.css ?? []) expect(html).toMatch(new RegExp(`<link rel="preload" as="style" href="\\./${css}"`));
    expect(app.css?.length).toBeGreaterThan(0);
  });
});
