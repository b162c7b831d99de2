import { execFile } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import type { TestProject } from 'vitest/node';
import { startServer } from './server';
import { bundleServer } from './server-bundle';

// One production build of the site, one bundle of the server and one seeded database for the whole browser run; every
// test file then starts its own server from them with a copy of that data (tests/e2e/file-server.ts).
const root = resolve(import.meta.dirname, '../..');

declare module 'vitest' {
  export interface ProvidedContext {
    distDir: string;
    /** server/main.ts bundled for this run (tests/e2e/server-bundle.ts). */
    serverBundle: string;
    /** A data directory as the server leaves it after its first run (the demo school seeded), to copy. */
    seededDataDir: string;
  }
}

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const work = mkdtempSync(join(tmpdir(), 'e2e-'));
  // A private build, so parallel runs never race on dist/.
  const distDir = join(work, 'dist');
  // Inside the checkout, so that the bundle's imports find node_modules.
  const bundleDir = join(root, 'node_modules/.cache', `e2e-server-${process.pid}`);
  mkdirSync(bundleDir, { recursive: true });
  const [, serverBundle] = await Promise.all([
    // The site as it ships: vitest sets NODE_ENV=test, which would build React's development bundle (slower pages, and
    // not what users run).
    promisify(execFile)(join(root, 'node_modules/.bin/vite'), ['build', '--logLevel', 'warn', '--outDir', distDir, '--emptyOutDir'], {
      cwd: root, env: { ...process.env, NODE_ENV: 'production' },
    }),
    bundleServer(bundleDir),
  ]);
  project.provide('distDir', distDir);
  project.provide('serverBundle', serverBundle);
  const seededDataDir = join(work, 'seeded');
  const firstRun = await startServer({ dataDir: seededDataDir, configDir: join(root, 'config'), distDir, bundle: serverBundle });
  await firstRun.stop();
  project.provide('seededDataDir', seededDataDir);
  return async () => {
    rmSync(work, { recursive: true, force: true });
    rmSync(bundleDir, { recursive: true, force: true });
  };
}
