import { randomBytes } from 'node:crypto';
import type { Db } from '../db';
import { hashToken } from './sessions';
import { fromNow, now } from '../db/time';
import { refuse } from '../http/errors';

/**
 * Single sign-on from partner platforms (spec: user/third_plat, other/jsxngx, other/ahmuApi, other/zsykapi).
 * An adapter turns what the partner put in the URL into one of our users. The original client then logged in
 * with a fixed default password; here the exchange itself opens the session, so no shared password exists.
 *
 * Where the real ones go: implement PartnerAdapter with the partner's API (verify its signature or call its
 * ticket-validation URL, map its account to ours) and register it in `createPartnerAdapters`.
 */
export interface PartnerAdapter {
  readonly name: string;
  /** The user id the partner vouches for, or a refusal. */
  exchange(query: Record<string, string>): Promise<number>;
}

const TICKET_SECONDS = 300;

/** Local adapter: single-use tickets in partner_tickets (issued by the partner's server, or the dev hook). */
export class LocalTicketAdapter implements PartnerAdapter {
  constructor(
    readonly name: string,
    private readonly db: Db,
    private readonly param: string,
    /** What a visitor with a bad or spent ticket is told (where to go back to differs per partner). */
    private readonly refusal = { invalid: '登录凭证无效，请从合作平台重新进入', spent: '登录凭证已失效，请从合作平台重新进入' },
  ) {}

  async issue(userId: number): Promise<string> {
    const ticket = randomBytes(24).toString('hex');
    await this.db.insertInto('partner_tickets').values({ partner: this.name, ticket_hash: hashToken(ticket), user_id: userId, expires_at: fromNow(TICKET_SECONDS) }).execute();
    return ticket;
  }

  async exchange(query: Record<string, string>): Promise<number> {
    const ticket = query[this.param];
    if (!ticket || !/^[0-9a-f]{48}$/.test(ticket)) throw refuse(this.refusal.invalid);
    const row = await this.db.selectFrom('partner_tickets').select(['id', 'user_id', 'expires_at', 'used_at']).where('partner', '=', this.name).where('ticket_hash', '=', hashToken(ticket)).executeTakeFirst();
    if (!row || row.used_at || row.expires_at < now()) throw refuse(this.refusal.spent);
    const claimed = await this.db.updateTable('partner_tickets').set({ used_at: now() }).where('id', '=', row.id).where('used_at', 'is', null).executeTakeFirst();
    if (Number(claimed.numUpdatedRows) !== 1) throw refuse(this.refusal.spent);
    return row.user_id;
  }
}

/** Contract name -> adapter. user/third_plat reads `token`; the partner exchanges read `ticket` from the query they pass on. */
export function createPartnerAdapters(db: Db): Record<string, LocalTicketAdapter> {
  return {
    'user/third_plat': new LocalTicketAdapter('third_plat', db, 'token'),
    'other/jsxngx': new LocalTicketAdapter('jsxngx', db, 'ticket'),
    'other/ahmuApi': new LocalTicketAdapter('ahmu', db, 'ticket'),
    'other/zsykapi': new LocalTicketAdapter('zsyk', db, 'ticket'),
  };
}
