import { sql, type Kysely } from 'kysely';

/**
 * The catalogue page orders top-level courses (parent_learn_id IS NULL) by (sort, id). PostgreSQL does not take
 * IS NULL as fixing an index's leading column, so with learns_catalogue it read and sorted the whole catalogue for
 * page 1; this partial index starts at state and gives the order directly (SQLite uses it as well).
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createIndex('learns_top_catalogue')
    .ifNotExists()
    .on('learns')
    .columns(['state', 'sort', 'id', 'school_id', 'category_id', 'type'])
    .where(sql.ref('parent_learn_id'), 'is', null)
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('learns_top_catalogue').ifExists().execute();
}
