import { PostgresAdapter, sql, type Kysely, type RawBuilder } from 'kysely';

/** Helpers the migrations share so one migration file yields the same schema on SQLite and PostgreSQL. */
export type Dialect = 'sqlite' | 'postgres';

export function dialectOf(db: Kysely<any>): Dialect {
  return db.getExecutor().adapter instanceof PostgresAdapter ? 'postgres' : 'sqlite';
}

/** createTable with an autoincrement integer `id` primary key chosen per dialect. */
export function tableWithId(db: Kysely<any>, name: string) {
  const pg = dialectOf(db) === 'postgres';
  return db.schema
    .createTable(name)
    .addColumn('id', pg ? 'serial' : 'integer', (c) => (pg ? c.primaryKey() : c.primaryKey().autoIncrement()));
}

/** Default for timestamp columns: now, as 'YYYY-MM-DD HH:mm:ss' Asia/Shanghai text. */
export function nowText(db: Kysely<any>): RawBuilder<string> {
  return dialectOf(db) === 'postgres'
    ? sql`(to_char(now() at time zone 'Asia/Shanghai', 'YYYY-MM-DD HH24:MI:SS'))`
    : sql`(datetime('now', '+8 hours'))`;
}

/** Creates the named indexes: [indexName, table, columns, unique?]. */
export async function createIndexes(db: Kysely<any>, specs: [string, string, string[], boolean?][]) {
  for (const [name, table, columns, unique] of specs) {
    let builder = db.schema.createIndex(name).on(table).columns(columns);
    if (unique) builder = builder.unique();
    await builder.execute();
  }
}

export async function dropTables(db: Kysely<any>, tables: string[]) {
  for (const t of [...tables].reverse()) await db.schema.dropTable(t).ifExists().execute();
}
