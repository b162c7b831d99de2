import { defineConfig } from 'vitest/config';
import LongestFirst from './tests/sequencer';

// Test runs hash passwords at scrypt N = 2^14 instead of production's 2^17 (server/db/password.ts): the suites log in
// hundreds of times, at ~0.7 s of CPU each on this machine at 2^17. A unit test holds the production default.
const env = { PASSWORD_SCRYPT_COST: '14' };

export default defineConfig({
  test: {
    sequence: { sequencer: LongestFirst },
    // Vitest's default leaves a core free, which on this 2-core machine ran every file one after another. Four
    // workers: browser files mostly wait on Chromium and their server (a whole run used 1,150 s of CPU against 786 s
    // of wall time on 2 cores with three workers, so the cores were idle a quarter of the time).
    maxWorkers: 4,
    projects: [
      { test: { name: 'unit', include: ['tests/unit/**/*.test.{ts,tsx}'], environment: 'node', env, testTimeout: 15000, server: { deps: { inline: ['@rjsf/mantine'] } } } },
      {
        test: {
          name: 'server',
          include: ['tests/server/**/*.test.ts'],
          environment: 'node',
          // The API tests run a development server (test hooks on), whichever file a worker ran before.
          env: { ...env, DEV_HOOKS: '1' },
          testTimeout: 30000,
          hookTimeout: 60000,
          // Each file builds its own apps on its own databases, so files need no fresh module graph: importing the
          // server (Fastify, Kysely, ajv, the config reader) anew for every file was about 70 % of the server suite's
          // time (6 files: 185 s isolated, 64 s not, in one run).
          isolate: false,
        },
      },
      {
        test: {
          name: 'e2e',
          include: ['tests/e2e/**/*.test.ts'],
          environment: 'node',
          env,
          // One build for the run (global setup), one server with a fresh database per file (setup file): browser files
          // run side by side with each other and with the unit and server files. (With fileParallelism off, vitest
          // would run them one at a time after every other file had finished.)
          globalSetup: ['tests/e2e/global-setup.ts'],
          setupFiles: ['tests/e2e/file-server.ts'],
          testTimeout: 60000,
          hookTimeout: 120000,
          // expect.poll gives up after 1 s by default: on a loaded 2-core machine a page reload and its first call take
          // longer than that (an expired-QR test failed waiting 1 s for its scene). A failing condition still fails,
          // after 15 s; Playwright's own waits keep their 30 s.
          expect: { poll: { timeout: 15_000, interval: 100 } },
        },
      },
    ],
  },
});
