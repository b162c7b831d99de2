import { execFileSync } from 'node:child_process';
import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import type { TestProject } from 'vitest/node';
import { startServer } from './server';

// Browser tests run against the real server on a fresh database, with a private copy of config/
// so a test may edit a school's YAML without touching the repository.
const root = resolve(import.meta.dirname, '../..');

declare module 'vitest' {
  export interface ProvidedContext {
    baseURL: string;
    configDir: string;
    dataDir: string;
    distDir: string;
  }
}

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const work = mkdtempSync(join(tmpdir(), 'e2e-'));
  // A private build, so parallel runs never race on dist/.
  const distDir = join(work, 'dist');
  execFileSync(join(root, 'node_modules/.bin/vite'), ['build', '--logLevel', 'warn', '--outDir', distDir, '--emptyOutDir'], { cwd: root, stdio: 'inherit' });

  const configDir = join(work, 'config');
  const dataDir = join(work, 'data');
  cpSync(join(root, 'config'), configDir, { recursive: true });

  const server = await startServer({ dataDir, configDir, distDir });
  const baseURL = server.baseURL;
  project.provide('baseURL', baseURL);
  project.provide('configDir', configDir);
  project.provide('dataDir', dataDir);
  project.provide('distDir', distDir);

  return async () => {
    await server.stop();
    rmSync(work, { recursive: true, force: true });
  };
}
