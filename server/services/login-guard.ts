import { randomBytes } from 'node:crypto';
import type { Db } from '../db';
import { hashPassword, needsRehash, verifyPassword } from '../db/password';
import type { User } from '../db/schema';
import { refuse, tooMany } from '../http/errors';
import type { AccountLimits } from './accounts';
import { consumeCaptcha } from './captcha';
import { clearFailures, countOf, hit } from './rateLimit';

/** The counter of one account's password attempts, shared by every route that checks that account's password. */
export const loginKey = (schoolId: number, username: string) => `login:${schoolId}:${username.trim().toLowerCase()}`;

export interface PasswordAttempt {
  /** The account's counter, e.g. `login:100002:demo`: every route checking that account's password shares it. */
  accountKey: string;
  ip: string;
  password: string;
  limits: AccountLimits;
  captcha?: { key?: string; code?: string };
  /** Loads the account the password is for; undefined when there is none. */
  find(): Promise<User | undefined>;
  /** The refusal for a wrong account or password (one text for both, so neither is disclosed). */
  wrong: string;
}

// A wrong account costs the same scrypt work as a wrong password, so timing does not tell which accounts exist.
let dummyHash: Promise<string> | null = null;
const dummy = () => (dummyHash ??= hashPassword(randomBytes(16).toString('hex')));

/**
 * One password check under the login rules, the same on every route that takes a password (user/login, teacher/login,
 * binding a third-party account):
 * 1. the attempt is counted for the account and for the address before the password is checked, atomically (see
 *    `hit`): the account's 6th attempt within its window is refused unchecked, however many arrive in parallel;
 *    the address only has a flood ceiling far above a classroom behind one NAT address;
 * 2. the image code is required once the account, or the address, has failed repeatedly (the login page always sends
 *    one; this binds API clients too); a code is used up by one attempt;
 * 3. the password is checked against the account's hash, or a dummy hash when there is no account;
 * 4. a success clears the account's count (and upgrades a hash made with weaker parameters); a failure adds to the
 *    address's failures (which only raise friction).
 */
export async function checkPassword(db: Db, attempt: PasswordAttempt): Promise<User> {
  const { limits } = attempt;
  const flood = await hit(db, `login-ip:${attempt.ip}`, limits.loginPerIp);
  if (!flood.allowed) throw tooMany(`登录过于频繁，请${flood.waitMinutes}分钟后再试`);
  const account = await hit(db, attempt.accountKey, limits.login);
  if (!account.allowed) throw tooMany(`登录失败次数过多，请${account.waitMinutes}分钟后再试`);

  const ipFailuresKey = `login-ip-failures:${attempt.ip}`;
  const needsCaptcha =
    Boolean(attempt.captcha?.key) ||
    account.count - 1 >= limits.captchaAfterFailures ||
    (await countOf(db, ipFailuresKey, limits.loginPerIpFailures)) >= limits.loginPerIpFailures.limit;
  if (needsCaptcha) {
    try {
      await consumeCaptcha(db, attempt.captcha?.key, attempt.captcha?.code);
    } catch (err) {
      await hit(db, ipFailuresKey, { ...limits.loginPerIpFailures, limit: Number.MAX_SAFE_INTEGER });
      throw err;
    }
  }

  const user = await attempt.find();
  const ok = await verifyPassword(attempt.password, user?.password_hash ?? (await dummy()));
  if (!user || !ok) {
    await hit(db, ipFailuresKey, { ...limits.loginPerIpFailures, limit: Number.MAX_SAFE_INTEGER });
    throw refuse(attempt.wrong);
  }
  await clearFailures(db, attempt.accountKey);
  if (needsRehash(user.password_hash)) {
    // A hash from before the cost was raised: replace it now that the password is known to be right.
    const password_hash = await hashPassword(attempt.password);
    await db.updateTable('users').set({ password_hash }).where('id', '=', user.id).where('password_hash', '=', user.password_hash).execute();
  }
  return user;
}
