import { CompiledQuery, type DatabaseConnection, type Dialect as KyselyDialect, type Driver, type OperationNode, type QueryResult } from 'kysely';
import type { Db } from '.';

/**
 * Write counters per table, so caches of read-mostly answers (catalogue pages, results pages, organisation names) can
 * tell at once whether what they hold is still current (issue 20).
 *
 * - On this process: every statement that writes a table (insert, update, delete, whether built by Kysely or raw
 *   SQL) counts one for it before it runs and again after; inside a transaction again at commit or rollback, so a
 *   read that ran in between (PostgreSQL's pool reads while another connection's transaction is open) is never kept
 *   under the version that follows the commit. A cache stores a value with the version read before computing it and
 *   serves it only while the version is unchanged: a write on this node is seen by the very next request.
 * - Across processes (several API nodes on one database): database triggers add one to a SHARED table's row in
 *   `data_versions` (migrations 0021 and 0022) on every write, in the writer's transaction, whoever the writer is; each process
 *   reads those rows at most once a second, when a cache asks, and counts a table one up when its row moved. Another
 *   node's (or a script's) write is seen within ≈ 1 s.
 */
export const SHARED_TABLES = [
  'learns', 'class_learns', 'learn_categories', 'questionnaire_answers', 'score_records',
  'schools', 'departments', 'majors', 'grades', 'classes',
  'assignments', 'assignment_classes', 'marks', 'theory_attempts', 'theory_questions',
] as const;
export type SharedTable = (typeof SHARED_TABLES)[number];

/** How often a process reads `data_versions` (ms), at most. */
export const REMOTE_SYNC_MS = 1000;

class Versions {
  readonly local = new Map<string, number>();
  /** Set once the database is known to have `data_versions` (after migrations, by the app). */
  shared = false;
  private remote = new Map<string, number>();
  private syncedAt = 0;
  private syncing: Promise<void> | null = null;
  private read: ((sql: string) => Promise<{ table_name: string; version: number | string }[]>) | null = null;

  bump(tables: Iterable<string>): void {
    for (const t of tables) this.local.set(t, (this.local.get(t) ?? 0) + 1);
  }

  sum(tables: readonly string[]): number {
    let n = 0;
    for (const t of tables) n += this.local.get(t) ?? 0;
    return n;
  }

  attach(read: (sql: string) => Promise<{ table_name: string; version: number | string }[]>): void {
    this.read = read;
    this.shared = true;
  }

  /** Reads `data_versions` when the last read is older than REMOTE_SYNC_MS; concurrent callers share one read. */
  sync(): Promise<void> | null {
    if (!this.read || Date.now() - this.syncedAt < REMOTE_SYNC_MS) return null;
    this.syncing ??= this.read('select table_name, version from data_versions').then((rows) => {
      for (const row of rows) {
        const version = Number(row.version);
        const seen = this.remote.get(row.table_name);
        if (seen !== undefined && seen !== version) this.bump([row.table_name]);
        this.remote.set(row.table_name, version);
      }
    }).finally(() => {
      this.syncedAt = Date.now();
      this.syncing = null;
    });
    return this.syncing;
  }
}

const byDb = new WeakMap<Db, Versions>();

/** The version of a set of tables on this handle (their counters' sum, which only grows); undefined: not tracked. */
export async function versionOf(db: Db, tables: readonly string[]): Promise<number | undefined> {
  const versions = byDb.get(db);
  if (!versions) return undefined;
  const syncing = versions.sync();
  if (syncing) await syncing;
  return versions.sum(tables);
}

/** How many writes this process has made to `tables` through this handle (only grows); undefined: not tracked. */
export function localWrites(db: Db, tables: readonly string[]): number | undefined {
  return byDb.get(db)?.sum(tables);
}

/**
 * Called by the app once migrations have run: from now on this handle also follows `data_versions`, the other
 * writers' counts (a database migrated to an older version, without that table, keeps to this process's own writes).
 */
export async function shareVersions(db: Db): Promise<void> {
  const versions = byDb.get(db);
  if (!versions || versions.shared) return;
  const read = async (text: string) => (await db.executeQuery<{ table_name: string; version: number | string }>(CompiledQuery.raw(text))).rows;
  const present = await read('select table_name, version from data_versions').then(() => true, () => false);
  if (present) versions.attach(read);
}

export function trackVersions(db: Db, versions: Versions): void {
  byDb.set(db, versions);
}

const RAW_WRITE = /^\s*(insert\s+(?:or\s+\w+\s+)?into|update|delete\s+from)\s+"?(\w+)"?/i;

/** The tables a statement writes (empty for reads and DDL). */
export function writtenTables(query: OperationNode, sqlText: string): string[] {
  const name = (node: unknown): string | undefined => {
    const n = node as { kind?: string; table?: { identifier?: { name?: string } }; node?: unknown } | undefined;
    if (!n) return undefined;
    if (n.kind === 'TableNode') return n.table?.identifier?.name;
    if (n.kind === 'AliasNode') return name(n.node);
    return undefined;
  };
  const q = query as { kind: string; into?: unknown; table?: unknown; from?: { froms?: unknown[] } };
  switch (q.kind) {
    case 'InsertQueryNode': return [name(q.into)].filter((t): t is string => !!t);
    case 'UpdateQueryNode': return [name(q.table)].filter((t): t is string => !!t);
    case 'DeleteQueryNode': return (q.from?.froms ?? []).map(name).filter((t): t is string => !!t);
    case 'RawNode': {
      const table = RAW_WRITE.exec(sqlText)?.[2];
      return table ? [table] : [];
    }
    default: return [];
  }
}

/** Wraps a Kysely dialect so every write is counted (see the top of this file). */
export function versionedDialect(inner: KyselyDialect): { dialect: KyselyDialect; versions: Versions } {
  const versions = new Versions();
  const inTransaction = new WeakMap<DatabaseConnection, Set<string>>();
  const wrap = (connection: DatabaseConnection): DatabaseConnection => ({
    async executeQuery<R>(compiled: CompiledQuery): Promise<QueryResult<R>> {
      const tables = writtenTables(compiled.query, compiled.sql);
      if (tables.length === 0) return connection.executeQuery<R>(compiled);
      versions.bump(tables);
      try {
        return await connection.executeQuery<R>(compiled);
      } finally {
        versions.bump(tables);
        inTransaction.get(connection)?.add(tables.join('\u0000'));
      }
    },
    streamQuery: (compiled, chunkSize) => connection.streamQuery(compiled, chunkSize),
  });
  const wrapped = new WeakMap<DatabaseConnection, DatabaseConnection>();
  const ended = (connection: DatabaseConnection) => {
    const written = inTransaction.get(connection);
    inTransaction.delete(connection);
    if (written) for (const joined of written) versions.bump(joined.split('\u0000'));
  };
  const driverOf = (driver: Driver): Driver => {
    const own = (c: DatabaseConnection) => (c as { inner?: DatabaseConnection }).inner ?? c;
    return {
      init: () => driver.init(),
      async acquireConnection() {
        const connection = await driver.acquireConnection();
        let outer = wrapped.get(connection);
        if (!outer) wrapped.set(connection, (outer = Object.assign(wrap(connection), { inner: connection })));
        return outer;
      },
      async beginTransaction(c, settings) {
        await driver.beginTransaction(own(c), settings);
        inTransaction.set(own(c), new Set());
      },
      async commitTransaction(c) {
        try {
          await driver.commitTransaction(own(c));
        } finally {
          ended(own(c));
        }
      },
      async rollbackTransaction(c) {
        try {
          await driver.rollbackTransaction(own(c));
        } finally {
          ended(own(c));
        }
      },
      ...(driver.savepoint && { savepoint: (c, name, compile) => driver.savepoint!(own(c), name, compile) }),
      ...(driver.rollbackToSavepoint && { rollbackToSavepoint: (c, name, compile) => driver.rollbackToSavepoint!(own(c), name, compile) }),
      ...(driver.releaseSavepoint && { releaseSavepoint: (c, name, compile) => driver.releaseSavepoint!(own(c), name, compile) }),
      releaseConnection: (c) => driver.releaseConnection(own(c)),
      destroy: () => driver.destroy(),
    };
  };
  return {
    versions,
    dialect: {
      createAdapter: () => inner.createAdapter(),
      createDriver: () => driverOf(inner.createDriver()),
      createIntrospector: (db) => inner.createIntrospector(db),
      createQueryCompiler: () => inner.createQueryCompiler(),
    },
  };
}
export type { Versions };
