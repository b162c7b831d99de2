import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import type { Db } from '../db';
import { formatTimestamp, now } from '../db/time';

/**
 * The landing page's single sign-on (spec: ticket exchange, then a session code for the external 3D app).
 * A partner platform issues a ticket for one of our students (server to server, with a shared secret); the
 * landing page exchanges it once for the user id, then asks for a session code; the 3D app exchanges the code
 * once for the student's identity. Tickets live 5 minutes, codes 2 minutes; both are stored hashed.
 */
export const TICKET_SECONDS = 300;
export const CODE_SECONDS = 120;
const PARTNER = 'landing';

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');
const later = (seconds: number) => formatTimestamp(new Date(Date.now() + seconds * 1000));

export function partnerSecretMatches(given: string | undefined, expected: string): boolean {
  if (!given) return false;
  const a = Buffer.from(sha256(given));
  const b = Buffer.from(sha256(expected));
  return timingSafeEqual(a, b);
}

export async function issueTicket(db: Db, userId: number): Promise<string> {
  const ticket = randomBytes(24).toString('hex');
  await db.insertInto('partner_tickets').values({ partner: PARTNER, ticket_hash: sha256(ticket), user_id: userId, expires_at: later(TICKET_SECONDS) }).execute();
  return ticket;
}

/** Marks the ticket used and answers its user id; null when unknown, used or expired. */
export async function exchangeTicket(db: Db, ticket: string): Promise<number | null> {
  const row = await db
    .selectFrom('partner_tickets')
    .select(['id', 'user_id'])
    .where('partner', '=', PARTNER)
    .where('ticket_hash', '=', sha256(ticket))
    .where('used_at', 'is', null)
    .where('expires_at', '>', now())
    .executeTakeFirst();
  if (!row) return null;
  const claimed = await db.updateTable('partner_tickets').set({ used_at: now() }).where('id', '=', row.id).where('used_at', 'is', null).executeTakeFirst();
  return Number(claimed.numUpdatedRows) === 1 ? row.user_id : null;
}

/** A session code may be asked for a user whose ticket was exchanged in the last few minutes, once. */
export async function consumeExchangedTicket(db: Db, userId: number): Promise<boolean> {
  const row = await db
    .selectFrom('partner_tickets')
    .select('id')
    .where('partner', '=', PARTNER)
    .where('user_id', '=', userId)
    .where('used_at', 'is not', null)
    .where('expires_at', '>', now())
    .orderBy('id', 'desc')
    .executeTakeFirst();
  if (!row) return false;
  // Expire it now: one exchanged ticket buys one code.
  await db.updateTable('partner_tickets').set({ expires_at: now() }).where('id', '=', row.id).execute();
  return true;
}

export async function issueCode(db: Db, userId: number): Promise<string> {
  const code = randomBytes(16).toString('hex');
  await db.insertInto('launch_tokens').values({ token_hash: sha256(code), purpose: PARTNER, user_id: userId, expires_at: later(CODE_SECONDS) }).execute();
  return code;
}

/** The 3D app's side: the code's user id, once; null when unknown, used or expired. */
export async function redeemCode(db: Db, code: string): Promise<number | null> {
  const row = await db
    .selectFrom('launch_tokens')
    .select(['id', 'user_id'])
    .where('purpose', '=', PARTNER)
    .where('token_hash', '=', sha256(code))
    .where('used_at', 'is', null)
    .where('expires_at', '>', now())
    .executeTakeFirst();
  if (!row) return null;
  const claimed = await db.updateTable('launch_tokens').set({ used_at: now() }).where('id', '=', row.id).where('used_at', 'is', null).executeTakeFirst();
  return Number(claimed.numUpdatedRows) === 1 ? row.user_id : null;
}
