import type { Db } from '../db';
import type { FileStorage } from '../storage';

/** Only names the platform generates (services/uploads.ts, sim-results.ts) are ever removed from the storage. */
const STORED_NAME = /^[0-9a-f]{32}\.(?:jpg|png|docx)$/;

/**
 * Removes files in the storage that no `uploads` row names and that are older than the grace period: what is left when
 * a node died between storing a file and writing its row, or when the store could not answer while the orphan cleanup
 * removed the row (the row goes first). Looks at up to `limit` keys after `after` (a walk through the whole storage
 * over several runs, so one run stays small with millions of objects); returns how many it removed and where the next
 * run goes on (undefined: start again from the beginning).
 */
export async function removeStrayFiles(
  db: Db,
  storage: FileStorage,
  opts: { at: Date; graceHours: number; after?: string; limit?: number },
): Promise<{ removed: number; next: string | undefined }> {
  const limit = opts.limit ?? 1000;
  const cutoff = opts.at.getTime() - opts.graceHours * 3600_000;
  const old: string[] = [];
  let last: string | undefined;
  let seen = 0;
  for await (const object of storage.list({ after: opts.after, limit })) {
    seen++;
    last = object.key;
    if (STORED_NAME.test(object.key) && object.modifiedAt.getTime() < cutoff) old.push(object.key);
  }
  let removed = 0;
  for (let i = 0; i < old.length; i += 200) {
    const keys = old.slice(i, i + 200);
    const named = new Set((await db.selectFrom('uploads').select('stored_name').where('stored_name', 'in', keys).execute()).map((r) => r.stored_name));
    for (const key of keys) {
      if (named.has(key)) continue;
      await storage.delete(key);
      removed++;
    }
  }
  return { removed, next: seen < limit ? undefined : last };
}
