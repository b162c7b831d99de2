import { randomBytes, timingSafeEqual } from 'node:crypto';
import type { Db } from '../db';
import { fromNow, now } from '../db/time';
import { LocalTicketAdapter } from './partners';
import { hashToken } from './sessions';

/**
 * The landing page's single sign-on (spec: ticket exchange, then a session code for the external 3D app).
 * A partner platform issues a ticket for one of our students (server to server, with a shared secret); the
 * landing page exchanges it once for the user id, then asks for a session code; the 3D app exchanges the code
 * once for the student's identity. Codes live 2 minutes and are stored hashed.
 */
export const CODE_SECONDS = 120;
const PARTNER = 'landing';

const REFUSED = '票据无效或已过期，请从省级虚拟仿真实验教学共享平台重新进入';
/** Tickets are the partner-ticket mechanism every partner sign-on uses (services/partners.ts). */
export const landingTickets = (db: Db) => new LocalTicketAdapter(PARTNER, db, 'ticket', { invalid: REFUSED, spent: REFUSED });

export function partnerSecretMatches(given: string | undefined, expected: string): boolean {
  if (!given) return false;
  return timingSafeEqual(Buffer.from(hashToken(given)), Buffer.from(hashToken(expected)));
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
  await db.insertInto('launch_tokens').values({ token_hash: hashToken(code), purpose: PARTNER, user_id: userId, expires_at: fromNow(CODE_SECONDS) }).execute();
  return code;
}

/** The 3D app's side: the code's user id, once; null when unknown, used or expired. */
export async function redeemCode(db: Db, code: string): Promise<number | null> {
  const row = await db
    .selectFrom('launch_tokens')
    .select(['id', 'user_id'])
    .where('purpose', '=', PARTNER)
    .where('token_hash', '=', hashToken(code))
    .where('used_at', 'is', null)
    .where('expires_at', '>', now())
    .executeTakeFirst();
  if (!row) return null;
  const claimed = await db.updateTable('launch_tokens').set({ used_at: now() }).where('id', '=', row.id).where('used_at', 'is', null).executeTakeFirst();
  return Number(claimed.numUpdatedRows) === 1 ? row.user_id : null;
}
