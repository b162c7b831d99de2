import { spawn, type ChildProcess } from 'node:child_process';
import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { createServer } from 'node:net';
import { dirname, join, resolve } from 'node:path';

const root = resolve(import.meta.dirname, '../..');

export function freePort(): Promise<number> {
  return new Promise((done, fail) => {
    const probe = createServer();
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() => (typeof address === 'object' && address ? done(address.port) : fail(new Error('no port'))));
    });
  });
}

async function waitForHealth(url: string, server: ChildProcess, output: () => string): Promise<void> {
  const deadline = Date.now() + 120_000;
  while (Date.now() < deadline) {
    if (server.exitCode !== null) throw new Error(`server exited early:\n${output()}`);
    try {
      if ((await fetch(`${url}/api/health`)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 300));
  }
  throw new Error(`server did not become healthy:\n${output()}`);
}

export interface RunningServer {
  baseURL: string;
  stop(): Promise<void>;
}

export interface ServerDirs {
  dataDir: string;
  configDir: string;
  distDir: string;
  /** server/main.ts bundled (tests/e2e/server-bundle.ts); without it the sources run through tsx, as `npm start` does. */
  bundle?: string;
}

/** The real server (server/main.ts) on a free port, with its own data, config and built site. */
export async function startServer(dirs: ServerDirs, env: Record<string, string> = {}): Promise<RunningServer> {
  const port = await freePort();
  let log = '';
  const entry = dirs.bundle ? [dirs.bundle] : ['--import', 'tsx', join(root, 'server/main.ts')];
  // Configurations the bundle's servers have read and validated, kept beside it for the run (tests/e2e/config-read-cache.ts).
  const configReads = dirs.bundle ? { E2E_CONFIG_READS: join(dirname(dirs.bundle), 'config-reads') } : {};
  const server = spawn(process.execPath, entry, {
    cwd: root,
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dirs.dataDir, CONFIG_DIR: dirs.configDir, DIST_DIR: dirs.distDir, DATABASE_URL: '', DEV_HOOKS: '1', PASSWORD_SCRYPT_COST: process.env.PASSWORD_SCRYPT_COST ?? '14', ...configReads, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  server.stdout?.on('data', (chunk) => (log += chunk));
  server.stderr?.on('data', (chunk) => (log += chunk));
  const baseURL = `http://127.0.0.1:${port}`;
  await waitForHealth(baseURL, server, () => log);
  return {
    baseURL,
    stop: async () => {
      if (server.exitCode !== null) return;
      const exited = new Promise((r) => server.once('exit', r));
      server.kill('SIGTERM');
      // A clean stop closes the database (its write-ahead log folded in); one that hangs is not waited for long.
      await Promise.race([exited, new Promise((r) => setTimeout(r, 5_000))]);
    },
  };
}

export interface IsolatedServer extends RunningServer {
  configDir: string;
  dataDir: string;
}

/**
 * A server of one test file's own: a fresh database and a private copy of config/. For tests that edit YAML while
 * they run, so the other browser test files, which run alongside on the shared server, never see the edits.
 */
export async function startIsolatedServer(built: { distDir: string; bundle?: string }, env: Record<string, string> = {}, seededDataDir?: string): Promise<IsolatedServer> {
  const work = mkdtempSync(join(tmpdir(), 'e2e-own-'));
  const configDir = join(work, 'config');
  const dataDir = join(work, 'data');
  cpSync(join(root, 'config'), configDir, { recursive: true });
  // The data of a server's first run (the demo seed), made once for the run: seeding anew took a second of CPU per file.
  if (seededDataDir) cpSync(seededDataDir, dataDir, { recursive: true });
  const server = await startServer({ dataDir, configDir, ...built }, env);
  return {
    ...server,
    configDir,
    dataDir,
    stop: async () => {
      await server.stop();
      rmSync(work, { recursive: true, force: true });
    },
  };
}
