import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { isDeepStrictEqual } from 'node:util';

// Results of the server's configuration reads, kept for the browser run (tests/e2e/server-bundle.ts swaps the reads
// for tests/e2e/config-read-cache.ts and tests/e2e/contract-read-cache.ts). Every browser test file starts a server on
// a copy of the same config/; parsing its YAML and compiling and running the validators was ~1.7 s of a start's
// ~4 s of CPU. A result is kept under a hash of everything it was read from, so a file a test edited, or a broken one,
// is read in full as without the cache; only successful reads are kept.

/** Set by tests/e2e/server.ts for servers started from the bundle: the run's directory of kept reads. */
const KEPT_READS_DIR = 'E2E_CONFIG_READS';

/** A hash of files' names (relative to `dir`) and contents, and of `options`. */
export function hashOfInputs(kind: string, dir: string, files: string[], options: unknown = null): string {
  const hash = crypto.createHash('sha256').update(JSON.stringify([kind, options]));
  for (const abs of files) {
    hash.update(`\0${path.relative(dir, abs)}\0`);
    try {
      hash.update(fs.readFileSync(abs));
    } catch {
      hash.update('\0missing');
    }
  }
  return hash.digest('hex');
}

/**
 * The value kept under `key` in this run, or else what `read` returns (kept when it is not undefined). Without the
 * run's directory (a server not started by the browser suite) always `read`.
 */
export function keptRead<T>(key: () => string, read: () => T | undefined): T | undefined {
  const dir = process.env[KEPT_READS_DIR];
  if (!dir) return read();
  const file = path.join(dir, `${key()}.json`);
  try {
    return JSON.parse(fs.readFileSync(file, 'utf8')) as T;
  } catch {
    // not read yet in this run
  }
  const value = read();
  if (value !== undefined) keep(file, value);
  return value;
}

function keep(file: string, value: unknown): void {
  const text = JSON.stringify(value);
  // Only what JSON carries unchanged (YAML could in principle yield values it cannot).
  if (!isDeepStrictEqual(JSON.parse(text), value)) return;
  fs.mkdirSync(path.dirname(file), { recursive: true });
  // Servers start side by side: written aside, then renamed, so no reader ever sees half a file.
  const aside = `${file}.${process.pid}`;
  fs.writeFileSync(aside, text);
  fs.renameSync(aside, file);
}
