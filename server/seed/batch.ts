import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';

// Both SQLite (32766) and PostgreSQL (65535) cap bound parameters per statement; stay under the smaller.
const MAX_PARAMS = 30000;

const signature = (row: Record<string, unknown>) => Object.keys(row).sort().join(',');

/**
 * Inserts rows with multi-row INSERTs sized to the parameter limit, in the given order.
 * Consecutive rows with different column sets go in separate statements: in a multi-row INSERT,
 * SQLite would turn a missing column into NULL instead of the column's default.
 */
export async function insertRows<T extends keyof Database & string>(
  db: Kysely<Database>,
  table: T,
  rows: readonly Record<string, unknown>[],
): Promise<void> {
  let start = 0;
  while (start < rows.length) {
    const sig = signature(rows[start]);
    const columns = Object.keys(rows[start]).length || 1;
    const size = Math.max(1, Math.floor(MAX_PARAMS / columns));
    let end = start + 1;
    while (end < rows.length && end - start < size && signature(rows[end]) === sig) end++;
    await db
      .insertInto(table)
      .values(rows.slice(start, end) as any)
      .execute();
    start = end;
  }
}
