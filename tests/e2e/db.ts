import { join } from 'node:path';
import Database from 'better-sqlite3';
import { dataDir } from './site';

// The test file's own server database (SQLite, in its data directory), for setting up accounts and reading back what
// a page wrote. Each helper opens and closes it, so the server's own connection is never kept waiting.

/** Runs `work` on a writable connection to the file server's database. */
export function withDb<T>(work: (db: Database.Database) => T, options: { readonly?: boolean } = {}): T {
  const db = new Database(join(dataDir(), 'app.sqlite'), { readonly: options.readonly ?? false });
  try {
    return work(db);
  } finally {
    db.close();
  }
}

/** The rows a read-only query returns. */
export const query = <T>(sql: string, ...params: unknown[]): T[] => withDb((db) => db.prepare(sql).all(...params) as T[], { readonly: true });
