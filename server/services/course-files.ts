import type { Db } from '../db';
import type { User } from '../db/schema';
import { FILES_PREFIX } from './uploads';
import { visibleCourses } from './catalogue';

/**
 * An uploaded course image (a course's cover, `learns.thum`, set in the admin console) is served to whoever sees the
 * course by the catalogue's one visibility rule (visibleCourses), and to the administrators of the course's school.
 */
export async function mayOpenCourseFile(db: Db, user: User, storedName: string): Promise<boolean> {
  const url = `${FILES_PREFIX}${storedName}`;
  const courses = await db.selectFrom('learns').select(['id', 'school_id']).where('thum', '=', url).execute();
  for (const c of courses) {
    if (user.role === 'admin' && c.school_id === user.school_id) return true;
    const seen = await visibleCourses(db, user).select('learns.id').where('learns.id', '=', c.id).executeTakeFirst();
    if (seen) return true;
  }
  return false;
}
