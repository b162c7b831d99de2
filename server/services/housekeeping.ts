import type { AppConfig } from '../../shared/config-types';
import type { Db } from '../db';
import { formatTimestamp } from '../db/time';
import { previewCutoff } from './import-previews';
import type { FileStorage } from '../storage';
import { uploadLimits } from './upload-limits';
import { removeOrphanUploads } from './upload-orphans';
import { removeStrayFiles } from './upload-strays';

/**
 * Pruning of short-lived rows that nothing reads once they have expired. Every task is an idempotent delete by
 * time, so several nodes may run it at once without harm; each keeps a grace period past expiry so a row is never
 * removed while a request that read it a moment ago may still be using it. Uploads that no record names are removed
 * too, row and file, past limits.uploads.orphanGraceHours (server/services/upload-orphans.ts), and files no row names
 * (server/services/upload-strays.ts).
 */
export interface HousekeepingTask {
  name: string;
  run(db: Db, at: Date, context: HousekeepingContext): Promise<number>;
}

/** What the tasks that touch more than the database need: the file storage and the live configuration. */
export interface HousekeepingContext {
  /** Where uploaded files live; without it the upload cleanups do not run. */
  storage?: FileStorage;
  /** Where this process's walk through the storage for stray files goes on next run (kept by startHousekeeping). */
  strays?: { after?: string };
  /** The site configuration (config/app.yaml limits.uploads.orphanGraceHours); defaults apply without it. */
  config?: { forSchool(school: { id: number }): { app?: AppConfig } };
}

const HOUR = 3600_000;
const DAY = 24 * HOUR;
const before = (at: Date, ms: number) => formatTimestamp(new Date(at.getTime() - ms));

async function deleted(query: { executeTakeFirst(): Promise<{ numDeletedRows: bigint }> }): Promise<number> {
  return Number((await query.executeTakeFirst()).numDeletedRows);
}

export const housekeepingTasks: HousekeepingTask[] = [
  { name: 'captchas', run: (db, at) => deleted(db.deleteFrom('captchas').where('expires_at', '<', before(at, HOUR))) },
  { name: 'verification_codes', run: (db, at) => deleted(db.deleteFrom('verification_codes').where('expires_at', '<', before(at, DAY))) },
  { name: 'qr_scenes', run: (db, at) => deleted(db.deleteFrom('qr_scenes').where('expires_at', '<', before(at, HOUR))) },
  { name: 'partner_tickets', run: (db, at) => deleted(db.deleteFrom('partner_tickets').where('expires_at', '<', before(at, DAY))) },
  // A launch token also answers a simulation's retried result upload (result_hash): keep it a week past expiry.
  { name: 'launch_tokens', run: (db, at) => deleted(db.deleteFrom('launch_tokens').where('expires_at', '<', before(at, 7 * DAY))) },
  {
    name: 'sessions',
    run: (db, at) =>
      deleted(db.deleteFrom('sessions').where((eb) => eb.or([eb('expires_at', '<', before(at, DAY)), eb('revoked_at', '<', before(at, 7 * DAY))]))),
  },
  {
    // Import previews hold names, numbers and, for accounts, generated initial passwords: gone once expired.
    name: 'import_previews',
    run: async (db, at) =>
      (await deleted(db.deleteFrom('account_imports').where('created_at', '<', previewCutoff(at)))) +
      (await deleted(db.deleteFrom('question_imports').where('created_at', '<', previewCutoff(at)))),
  },
  {
    name: 'rate_limits',
    run: (db, at) =>
      deleted(
        db
          .deleteFrom('rate_limits')
          .where('window_start', '<', before(at, DAY))
          .where((eb) => eb.or([eb('blocked_until', 'is', null), eb('blocked_until', '<', before(at, 0))])),
      ),
  },
  {
    // Uploads no submission, avatar or teacher's text names, past limits.uploads.orphanGraceHours: row and file.
    name: 'orphan_uploads',
    run: async (db, at, { storage, config }) => {
      if (!storage) return 0;
      const app = config?.forSchool({ id: 0 }).app;
      return removeOrphanUploads(db, storage, { at, graceHours: uploadLimits(app).orphanGraceHours });
    },
  },
  {
    // Files no upload row names (a node died between the file and its row; a removal the store refused), past the
    // same grace: up to 1,000 keys a run, walking through the storage over successive runs.
    name: 'stray_files',
    run: async (db, at, { storage, config, strays }) => {
      if (!storage) return 0;
      const app = config?.forSchool({ id: 0 }).app;
      const { removed, next } = await removeStrayFiles(db, storage, { at, graceHours: uploadLimits(app).orphanGraceHours, after: strays?.after });
      if (strays) strays.after = next;
      return removed;
    },
  },
];

/** Runs every task once; a failing task is reported and does not stop the others. */
export async function runHousekeeping(
  db: Db,
  at = new Date(),
  context: HousekeepingContext = {},
  tasks = housekeepingTasks,
): Promise<Record<string, number | string>> {
  const result: Record<string, number | string> = {};
  for (const task of tasks) {
    try {
      result[task.name] = await task.run(db, at, context);
    } catch (err) {
      result[task.name] = `失败: ${err instanceof Error ? err.message : String(err)}`;
    }
  }
  return result;
}

/** Runs housekeeping now and then every `intervalMs`, without keeping the process alive; returns the stop function. */
export function startHousekeeping(
  db: Db,
  opts: HousekeepingContext & { intervalMs: number; log?: (result: Record<string, number | string>) => void },
): () => void {
  let running = false;
  const strays: { after?: string } = {};
  const tick = async () => {
    if (running) return;
    running = true;
    try {
      const result = await runHousekeeping(db, new Date(), { storage: opts.storage, config: opts.config, strays });
      opts.log?.(result);
    } catch (err) {
      // A failed round (e.g. the database briefly away) is logged and retried on the next tick, never a crash.
      opts.log?.({ failed: err instanceof Error ? err.message : String(err) });
    } finally {
      running = false;
    }
  };
  const first = setTimeout(() => void tick(), 5_000);
  const timer = setInterval(() => void tick(), opts.intervalMs);
  first.unref();
  timer.unref();
  return () => {
    clearTimeout(first);
    clearInterval(timer);
  };
}
