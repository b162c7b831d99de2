import type { Db } from '../db';
import type { User } from '../db/schema';
import { invalid } from '../http/errors';
import { jsonOr } from './assignments';
import { taughtClassIds } from './staff-scope';
import { FILES_PREFIX } from './uploads';

/**
 * A homework's or exam's attachments (`assignments.annex`, [{name, url}]): files the teacher uploaded through the
 * ordinary upload route (content-checked, stored under a generated name), shown to the students it is for.
 */
export interface FileRef {
  name: string;
  url: string;
}

const STORED = /^\/files\/([0-9a-f]{32}\.(?:jpg|png|docx))$/;

/**
 * The attachments a save may store: each an upload of this teacher's, or one the assignment already had (a
 * colleague sharing the class keeps the other's files). The name shown is the one the upload was stored with.
 */
export async function checkedAttachments(db: Db, teacher: User, files: FileRef[], existing: FileRef[] = []): Promise<FileRef[]> {
  const out: FileRef[] = [];
  for (const f of files) {
    const name = STORED.exec(f.url)?.[1];
    if (!name) throw invalid('annex', '附件无效，请重新上传');
    if (out.some((o) => o.url === f.url)) continue;
    const kept = existing.find((e) => e.url === f.url);
    if (kept) {
      out.push(kept);
      continue;
    }
    const row = await db.selectFrom('uploads').select(['original_name']).where('stored_name', '=', name).where('owner_id', '=', teacher.id).executeTakeFirst();
    if (!row) throw invalid('annex', '附件无效，请重新上传');
    out.push({ name: row.original_name, url: f.url });
  }
  return out;
}

/**
 * An attachment is served to the students of a class the assignment is published to (within its school), and to
 * the teachers of its classes and its author.
 */
export async function mayOpenAssignmentFile(db: Db, user: User, storedName: string): Promise<boolean> {
  if (user.role !== 'student' && user.role !== 'teacher') return false;
  // Stored names are 32 hex digits and an extension: nothing in them a LIKE pattern would treat specially.
  let query = db.selectFrom('assignments as a').select('a.id').where('a.school_id', '=', user.school_id)
    .where('a.annex', 'like', `%${FILES_PREFIX}${storedName}%`);
  if (user.role === 'student') {
    query = query.where('a.published', '=', 1)
      .where((eb) => eb.exists(eb.selectFrom('assignment_classes as ac').select('ac.class_id').whereRef('ac.assignment_id', '=', 'a.id').where('ac.class_id', '=', user.class_id ?? -1)));
  } else {
    const taught = await taughtClassIds(db, user);
    query = query.where((eb) => eb.or([
      eb('a.teacher_id', '=', user.id),
      eb.exists(eb.selectFrom('assignment_classes as ac').select('ac.class_id').whereRef('ac.assignment_id', '=', 'a.id').where('ac.class_id', 'in', taught.length ? taught : [-1])),
    ]));
  }
  return (await query.limit(1).executeTakeFirst()) !== undefined;
}

export const attachmentsOf = (annex: string | null | undefined): FileRef[] => jsonOr<FileRef[]>(annex ?? '', []);
