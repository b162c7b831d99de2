import { sql } from 'kysely';
import { migrate, type OpenedDatabase } from '../db';
import { isSeeded, seed, type SeedSummary } from '../seed';

/** Any fixed number: the PostgreSQL advisory lock every node takes while it migrates and seeds. */
const STARTUP_LOCK = 7_310_042;

/**
 * Runs `work` while holding the database-wide start-up lock, so nodes that start together migrate and seed one
 * after another (the second finds the work done). SQLite has one process by design and needs no lock.
 */
export async function withStartupLock<T>(opened: OpenedDatabase, work: () => Promise<T>): Promise<T> {
  if (opened.dialect !== 'postgres') return work();
  return opened.db.connection().execute(async (conn) => {
    await sql`select pg_advisory_lock(${STARTUP_LOCK})`.execute(conn);
    try {
      return await work();
    } finally {
      await sql`select pg_advisory_unlock(${STARTUP_LOCK})`.execute(conn);
    }
  });
}

/** Migrates, and seeds the demo school into an empty database when asked to; safe when nodes start together. */
export async function prepareDatabase(opened: OpenedDatabase, opts: { seedDemo: boolean; log?: (line: string) => void }): Promise<{ seeded: SeedSummary | null; empty: boolean }> {
  return withStartupLock(opened, async () => {
    await migrate(opened.db, opened.dialect);
    if (await isSeeded(opened.db)) return { seeded: null, empty: false };
    if (!opts.seedDemo) return { seeded: null, empty: true };
    opts.log?.('首次启动：正在生成演示数据……');
    return { seeded: await seed(opened.db), empty: false };
  });
}
