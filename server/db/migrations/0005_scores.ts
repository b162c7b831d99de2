import type { Kysely } from 'kysely';
import { createIndexes } from '../ddl';

/**
 * Rank lookups (score/get_student) count the students of a class or grade with a better score:
 * `where class_id = ? and total_score > ? [and learn_id in ...]` reading user_id. These covering indexes answer
 * that from the index alone; they replace the two-column ones of 0002, which are their prefixes.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('score_records_class_score').ifExists().execute();
  await db.schema.dropIndex('score_records_grade_score').ifExists().execute();
  await createIndexes(db, [
    ['score_records_class_rank', 'score_records', ['class_id', 'total_score', 'user_id', 'learn_id']],
    ['score_records_grade_rank', 'score_records', ['grade_id', 'total_score', 'user_id', 'learn_id']],
  ]);
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('score_records_class_rank').ifExists().execute();
  await db.schema.dropIndex('score_records_grade_rank').ifExists().execute();
  await createIndexes(db, [
    ['score_records_class_score', 'score_records', ['class_id', 'total_score']],
    ['score_records_grade_score', 'score_records', ['grade_id', 'total_score']],
  ]);
}
