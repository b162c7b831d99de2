import type { Kysely } from 'kysely';
import { createIndexes } from '../ddl';

/**
 * The administration console's catalogue and reports (issue 17 #3, #6): the step names a course's simulation
 * reports (learns.sim_steps, a JSON array of texts, handed to the simulation by sim/session), whether its results offer the
 * questionnaire (learns.questionnaire → score_records.evalue), and a covering index
 * for the school report, which reads every score record of a school's students per student, course and time
 * without touching the table (scripts/bench-admin-report.ts).
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('learns').addColumn('sim_steps', 'text', (c) => c.notNull().defaultTo('[]')).execute();
  await db.schema.alterTable('learns').addColumn('questionnaire', 'integer', (c) => c.notNull().defaultTo(0)).execute();
  await createIndexes(db, [
    ['score_records_report', 'score_records', ['user_id', 'learn_id', 'created_at', 'total_score', 'total_time']],
  ]);
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('score_records_report').ifExists().execute();
  await db.schema.alterTable('learns').dropColumn('questionnaire').execute();
  await db.schema.alterTable('learns').dropColumn('sim_steps').execute();
}
