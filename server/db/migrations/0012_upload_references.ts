import type { Kysely } from 'kysely';
import { createIndexes } from '../ddl';

/**
 * When the orphan cleanup first found an upload named by a record (a submission, an avatar, ...). Such an upload is
 * kept for good and never checked again, so each cleanup run only looks at uploads it has not yet seen referenced.
 * Existing uploads start unmarked: the next cleanup checks each once.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('uploads').addColumn('referenced_at', 'text').execute();
  await createIndexes(db, [['uploads_unreferenced', 'uploads', ['referenced_at', 'created_at']]]);
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('uploads_unreferenced').execute();
  await db.schema.alterTable('uploads').dropColumn('referenced_at').execute();
}
