import type { Kysely } from 'kysely';
import { countWrites, stopCountingWrites } from './0021_data_versions';

/**
 * Write counters for what a student's homework and exam lists are built from, so each node can answer the new-work
 * poll from memory while none of them has changed (routes/assign.ts), and for what an autosave is checked against
 * (services/theory.ts): issue 20.
 */
const TABLES = ['assignments', 'assignment_classes', 'marks', 'theory_attempts', 'theory_questions'];

export async function up(db: Kysely<any>): Promise<void> {
  await countWrites(db, TABLES);
}

export async function down(db: Kysely<any>): Promise<void> {
  await stopCountingWrites(db, TABLES);
}
