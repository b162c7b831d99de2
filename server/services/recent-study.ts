import type { Db } from '../db';
import type { User } from '../db/schema';
import { visibleCourses } from './catalogue';

export interface RecentCourse {
  learn_id: number;
  name: string;
  thum: string;
  /** The practice a child course belongs to, for the line under its name; null for a top-level course. */
  parent_name: string | null;
  /** When the student last launched it or last got a score in it. */
  last_time: string;
  /** Score records of the student in the course. */
  attempts: number;
  /** The latest record's score and the best one; null when the student launched it but has no score yet. */
  last_score: number | null;
  best_score: number | null;
}

/**
 * The courses a student studied last, newest first: from their score records and their launches (launches are kept
 * a week after they expire, score records for good). Only courses the student may still open are listed.
 * Always the signed-in student's own records: the caller passes the user, never an id from the request.
 */
export async function recentCourses(db: Db, user: User, limit: number): Promise<RecentCourse[]> {
  const wanted = limit * 2; // room for courses withdrawn or hidden from the class since
  const [scored, launched] = await Promise.all([
    db.selectFrom('score_records')
      .where('user_id', '=', user.id)
      .select(['learn_id', (eb) => eb.fn.max('created_at').as('last_at'), (eb) => eb.fn.countAll<number>().as('attempts'), (eb) => eb.fn.max('total_score').as('best')])
      .groupBy('learn_id')
      .orderBy('last_at', 'desc')
      .limit(wanted)
      .execute(),
    db.selectFrom('launch_tokens')
      .where('user_id', '=', user.id)
      .where('purpose', '=', 'learn')
      .where('learn_id', 'is not', null)
      .select(['learn_id', (eb) => eb.fn.max('created_at').as('last_at')])
      .groupBy('learn_id')
      .orderBy('last_at', 'desc')
      .limit(wanted)
      .execute(),
  ]);

  const byCourse = new Map<number, { last: string; attempts: number; best: number | null }>();
  for (const s of scored) byCourse.set(s.learn_id, { last: String(s.last_at), attempts: Number(s.attempts), best: s.best === null ? null : Number(s.best) });
  for (const l of launched) {
    const id = l.learn_id!;
    const seen = byCourse.get(id);
    if (!seen) byCourse.set(id, { last: String(l.last_at), attempts: 0, best: null });
    else if (String(l.last_at) > seen.last) seen.last = String(l.last_at);
  }
  const candidates = [...byCourse.entries()].sort((a, b) => (a[1].last < b[1].last ? 1 : a[1].last > b[1].last ? -1 : b[0] - a[0])).slice(0, wanted);
  if (candidates.length === 0) return [];

  const ids = candidates.map(([id]) => id);
  const courses = await db.selectFrom('learns').select(['id', 'name', 'thum', 'parent_learn_id']).where('id', 'in', ids).where('state', '=', 1).execute();
  const topIds = [...new Set(courses.map((c) => c.parent_learn_id ?? c.id))];
  const [visibleTops, parents] = topIds.length === 0 ? [[], []] : await Promise.all([
    visibleCourses(db, user).select('learns.id').where('learns.id', 'in', topIds).execute(),
    db.selectFrom('learns').select(['id', 'name']).where('id', 'in', topIds).execute(),
  ]);
  const visible = new Set(visibleTops.map((t) => t.id));
  const parentName = new Map(parents.map((p) => [p.id, p.name]));
  const courseById = new Map(courses.filter((c) => visible.has(c.parent_learn_id ?? c.id)).map((c) => [c.id, c]));
  const chosen = candidates.filter(([id]) => courseById.has(id)).slice(0, limit);

  const scoredIds = chosen.filter(([, c]) => c.attempts > 0).map(([id]) => id);
  const latest = scoredIds.length === 0 ? [] : await db
    .selectFrom('score_records as s')
    .select(['s.learn_id', 's.total_score'])
    .where('s.user_id', '=', user.id)
    .where('s.learn_id', 'in', scoredIds)
    .where((eb) => eb('s.created_at', '=', eb.selectFrom('score_records as t').select((t) => t.fn.max('t.created_at').as('m')).whereRef('t.user_id', '=', 's.user_id').whereRef('t.learn_id', '=', 's.learn_id')))
    .orderBy('s.id', 'desc')
    .execute();
  const lastScore = new Map<number, number>();
  for (const r of latest) if (!lastScore.has(r.learn_id)) lastScore.set(r.learn_id, Number(r.total_score));

  return chosen.map(([id, c]) => {
    const course = courseById.get(id)!;
    return {
      learn_id: id,
      name: course.name,
      thum: course.thum,
      parent_name: course.parent_learn_id === null ? null : parentName.get(course.parent_learn_id) ?? null,
      last_time: c.last,
      attempts: c.attempts,
      last_score: lastScore.get(id) ?? null,
      best_score: c.best,
    };
  });
}
