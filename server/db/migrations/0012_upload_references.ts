import type { Kysely } from 'kysely';
import { createIndexes } from '../ddl';

/**
 * For the orphan cleanup of uploads: `referenced_at`, when the cleanup first found an upload named by a record (a
 * submission, an avatar, ...): such an upload is kept for good and never checked again, so each run only looks at
 * uploads it has not yet seen referenced; `claimed_at`, when a submission or profile edit last accepted the file,
 * before writing its record: the cleanup leaves the file alone for the grace period after that too. Existing uploads
 * start unmarked: the next cleanup checks each once.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('uploads').addColumn('referenced_at', 'text').execute();
  await db.schema.alterTable('uploads').addColumn('claimed_at', 'text').execute();
  await createIndexes(db, [['uploads_unreferenced', 'uploads', ['referenced_at', 'created_at']]]);
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('uploads_unreferenced').execute();
  await db.schema.alterTable('uploads').dropColumn('claimed_at').execute();
  await db.schema.alterTable('uploads').dropColumn('referenced_at').execute();
}
