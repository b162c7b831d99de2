import type { Db } from '../db';
import { formatTimestamp } from '../db/time';

/**
 * Pruning of short-lived rows that nothing reads once they have expired. Every task is an idempotent delete by
 * time, so several nodes may run it at once without harm; each keeps a grace period past expiry so a row is never
 * removed while a request that read it a moment ago may still be using it.
 */
export interface HousekeepingTask {
  name: string;
  run(db: Db, at: Date): Promise<number>;
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
    name: 'rate_limits',
    run: (db, at) =>
      deleted(
        db
          .deleteFrom('rate_limits')
          .where('window_start', '<', before(at, DAY))
          .where((eb) => eb.or([eb('blocked_until', 'is', null), eb('blocked_until', '<', before(at, 0))])),
      ),
  },
];

/** Runs every task once; a failing task is reported and does not stop the others. */
export async function runHousekeeping(db: Db, at = new Date(), tasks = housekeepingTasks): Promise<Record<string, number | string>> {
  const result: Record<string, number | string> = {};
  for (const task of tasks) {
    try {
      result[task.name] = await task.run(db, at);
    } catch (err) {
      result[task.name] = `失败: ${err instanceof Error ? err.message : String(err)}`;
    }
  }
  return result;
}

/** Runs housekeeping now and then every `intervalMs`, without keeping the process alive; returns the stop function. */
export function startHousekeeping(db: Db, opts: { intervalMs: number; log?: (result: Record<string, number | string>) => void }): () => void {
  let running = false;
  const tick = async () => {
    if (running) return;
    running = true;
    try {
      const result = await runHousekeeping(db);
      opts.log?.(result);
    } finally {
      running = false;
    }
  };
  const first = setTimeout(tick, 5_000);
  const timer = setInterval(tick, opts.intervalMs);
  first.unref();
  timer.unref();
  return () => {
    clearTimeout(first);
    clearInterval(timer);
  };
}
