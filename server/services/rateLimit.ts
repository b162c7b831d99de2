import type { Db } from '../db';
import { formatTimestamp, now, parseTimestamp } from '../db/time';

export interface LimitRule {
  /** Failures allowed inside the window before the key is blocked. */
  limit: number;
  windowSeconds: number;
  blockSeconds: number;
}

/** Minutes left while a key is blocked, else 0. */
export async function blockedMinutes(db: Db, key: string): Promise<number> {
  const row = await db.selectFrom('rate_limits').select('blocked_until').where('key', '=', key).executeTakeFirst();
  const until = parseTimestamp(row?.blocked_until)?.getTime() ?? 0;
  return until > Date.now() ? Math.ceil((until - Date.now()) / 60000) : 0;
}

/** Counts one failure; blocks the key once the limit is reached inside the window. */
export async function recordFailure(db: Db, key: string, rule: LimitRule): Promise<void> {
  const row = await db.selectFrom('rate_limits').selectAll().where('key', '=', key).executeTakeFirst();
  const windowStart = parseTimestamp(row?.window_start)?.getTime() ?? 0;
  if (!row || Date.now() - windowStart > rule.windowSeconds * 1000) {
    if (row) await db.deleteFrom('rate_limits').where('key', '=', key).execute();
    await db.insertInto('rate_limits').values({ key, count: 1, window_start: now(), blocked_until: rule.limit <= 1 ? formatTimestamp(new Date(Date.now() + rule.blockSeconds * 1000)) : null }).execute();
    return;
  }
  const count = row.count + 1;
  const blocked = count >= rule.limit ? formatTimestamp(new Date(Date.now() + rule.blockSeconds * 1000)) : null;
  await db.updateTable('rate_limits').set({ count, blocked_until: blocked }).where('key', '=', key).execute();
}

export async function clearFailures(db: Db, key: string): Promise<void> {
  await db.deleteFrom('rate_limits').where('key', '=', key).execute();
}
