import type { Kysely } from 'kysely';
import { createIndexes } from '../ddl';

/** Theory exams: the server finishes attempts whose time ran out, so it looks them up by status and deadline. */
export async function up(db: Kysely<any>): Promise<void> {
  await createIndexes(db, [['theory_attempts_status_deadline', 'theory_attempts', ['status', 'deadline_at']]]);
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('theory_attempts_status_deadline').ifExists().execute();
}
