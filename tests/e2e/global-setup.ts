import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import type { TestProject } from 'vitest/node';
import { startServer } from './server';

// One production build of the site and one seeded database for the whole browser run; every test file then starts its
// own server on that build with a copy of that data (tests/e2e/file-server.ts).
const root = resolve(import.meta.dirname, '../..');

declare module 'vitest' {
  export interface ProvidedContext {
    distDir: string;
    /** A data directory as the server leaves it after its first run (the demo school seeded), to copy. */
    seededDataDir: string;
  }
}

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const work = mkdtempSync(join(tmpdir(), 'e2e-'));
  // A private build, so parallel runs never race on dist/.
  const distDir = join(work, 'dist');
  // The site as it ships: vitest sets NODE_ENV=test, which would build React's development bundle (slower pages, and
  // not what users run).
  execFileSync(join(root, 'node_modules/.bin/vite'), ['build', '--logLevel', 'warn', '--outDir', distDir, '--emptyOutDir'], {
    cwd: root, stdio: 'inherit', env: { ...process.env, NODE_ENV: 'production' },
  });
  project.provide('distDir', distDir);
  const seededDataDir = join(work, 'seeded');
  const firstRun = await startServer({ dataDir: seededDataDir, configDir: join(root, 'config'), distDir });
  await firstRun.stop();
  project.provide('seededDataDir', seededDataDir);
  return async () => rmSync(work, { recursive: true, force: true });
}
