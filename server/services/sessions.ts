import { createHash, randomBytes } from 'node:crypto';
import type { Db } from '../db';
import { fromNow, now } from '../db/time';

/** Sessions live 30 days; a token is 32 random bytes, and only its SHA-256 is stored. */
export const SESSION_SECONDS = 30 * 24 * 3600;

export const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

export async function createSession(db: Db, userId: number, meta: { userAgent?: string; ip?: string } = {}): Promise<string> {
  const token = randomBytes(32).toString('hex');
  await db
    .insertInto('sessions')
    .values({ user_id: userId, token_hash: hashToken(token), expires_at: fromNow(SESSION_SECONDS), user_agent: meta.userAgent?.slice(0, 255) ?? null, ip: meta.ip ?? null })
    .execute();
  return token;
}

/** The user id a token belongs to, when the session exists, is not revoked and has not expired. */
export async function userIdForToken(db: Db, token: string): Promise<{ userId: number; sessionId: number } | null> {
  if (!/^[0-9a-f]{64}$/.test(token)) return null;
  const row = await db
    .selectFrom('sessions')
    .select(['id', 'user_id'])
    .where('token_hash', '=', hashToken(token))
    .where('revoked_at', 'is', null)
    .where('expires_at', '>', now())
    .executeTakeFirst();
  return row ? { userId: row.user_id, sessionId: row.id } : null;
}

export async function revokeSession(db: Db, sessionId: number): Promise<void> {
  await db.updateTable('sessions').set({ revoked_at: now() }).where('id', '=', sessionId).execute();
}
