import { sql } from 'kysely';
import type { Db } from '../db';
import { versionedCache } from './versionedCache';

export interface CourseRating {
  /** Average stars, one decimal, 1–5; null when nobody has rated the course. */
  rating: number | null;
  rating_count: number;
}

/**
 * Stars of each listed course from its questionnaire answers (question 1, the satisfaction question, whose options
 * run best first: 非常满意 = 5 stars, each later option one star fewer, never under 1). A course with child courses
 * counts the answers given for them too, since students train (and answer) on the children (unless a child is
 * listed itself, as on its parent's channel page).
 * One grouped query for the whole page, read through the questionnaire_answers (learn_id, estimate) index.
 */
export async function courseRatings(db: Db, courseIds: number[]): Promise<Map<number, CourseRating>> {
  if (courseIds.length === 0) return new Map();
  return pageRatings.get(db, [...courseIds].sort((a, b) => a - b).join(','), () => readRatings(db, courseIds));
}

/**
 * A page's ratings are kept until an answer or a course is written (server/db/versions.ts): every student of a school
 * opens the same first pages, and a popular course's answers are thousands of index entries.
 */
const pageRatings = versionedCache<Map<number, CourseRating>>(['questionnaire_answers', 'learns'], { limit: 2_000 });

async function readRatings(db: Db, courseIds: number[]): Promise<Map<number, CourseRating>> {
  const ratings = new Map<number, CourseRating>();
  // An answer counts for its own course when that is listed, else for its listed parent. Grouped over a derived
  // table: PostgreSQL would not match the CASE in GROUP BY to the one in SELECT, their id parameters being distinct.
  const answers = db
    .selectFrom('questionnaire_answers')
    .innerJoin('learns', 'learns.id', 'questionnaire_answers.learn_id')
    .where((eb) => eb.or([eb('learns.id', 'in', courseIds), eb('learns.parent_learn_id', 'in', courseIds)]))
    .select([
      sql<number>`case when learns.id in (${sql.join(courseIds)}) then learns.id else learns.parent_learn_id end`.as('course_id'),
      sql<number>`case when questionnaire_answers.estimate >= 4 then 1.0 else 5.0 - questionnaire_answers.estimate end`.as('stars'),
    ]);
  const rows = await db
    .selectFrom(answers.as('a'))
    .select(['a.course_id', (eb) => eb.fn.countAll<number>().as('n'), (eb) => eb.fn.avg<number>('a.stars').as('stars')])
    .groupBy('a.course_id')
    .execute();
  for (const row of rows) {
    ratings.set(Number(row.course_id), { rating: Math.round(Number(row.stars) * 10) / 10, rating_count: Number(row.n) });
  }
  return ratings;
}

/** The rows with `rating` and `rating_count` added (null and 0 for a course nobody has rated). */
export async function withRatings<T extends { id: number }>(db: Db, rows: T[]): Promise<(T & CourseRating)[]> {
  const ratings = await courseRatings(db, rows.map((r) => r.id));
  return rows.map((r) => ({ ...r, ...(ratings.get(r.id) ?? { rating: null, rating_count: 0 }) }));
}
