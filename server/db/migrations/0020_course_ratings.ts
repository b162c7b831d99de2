import type { Kysely } from 'kysely';
import { createIndexes } from '../ddl';

/**
 * Course ratings on the catalogue cards (issue 18): each list page averages the questionnaire answers of its courses
 * in one grouped query; this index lets it read them by course without touching the table.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await createIndexes(db, [['questionnaire_answers_learn_estimate', 'questionnaire_answers', ['learn_id', 'estimate']]]);
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('questionnaire_answers_learn_estimate').ifExists().execute();
}
