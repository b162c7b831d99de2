import type { Db } from '../db';
import type { User } from '../db/schema';
import { withRatings } from './course-ratings';

/** Sets (or, without `want`, flips) a student's favourite on a course; returns the resulting state. */
export async function setFavorite(db: Db, user: User, learnId: number, want?: boolean): Promise<boolean> {
  const existing = await db.selectFrom('favorites').select('learn_id').where('user_id', '=', user.id).where('learn_id', '=', learnId).executeTakeFirst();
  const target = want ?? !existing;
  if (target && !existing) {
    // A double click may race: the unique pair makes the second insert a no-op rather than an error.
    await db.insertInto('favorites').values({ user_id: user.id, learn_id: learnId }).onConflict((oc) => oc.columns(['user_id', 'learn_id']).doNothing()).execute();
  } else if (!target && existing) {
    await db.deleteFrom('favorites').where('user_id', '=', user.id).where('learn_id', '=', learnId).execute();
  }
  return target;
}

/** One page of a student's favourites, newest first, as course cards (published courses only). */
export async function favoritesPage(db: Db, user: User, page: number, pageSize: number) {
  const base = db
    .selectFrom('favorites')
    .innerJoin('learns', 'learns.id', 'favorites.learn_id')
    .where('favorites.user_id', '=', user.id)
    .where('learns.state', '=', 1);
  const total = Number((await base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirst())?.n ?? 0);
  const data = await base
    .select(['favorites.learn_id', 'favorites.created_at', 'learns.id', 'learns.name', 'learns.thum', 'learns.change_time', 'learns.user_count', 'learns.times'])
    .orderBy('favorites.created_at', 'desc')
    .orderBy('favorites.learn_id', 'desc')
    .limit(pageSize)
    .offset((page - 1) * pageSize)
    .execute();
  return { data: await withRatings(db, data), total, page, page_size: pageSize, allPage: Math.ceil(total / pageSize) };
}
