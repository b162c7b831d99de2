import { CompiledQuery } from 'kysely';
import type { Db } from '.';
import { localWrites, REMOTE_SYNC_MS } from './versions';

/** What a student's unread counts are built from (migration 0023 stamps the student on every write to them). */
const SOURCES = ['conversations', 'notifications'];

/**
 * Each student's inbox version as this process knows it (0: unchanged since the process started watching).
 * Read from `inbox_versions` only for the rows stamped since the last read: at once after this process wrote one of
 * the SOURCES through this handle, otherwise at most once every REMOTE_SYNC_MS (another node's write).
 */
class InboxVersions {
  private readonly stamps = new Map<number, number>();
  private seen: number | undefined;
  /** This process's write count when the last completed read started, and when it ended. */
  private readWrites = -1;
  private readAt = 0;
  private reading: Promise<void> | null = null;

  constructor(private readonly db: Db) {}

  async of(userId: number): Promise<number> {
    const arrived = localWrites(this.db, SOURCES) ?? 0;
    // A read that started before this caller's own write committed does not count for it: wait and read again.
    while (this.readWrites < arrived || Date.now() - this.readAt >= REMOTE_SYNC_MS) {
      this.reading ??= this.read().finally(() => (this.reading = null));
      await this.reading;
    }
    return this.stamps.get(userId) ?? 0;
  }

  private async read(): Promise<void> {
    const writes = localWrites(this.db, SOURCES) ?? 0;
    if (this.seen === undefined) {
      const [row] = await this.query<{ version: number | string }>(`select version from data_versions where table_name = 'inbox_versions'`);
      this.seen = Number(row?.version ?? 0);
    } else {
      const rows = await this.query<{ user_id: number; version: number | string }>(
        'select user_id, version from inbox_versions where version > ' + this.seen,
      );
      for (const row of rows) {
        const version = Number(row.version);
        this.stamps.set(row.user_id, version);
        if (version > this.seen) this.seen = version;
      }
    }
    this.readWrites = writes;
    this.readAt = Date.now();
  }

  private async query<R>(text: string): Promise<R[]> {
    return (await this.db.executeQuery<R>(CompiledQuery.raw(text))).rows;
  }
}

const byDb = new WeakMap<Db, InboxVersions>();

/** The inbox version of a student on this handle; undefined on a handle that does not count its writes (a transaction). */
export function inboxVersion(db: Db, userId: number): Promise<number> | undefined {
  if (localWrites(db, SOURCES) === undefined) return undefined;
  let versions = byDb.get(db);
  if (!versions) byDb.set(db, (versions = new InboxVersions(db)));
  return versions.of(userId);
}
