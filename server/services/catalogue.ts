import { sql, type ExpressionBuilder, type SelectQueryBuilder } from 'kysely';
import type { Database, Db } from '../db';
import type { User } from '../db/schema';

/**
 * Which courses a student sees: published top-level courses shared by every school or owned by theirs,
 * and, when a course is restricted to some classes (class_learns rows), only if their class is one of them.
 */
export function visibleCourses(db: Db, user: User, opts: { state?: number } = {}) {
  return db
    .selectFrom('learns')
    .where('learns.parent_learn_id', 'is', null)
    .where('learns.state', '=', opts.state ?? 1)
    .where((eb) => eb.or([eb('learns.school_id', 'is', null), eb('learns.school_id', '=', user.school_id)]))
    .where((eb) =>
      eb.or([
        eb.not(eb.exists(eb.selectFrom('class_learns').select('class_learns.learn_id').whereRef('class_learns.learn_id', '=', 'learns.id'))),
        eb.exists(
          eb.selectFrom('class_learns').select('class_learns.learn_id').whereRef('class_learns.learn_id', '=', 'learns.id').where('class_learns.class_id', '=', user.class_id ?? -1),
        ),
      ]),
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
