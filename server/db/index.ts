import fs from 'node:fs';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import pg from 'pg';
import { Kysely, Migrator, PostgresDialect, SqliteDialect, sql, type SqliteDatabase } from 'kysely';
import type { Database } from './schema';
import { dialectOf, type Dialect } from './ddl';
import { migrations } from './migrations';
import { trackVersions, versionedDialect } from './versions';

export type { Database } from './schema';
export type { Dialect } from './ddl';
export type Db = Kysely<Database>;

export interface OpenedDatabase {
  db: Kysely<Database>;
  dialect: Dialect;
  close(): Promise<void>;
}

export function isPostgresUrl(url: string | undefined | null): url is string {
  return !!url && /^postgres(ql)?:\/\//i.test(url);
}

// PostgreSQL returns bigint (count(*), sum of integers) and numeric (avg) as strings; SQLite returns numbers.
// Parse them as numbers so query results look the same on both databases.
pg.types.setTypeParser(20, (v) => Number.parseInt(v, 10));
pg.types.setTypeParser(1700, (v) => Number.parseFloat(v));

/** Opens `<dataDir>/app.sqlite`, or PostgreSQL when databaseUrl is a postgres:// URL. Does not migrate. */
export async function openDatabase(opts: { dataDir: string; databaseUrl?: string | null; poolSize?: number }): Promise<OpenedDatabase> {
  if (isPostgresUrl(opts.databaseUrl)) {
    const pool = new pg.Pool({ connectionString: opts.databaseUrl, max: opts.poolSize ?? 10, connectionTimeoutMillis: 5000 }); // a refused database answers 503 instead of hanging
    // An idle client dropped by the server (restart, admin command) must not crash the process;
    // the pool replaces it on the next query.
    pool.on('error', (err) => console.warn(`数据库连接已断开: ${err.message}`));
    const { dialect, versions } = versionedDialect(new PostgresDialect({ pool }));
    const db = new Kysely<Database>({ dialect });
    trackVersions(db, versions);
    await sql`select 1`.execute(db); // fail fast on a wrong URL
    return { db, dialect: 'postgres', close: () => db.destroy() };
  }
  fs.mkdirSync(opts.dataDir, { recursive: true });
  const file = new SQLite(path.join(opts.dataDir, 'app.sqlite'));
  file.pragma('journal_mode = WAL');
  file.pragma('foreign_keys = ON');
  // better-sqlite3 waits synchronously: a long busy wait (another process holding the write lock) would stall every
  // request. Wait briefly, then the request answers 503 系统繁忙 and the client retries.
  file.pragma('busy_timeout = 250');
  file.pragma('synchronous = NORMAL');
  const { dialect, versions } = versionedDialect(new SqliteDialect({ database: withStatementCache(file) }));
  const db = new Kysely<Database>({ dialect });
  trackVersions(db, versions);
  return { db, dialect: 'sqlite', close: () => db.destroy() };
}

const STATEMENT_CACHE_SIZE = 500;

/**
 * Kysely prepares every query anew; compiling the SQL was a sixth of the server's CPU under load. Statements are
 * kept by SQL text (a bounded, oldest-first cache). One still being iterated (a streamed query) is busy and cannot
 * run again, so that case prepares a fresh statement.
 */
function withStatementCache(file: SQLite.Database): SqliteDatabase {
  const statements = new Map<string, SQLite.Statement>();
  return {
    close: () => file.close(),
    prepare(sqlText: string) {
      const cached = statements.get(sqlText);
      if (cached && !cached.busy) return cached;
      const statement = file.prepare(sqlText);
      if (!cached) {
        if (statements.size >= STATEMENT_CACHE_SIZE) statements.delete(statements.keys().next().value!);
        statements.set(sqlText, statement);
      }
      return statement;
    },
  };
}

/** Runs every pending migration in order; throws (with the failing migration's name) on error. */
export async function migrate(db: Kysely<any>, _dialect?: Dialect): Promise<string[]> {
  const migrator = new Migrator({ db, provider: { getMigrations: async () => migrations } });
  const { error, results } = await migrator.migrateToLatest();
  const failed = results?.find((r) => r.status === 'Error');
  if (error) {
    const reason = error instanceof Error ? error.message : String(error);
    throw new Error(`数据库迁移失败${failed ? ` (${failed.migrationName})` : ''}: ${reason}`);
  }
  return (results ?? []).filter((r) => r.status === 'Success').map((r) => r.migrationName);
}

/**
 * After rows were inserted with explicit ids (seed data), moves each PostgreSQL serial sequence past
 * the largest id so later inserts do not collide. SQLite needs nothing: AUTOINCREMENT follows max(id).
 */
export async function syncIdSequences(db: Kysely<any>): Promise<void> {
  if (dialectOf(db) !== 'postgres') return;
  const { rows } = await sql<{ table_name: string }>`
    select table_name from information_schema.columns
    where table_schema = current_schema() and column_name = 'id'
      and column_default like 'nextval(%'`.execute(db);
  for (const { table_name } of rows) {
    await sql`select setval(pg_get_serial_sequence(${table_name}, 'id'),
      coalesce((select max(id) from ${sql.table(table_name)}), 0) + 1, false)`.execute(db);
  }
}
