import type { Kysely } from 'kysely';
import { formatTimestamp } from '../time';

/**
 * When each session was last used (refreshed at most once a minute), for the idle timeout. Sessions that exist
 * when this runs count as seen now: their real last use is unknown, and ending them all at once would sign out
 * every user on deployment.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('sessions').addColumn('last_seen_at', 'text').execute();
  await db.updateTable('sessions').set({ last_seen_at: formatTimestamp(new Date()) }).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('sessions').dropColumn('last_seen_at').execute();
}
