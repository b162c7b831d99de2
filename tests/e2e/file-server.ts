import { afterAll, beforeAll, inject } from 'vitest';
import { startIsolatedServer, type IsolatedServer } from './server';
import { useSite } from './site';

// Vitest setup file of the browser project: runs in every browser test file before its own hooks.
let server: IsolatedServer | undefined;

beforeAll(async () => {
  server = await startIsolatedServer({ distDir: inject('distDir'), bundle: inject('serverBundle') }, {}, inject('seededDataDir'));
  useSite(server);
});

afterAll(async () => {
  useSite(undefined);
  await server?.stop();
});
