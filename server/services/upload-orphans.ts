import fs from 'node:fs/promises';
import path from 'node:path';
import { sql, type RawBuilder } from 'kysely';
import type { Db } from '../db';
import { formatTimestamp } from '../db/time';

/**
 * Every column that may name an upload by its /files/ URL. A student's submission and avatar can only name the
 * student's own uploads (checkWork, user/edit_info check the owner), so those are looked up by owner through an
 * index; what teachers write (assignment and task text, attachments) is looked up whoever uploaded the file.
 * A new column that stores /files/ URLs must be added here, or the cleanup would remove files it still shows.
 */
const REFERENCES: { table: string; columns: string[]; owner?: string }[] = [
  { table: 'marks', owner: 'user_id', columns: ['student_answer', 'annex', 'answer'] },
  { table: 'task_records', owner: 'user_id', columns: ['student_answer'] },
  { table: 'users', owner: 'id', columns: ['head_img'] },
  { table: 'topics', owner: 'user_id', columns: ['content'] },
  { table: 'assignments', columns: ['content', 'detail', 'annex'] },
  { table: 'tasks', columns: ['content', 'detail'] },
];

/**
 * True for a row of `uploads` (the outer query's table, not aliased) that some record names. Stored names are
 * 32 hex digits and an extension, so they hold no LIKE wildcard.
 */
function referenced(): RawBuilder<boolean> {
  return sql<boolean>`(${sql.join(
    REFERENCES.map(({ table, columns, owner }) => {
      const alias = `ref_${table}`;
      const names = sql.join(columns.map((c) => sql`${sql.ref(`${alias}.${c}`)} like ('%' || uploads.stored_name || '%')`), sql` or `);
      const own = owner ? sql` and ${sql.ref(`${alias}.${owner}`)} = uploads.owner_id` : sql``;
      return sql`exists (select 1 from ${sql.table(table)} as ${sql.id(alias)} where (${names})${own})`;
    }),
    sql` or `,
  )})`;
}

/** Bytes of the owner's uploads that no record names yet: what the quota (limits.uploads.quotaBytes) bounds. */
export async function pendingUploadBytes(db: Db, ownerId: number): Promise<number> {
  const row = await db
    .selectFrom('uploads')
    .select(sql<number | string | null>`coalesce(sum(uploads.size), 0)`.as('bytes'))
    .where('owner_id', '=', ownerId)
    .where('referenced_at', 'is', null)
    .where(sql<boolean>`not ${referenced()}`)
    .executeTakeFirst();
  return Number(row?.bytes ?? 0);
}

/**
 * Removes uploads that no record names and that are older than the grace period: first the row (in one delete that
 * checks the references itself, so a submission made a moment ago keeps its files), then the file. An upload found
 * named is marked (referenced_at) and never looked at again. Works in batches of `batch` by id, at most
 * `maxBatches` per run; the next run goes on. Returns the number of uploads removed.
 */
export async function removeOrphanUploads(
  db: Db,
  dataDir: string,
  opts: { at: Date; graceHours: number; batch?: number; maxBatches?: number },
): Promise<number> {
  const batch = opts.batch ?? 200;
  const cutoff = formatTimestamp(new Date(opts.at.getTime() - opts.graceHours * 3600_000));
  const dir = path.join(dataDir, 'uploads');
  let removed = 0;
  for (let round = 0; round < (opts.maxBatches ?? 50); round++) {
    const ids = (
      await db.selectFrom('uploads').select('id').where('referenced_at', 'is', null).where('created_at', '<', cutoff).orderBy('id').limit(batch).execute()
    ).map((r) => r.id);
    if (ids.length === 0) break;
    await db.updateTable('uploads').set({ referenced_at: formatTimestamp(opts.at) }).where('id', 'in', ids).where(referenced()).execute();
    const gone = await db
      .deleteFrom('uploads')
      .where('id', 'in', ids)
      .where('referenced_at', 'is', null)
      .where(sql<boolean>`not ${referenced()}`)
      .returning('stored_name')
      .execute();
    for (const { stored_name } of gone) {
      // The row is gone first: a file left behind by a failed removal is unreachable, never a row without its file.
      await fs.rm(path.join(dir, path.basename(stored_name)), { force: true }).catch(() => undefined);
    }
    removed += gone.length;
    if (ids.length < batch) break;
  }
  return removed;
}
