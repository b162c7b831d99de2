import { type ExpressionBuilder, type SelectQueryBuilder } from 'kysely';
import type { Database, Db } from '../db';
import type { User } from '../db/schema';
import { notFound } from '../http/errors';
import { withRatings } from './course-ratings';

/** Who is looking: a signed-in student, or a visitor of a school's site (no class, no id). */
export type Viewer = Pick<User, 'school_id' | 'class_id'> & { id?: number };

/**
 * Which courses a student sees: published top-level courses shared by every school or owned by theirs,
 * and, when a course is restricted to some classes (class_learns rows), only if their class is one of them.
 * The restriction is one uncorrelated NOT IN over the small class_learns table (evaluated once, not per course),
 * so counting the catalogue is an index-only scan of learns_catalogue(_category) (migration 0004).
 */
export function visibleCourses(db: Db, user: Viewer, opts: { state?: number } = {}) {
  return db
    .selectFrom('learns')
    .where('learns.parent_learn_id', 'is', null)
    .where('learns.state', '=', opts.state ?? 1)
    .where((eb) => eb.or([eb('learns.school_id', 'is', null), eb('learns.school_id', '=', user.school_id)]))
    .where((eb) =>
      eb(
        'learns.id',
        'not in',
        eb
          .selectFrom('class_learns as restricted')
          .select('restricted.learn_id')
          .where('restricted.learn_id', 'not in', eb.selectFrom('class_learns as mine').select('mine.learn_id').where('mine.class_id', '=', user.class_id ?? -1)),
      ),
    );
}

type LearnQuery = SelectQueryBuilder<Database, 'learns', object>;

/** A category filter matches courses of the listed categories and of the sub-categories of listed directions. */
export function inCategories(query: LearnQuery, ids: number[]): LearnQuery {
  if (ids.length === 0) return query;
  return query.where((eb: ExpressionBuilder<Database, 'learns'>) =>
    eb.or([
      eb('learns.category_id', 'in', ids),
      eb('learns.category_id', 'in', eb.selectFrom('learn_categories').select('learn_categories.id').where('learn_categories.parent_id', 'in', ids)),
    ]),
  );
}

/** `"2,17"` or `5` -> [2, 17] / [5]; anything that is not a positive integer is dropped. */
export function parseIdList(value: unknown): number[] {
  if (value === undefined || value === null || value === '') return [];
  return String(value)
    .split(',')
    .map((s) => Number(s.trim()))
    .filter((n) => Number.isInteger(n) && n > 0);
}

/** Escapes LIKE wildcards so a search for "50%" finds that text. */
export const likePattern = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

export interface CategoryNode {
  value: number;
  label: string;
  count: number;
  link: string | null;
  icon: string;
  children: CategoryNode[];
}

/** The two-level category tree of a student's school, each node with the number of courses the student can see. */
export async function categoryTree(db: Db, user: User, opts: { type?: number } = {}): Promise<CategoryNode[]> {
  const categories = await db
    .selectFrom('learn_categories')
    .select(['id', 'parent_id', 'name', 'link', 'icon'])
    .where((eb) => eb.or([eb('school_id', 'is', null), eb('school_id', '=', user.school_id)]))
    .orderBy('sort')
    .orderBy('id')
    .execute();
  let counted = visibleCourses(db, user);
  if (opts.type !== undefined) counted = counted.where('learns.type', '=', opts.type);
  const counts = await counted.select(['learns.category_id', (eb) => eb.fn.countAll<number>().as('n')]).groupBy('learns.category_id').execute();
  const countOf = new Map(counts.map((c) => [c.category_id, Number(c.n)]));

  const node = (c: (typeof categories)[number]): CategoryNode => ({ value: c.id, label: c.name, count: countOf.get(c.id) ?? 0, link: c.link, icon: c.icon, children: [] });
  const top = categories.filter((c) => c.parent_id === 0).map(node);
  const byId = new Map(top.map((n) => [n.value, n]));
  for (const c of categories) {
    const parent = c.parent_id ? byId.get(c.parent_id) : undefined;
    if (!parent) continue;
    const child = node(c);
    parent.children.push(child);
    parent.count += child.count;
  }
  return top;
}

/**
 * A course the student may open: a visible top-level course, or a published child course of one.
 * Undefined when it does not exist or the student's school/class may not see it (answered as 404, never 403).
 */
export async function visibleCourse(db: Db, user: Viewer, learnId: number) {
  const course = await db.selectFrom('learns').selectAll().where('id', '=', learnId).where('state', '=', 1).executeTakeFirst();
  if (!course) return undefined;
  const topId = course.parent_learn_id ?? course.id;
  const top = await visibleCourses(db, user).select('learns.id').where('learns.id', '=', topId).executeTakeFirst();
  return top ? course : undefined;
}

export const NOT_VISIBLE = '实训项目不存在或未对您开放';

/**
 * The one visibility rule for every route that takes a learn_id: the course, or the same 404 whether it does not
 * exist, is unpublished, belongs to another school or is restricted to other classes — never its name or contents.
 */
export async function requireVisibleCourse(db: Db, user: Viewer, learnId: number) {
  const course = await visibleCourse(db, user, learnId);
  if (!course) throw notFound(NOT_VISIBLE);
  return course;
}

/** Everything the course-detail page shows: sections, gallery files, resources, child courses, favourite flag. */
export async function courseDetail(db: Db, user: Viewer, course: NonNullable<Awaited<ReturnType<typeof visibleCourse>>>) {
  const [category, details, files, resources, childrens, favorite] = await Promise.all([
    db.selectFrom('learn_categories').select(['id', 'name', 'parent_id']).where('id', '=', course.category_id).executeTakeFirst(),
    db.selectFrom('learn_details').select(['id', 'title', 'content']).where('learn_id', '=', course.id).orderBy('sort').orderBy('id').execute(),
    db.selectFrom('learn_files').select(['id', 'type', 'path', 'title', 'cover']).where('learn_id', '=', course.id).orderBy('sort').orderBy('id').execute(),
    db.selectFrom('learn_resources').select(['id', 'title', 'path', 'size']).where('learn_id', '=', course.id).orderBy('sort').orderBy('id').execute(),
    db.selectFrom('learns').select(['id', 'name', 'thum', 'change_time', 'user_count', 'times']).where('parent_learn_id', '=', course.id).where('state', '=', 1).orderBy('sort').orderBy('id').execute(),
    user.id === undefined ? undefined : db.selectFrom('favorites').select('learn_id').where('user_id', '=', user.id).where('learn_id', '=', course.id).executeTakeFirst(),
  ]);
  return {
    id: course.id,
    name: course.name,
    thum: course.thum,
    times: course.times,
    user_count: course.user_count,
    change_time: course.change_time,
    introduce: course.introduce,
    type: course.type,
    parent_learn_id: course.parent_learn_id,
    category: category ?? null,
    details,
    files,
    resources,
    childrens: await withRatings(db, childrens),
    is_favorite: favorite ? 1 : 0,
  };
}
