import type { Db } from '../db';
import type { User } from '../db/schema';
import { FILES_PREFIX } from './uploads';
import { visibleCourses } from './catalogue';

/**
 * An uploaded course file (a course's cover `learns.thum`, a gallery image or video `learn_files`, a downloadable
 * resource `learn_resources`, all set in the admin console) is served to whoever sees the course by the catalogue's
 * one visibility rule (visibleCourses), and to the administrators of the course's school.
 */
export async function mayOpenCourseFile(db: Db, user: User, storedName: string): Promise<boolean> {
  const url = `${FILES_PREFIX}${storedName}`;
  const courses = await db.selectFrom('learns').select(['id', 'school_id'])
    .where((eb) => eb.or([
      eb('thum', '=', url),
      eb('id', 'in', eb.selectFrom('learn_files').select('learn_id').where((w) => w.or([w('path', '=', url), w('cover', '=', url)]))),
      eb('id', 'in', eb.selectFrom('learn_resources').select('learn_id').where('path', '=', url)),
    ])).execute();
  for (const c of courses) {
    if (user.role === 'admin' && c.school_id === user.school_id) return true;
    const seen = await visibleCourses(db, user).select('learns.id').where('learns.id', '=', c.id).executeTakeFirst();
    if (seen) return true;
  }
  return false;
}
