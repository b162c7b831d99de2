import { sql } from 'kysely';
import type { Db } from '../db';
import { formatTimestamp, now, parseTimestamp } from '../db/time';

export interface LimitRule {
  /** Attempts allowed inside the window; the next one is refused and blocks the key. */
  limit: number;
  windowSeconds: number;
  blockSeconds: number;
}

export interface HitResult {
  /** This attempt may go on. */
  allowed: boolean;
  /** Attempts counted in the current window, this one included. */
  count: number;
  /** Minutes left while the key is blocked, else 0. */
  waitMinutes: number;
}

const minutesUntil = (until: string | null | undefined) => {
  const at = parseTimestamp(until)?.getTime() ?? 0;
  return at > Date.now() ? Math.ceil((at - Date.now()) / 60000) : 0;
};

/**
 * Counts one attempt on `key` and decides in the same step whether it may go on. The count is one atomic upsert
 * (SQLite and PostgreSQL alike) whose returned value is this attempt's own number, so parallel attempts each get a
 * distinct count and at most `limit` of them pass: there is no read-then-write window to slip through. An expired
 * window starts again at 1; the attempt over the limit blocks the key for `blockSeconds`.
 */
export async function hit(db: Db, key: string, rule: LimitRule): Promise<HitResult> {
  const blocked = await db.selectFrom('rate_limits').select('blocked_until').where('key', '=', key).executeTakeFirst();
  const wait = minutesUntil(blocked?.blocked_until);
  if (wait > 0) return { allowed: false, count: 0, waitMinutes: wait };

  const stamp = now();
  const windowStart = formatTimestamp(new Date(Date.now() - rule.windowSeconds * 1000));
  const expired = sql<boolean>`rate_limits.window_start < ${windowStart}`;
  const row = await db
    .insertInto('rate_limits')
    .values({ key, count: 1, window_start: stamp, blocked_until: null })
    .onConflict((oc) =>
      oc.column('key').doUpdateSet({
        count: sql`case when ${expired} then 1 else rate_limits.count + 1 end`,
        window_start: sql`case when ${expired} then ${stamp} else rate_limits.window_start end`,
        blocked_until: sql`case when ${expired} then null else rate_limits.blocked_until end`,
      }),
    )
    .returning(['count'])
    .executeTakeFirstOrThrow();
  const count = Number(row.count);
  if (count <= rule.limit) return { allowed: true, count, waitMinutes: 0 };
  const until = new Date(Date.now() + rule.blockSeconds * 1000);
  await db.updateTable('rate_limits').set({ blocked_until: formatTimestamp(until) }).where('key', '=', key).execute();
  return { allowed: false, count, waitMinutes: Math.ceil(rule.blockSeconds / 60) };
}

/** Attempts counted on `key` in its current window (0 when none or the window is over). */
export async function countOf(db: Db, key: string, rule: Pick<LimitRule, 'windowSeconds'>): Promise<number> {
  const row = await db.selectFrom('rate_limits').select(['count', 'window_start']).where('key', '=', key).executeTakeFirst();
  if (!row) return 0;
  const started = parseTimestamp(row.window_start)?.getTime() ?? 0;
  return Date.now() - started > rule.windowSeconds * 1000 ? 0 : Number(row.count);
}

export async function clearFailures(db: Db, key: string): Promise<void> {
  await db.deleteFrom('rate_limits').where('key', '=', key).execute();
}

/** Takes back one counted attempt (an SMS the gateway failed to send must not use up the sender's quota). */
export async function giveBack(db: Db, key: string): Promise<void> {
  await db.updateTable('rate_limits').set((eb) => ({ count: eb('count', '-', 1) })).where('key', '=', key).where('count', '>', 0).execute();
}
