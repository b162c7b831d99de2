import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import type { TestProject } from 'vitest/node';

// One production build of the site for the whole browser run; every test file then starts its own server on it
// (tests/e2e/file-server.ts).
const root = resolve(import.meta.dirname, '../..');

declare module 'vitest' {
  export interface ProvidedContext {
    distDir: string;
  }
}

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const work = mkdtempSync(join(tmpdir(), 'e2e-'));
  // A private build, so parallel runs never race on dist/.
  const distDir = join(work, 'dist');
  execFileSync(join(root, 'node_modules/.bin/vite'), ['build', '--logLevel', 'warn', '--outDir', distDir, '--emptyOutDir'], { cwd: root, stdio: 'inherit' });
  project.provide('distDir', distDir);
  return async () => rmSync(work, { recursive: true, force: true });
}
