import { sql, type ExpressionBuilder, type RawBuilder } from 'kysely';
import type { Db } from '../db';
import type { Database } from '../db/schema';
import { dialectOf } from '../db/ddl';
import { formatTimestamp } from '../db/time';
import type { FileStorage } from '../storage';

/**
 * Every column that may name an upload by its /files/ URL. A student's submission and avatar can only name the
 * student's own uploads (checkWork, user/edit_info check the owner), so those are looked up by owner through an
 * index; what teachers write (assignment and task text, attachments) is looked up whoever uploaded the file.
 * A new column that stores /files/ URLs must be added here, or the cleanup would remove files it still shows.
 */
const REFERENCES: { table: string; columns: string[]; owner?: string; anyOwner?: true }[] = [
  { table: 'marks', owner: 'user_id', columns: ['student_answer', 'annex', 'answer'] },
  { table: 'task_records', owner: 'user_id', columns: ['student_answer'] },
  { table: 'returned_work', owner: 'user_id', columns: ['student_answer', 'annex'] },
  { table: 'users', owner: 'id', columns: ['head_img'] },
  { table: 'topics', owner: 'user_id', columns: ['content'] },
  { table: 'assignments', owner: 'teacher_id', anyOwner: true, columns: ['content', 'detail', 'annex'] },
  { table: 'tasks', owner: 'teacher_id', anyOwner: true, columns: ['content', 'detail'] },
  // A course's cover (admin console): no owner column; kept whoever uploaded it, not counted for the quota.
  { table: 'learns', anyOwner: true, columns: ['thum'] },
  // A course's gallery and downloadable resources (admin/course/media), likewise.
  { table: 'learn_files', anyOwner: true, columns: ['path', 'cover'] },
  { table: 'learn_resources', anyOwner: true, columns: ['path'] },
];

/**
 * True for a row of `uploads` (the outer query's table, not aliased) that some record names, by a substring search
 * (instr / strpos: several times faster than LIKE '%…%' on long JSON lists). `ownRecordsOnly` looks at the owner's
 * own records alone (their submissions, avatar, and as a teacher their own assignments): enough for the quota, which
 * only has to be right for what the owner hands in, and cheap; the cleanup looks at teachers' text whoever wrote it.
 */
function referenced(db: Db, ownRecordsOnly = false): RawBuilder<boolean> {
  const find = dialectOf(db) === 'postgres' ? sql.raw('strpos') : sql.raw('instr');
  return sql<boolean>`(${sql.join(
    REFERENCES.filter((r) => r.owner || !ownRecordsOnly).map(({ table, columns, owner, anyOwner }) => {
      const alias = `ref_${table}`;
      const names = sql.join(columns.map((c) => sql`${find}(${sql.ref(`${alias}.${c}`)}, uploads.stored_name) > 0`), sql` or `);
      const own = anyOwner && !ownRecordsOnly ? sql`` : sql`${sql.ref(`${alias}.${owner!}`)} = uploads.owner_id and `;
      return sql`exists (select 1 from ${sql.table(table)} as ${sql.id(alias)} where ${own}(${names}))`;
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
    .where(sql<boolean>`not ${referenced(db, true)}`)
    .executeTakeFirst();
  return Number(row?.bytes ?? 0);
}

/**
 * Removes uploads that no record names and that are older than the grace period (and were not accepted by a
 * submission within it): first the row, in one delete that checks the references itself, so a submission made a
 * moment ago keeps its files; then the file. An upload found named is marked (referenced_at) and never looked at
 * again. Works in batches of `batch` by id, at most `maxBatches` per run; the next run goes on. Returns the number of
 * uploads removed.
 */
export async function removeOrphanUploads(
  db: Db,
  storage: FileStorage,
  opts: { at: Date; graceHours: number; batch?: number; maxBatches?: number },
): Promise<number> {
  const batch = opts.batch ?? 200;
  const cutoff = formatTimestamp(new Date(opts.at.getTime() - opts.graceHours * 3600_000));
  // Not yet seen named, uploaded and last accepted by a submission before the grace period.
  const past = (eb: ExpressionBuilder<Database, 'uploads'>) =>
    eb.and([eb('referenced_at', 'is', null), eb('created_at', '<', cutoff), eb.or([eb('claimed_at', 'is', null), eb('claimed_at', '<', cutoff)])]);
  let removed = 0;
  for (let round = 0; round < (opts.maxBatches ?? 50); round++) {
    const ids = (await db.selectFrom('uploads').select('id').where(past).orderBy('id').limit(batch).execute()).map((r) => r.id);
    if (ids.length === 0) break;
    await db.updateTable('uploads').set({ referenced_at: formatTimestamp(opts.at) }).where('id', 'in', ids).where(referenced(db)).execute();
    // The delete repeats every condition: a submission that accepted one of these files since (claimed_at) or wrote
    // its record keeps it.
    const gone = await db
      .deleteFrom('uploads')
      .where('id', 'in', ids)
      .where(past)
      .where(sql<boolean>`not ${referenced(db)}`)
      .returning('stored_name')
      .execute();
    for (const { stored_name } of gone) {
      // The row is gone first: a file left behind by a failed removal is unreachable, never a row without its file.
      await storage.delete(stored_name).catch(() => undefined);
    }
    removed += gone.length;
    if (ids.length < batch) break;
  }
  return removed;
}
