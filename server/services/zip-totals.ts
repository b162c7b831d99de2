import type { Db } from '../db';
import type { User } from '../db/schema';
import { workFiles } from './staff-export';
import { submissionBatches, type ScopedAssignment } from './staff-roster';

/**
 * What the bulk download of an assignment will hold, sent up front as headers so the teacher's page can show how far
 * the download is (the zip is streamed, so there is no Content-Length): the students' own uploads it will pack and
 * their size. A file gone from the storage since is counted here and listed as missing in the zip, so the size is an
 * estimate; the zip adds its headers, 说明.txt and 名单.csv on top.
 */
export async function zipTotals(db: Db, teacher: User, a: ScopedAssignment, classIds: number[]): Promise<{ files: number; bytes: number }> {
  let files = 0;
  let bytes = 0;
  for await (const batch of submissionBatches(db, teacher, a, classIds, 500)) {
    const wanted = batch.flatMap((w) => workFiles(w).flatMap((f) => (f.stored ? [{ owner: w.student_id, stored: f.stored }] : [])));
    if (!wanted.length) continue;
    const uploads = await db.selectFrom('uploads').select(['owner_id', 'stored_name', 'size'])
      .where('stored_name', 'in', [...new Set(wanted.map((f) => f.stored))]).execute();
    const byName = new Map(uploads.map((u) => [u.stored_name, u]));
    for (const f of wanted) {
      const upload = byName.get(f.stored);
      // The same rule as the zip: only the student's own uploads go in.
      if (upload?.owner_id !== f.owner) continue;
      files++;
      bytes += Number(upload.size);
    }
  }
  return { files, bytes };
}
