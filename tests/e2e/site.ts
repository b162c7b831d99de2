import type { IsolatedServer } from './server';

// The server of the browser test file that is running: tests/e2e/file-server.ts starts one per file (a fresh
// database and a private copy of config/), so files run side by side without seeing each other's writes.
let current: IsolatedServer | undefined;

export function useSite(server: IsolatedServer | undefined): void {
  current = server;
}

function site(): IsolatedServer {
  if (!current) throw new Error('no test server yet: call baseURL()/dataDir()/configDir() inside a hook or a test');
  return current;
}

export const baseURL = (): string => site().baseURL;
/** The running server's data directory (its SQLite file is app.sqlite there). */
export const dataDir = (): string => site().dataDir;
/** The running server's private copy of config/, which a test may edit (the server reloads it). */
export const configDir = (): string => site().configDir;
