import type { Kysely } from 'kysely';
import { createIndexes } from '../ddl';

/**
 * Simulation results: a launch token remembers the score record its upload created and a hash of that upload,
 * so a retried upload answers with the same record while any other reuse of the token is refused.
 * Plus the indexes the catalogue queries use (course list and tree counts, favourites by user, launches by user and course).
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('launch_tokens').addColumn('score_record_id', 'integer').execute();
  await db.schema.alterTable('launch_tokens').addColumn('result_hash', 'text').execute();
  await createIndexes(db, [
    ['launch_tokens_user_learn', 'launch_tokens', ['user_id', 'learn_id']],
    ['favorites_user_created', 'favorites', ['user_id', 'created_at']],
    // Covering indexes for the catalogue: the list (ordered by sort, id) and the per-category counts of the tree.
    ['learns_catalogue', 'learns', ['parent_learn_id', 'state', 'sort', 'id', 'school_id', 'category_id', 'type']],
    ['learns_catalogue_category', 'learns', ['parent_learn_id', 'state', 'category_id', 'school_id', 'type']],
  ]);
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const name of ['launch_tokens_user_learn', 'favorites_user_created', 'learns_catalogue', 'learns_catalogue_category']) {
    await db.schema.dropIndex(name).ifExists().execute();
  }
  await db.schema.alterTable('launch_tokens').dropColumn('result_hash').execute();
  await db.schema.alterTable('launch_tokens').dropColumn('score_record_id').execute();
}
