import { randomBytes } from 'node:crypto';
import type { Db } from '../db';
import { hashToken, revokeUserSessions } from './sessions';
import { hashPassword, verifyPassword } from '../db/password';
import type { User } from '../db/schema';
import { fromNow, now } from '../db/time';
import { invalid, refuse } from '../http/errors';
import { passwordProblem } from './admin-accounts';
import { createSession } from './sessions';
import type { AppConfig } from '../../shared/config-types';
import type { SmsRules } from './sms';
import type { LimitRule } from './rateLimit';

/** Account limits; operators override them in config/app.yaml under limits.accounts (per school if needed). */
export interface AccountLimits {
  sms: SmsRules;
  smsPerIp: LimitRule;
  captchaPerIp: LimitRule;
  /** Password attempts per account (counted before the check; a success clears them). */
  login: LimitRule;
  /** Login attempts per address: only a flood ceiling, far above a classroom sharing one NAT address. */
  loginPerIp: LimitRule;
  /** Failed logins per address after which every login from it needs the image code (friction, never a block). */
  loginPerIpFailures: LimitRule;
  /** Wrong passwords for one account after which the image code is required even from API clients. */
  captchaAfterFailures: number;
}

export const DEFAULT_LIMITS: AccountLimits = {
  sms: { codeTtlSeconds: 300, resendSeconds: 60, maxAttempts: 5 },
  smsPerIp: { limit: 20, windowSeconds: 3600, blockSeconds: 3600 },
  // A whole classroom opens the login page at once from one campus address.
  captchaPerIp: { limit: 600, windowSeconds: 60, blockSeconds: 60 },
  login: { limit: 5, windowSeconds: 900, blockSeconds: 900 },
  loginPerIp: { limit: 1000, windowSeconds: 600, blockSeconds: 300 },
  loginPerIpFailures: { limit: 20, windowSeconds: 900, blockSeconds: 0 },
  captchaAfterFailures: 3,
};

/** The YAML overrides (schema-checked, each rule whole) over the defaults. */
export function accountLimits(app: AppConfig | undefined): AccountLimits {
  return { ...DEFAULT_LIMITS, ...app?.limits?.accounts };
}

/** The login reply: flat key/value pairs the client stores as cookies (spec §3). */
export async function startSession(db: Db, user: User, meta: { userAgent?: string; ip?: string }) {
  const token = await createSession(db, user.id, meta);
  await db.updateTable('users').set({ last_login_at: now(), login_count: user.login_count + 1 }).where('id', '=', user.id).execute();
  return { token, user_id: user.id, school_id: user.school_id, username: user.username, first_login: user.login_count === 0 ? 1 : 0 };
}

export async function assertUsernameFree(db: Db, schoolId: number, username: string, exceptId?: number): Promise<void> {
  let q = db.selectFrom('users').select('id').where('school_id', '=', schoolId).where('username', '=', username);
  if (exceptId) q = q.where('id', '!=', exceptId);
  if (await q.executeTakeFirst()) throw refuse('该账号已被注册');
}

export async function assertMobileFree(db: Db, schoolId: number, mobile: string, exceptId?: number): Promise<void> {
  let q = db.selectFrom('users').select('id').where('school_id', '=', schoolId).where('mobile', '=', mobile);
  if (exceptId) q = q.where('id', '!=', exceptId);
  if (await q.executeTakeFirst()) throw refuse('该手机号已被注册');
}

export const findByMobile = (db: Db, schoolId: number, mobile: string) =>
  db.selectFrom('users').selectAll().where('school_id', '=', schoolId).where('mobile', '=', mobile).where('role', '=', 'student').executeTakeFirst();

export async function createStudent(db: Db, input: { schoolId: number; username: string; password: string; mobile?: string | null; realname?: string; openId?: string | null; org?: Partial<Record<'depart_id' | 'major_id' | 'grade_id' | 'class_id', number>> }): Promise<User> {
  await assertUsernameFree(db, input.schoolId, input.username);
  if (input.mobile) await assertMobileFree(db, input.schoolId, input.mobile);
  const password_hash = await hashPassword(input.password);
  await db
    .insertInto('users')
    .values({ school_id: input.schoolId, role: 'student', username: input.username, password_hash, mobile: input.mobile ?? null, realname: input.realname ?? '', open_id: input.openId ?? null, type: 1, ...input.org })
    .execute();
  return db.selectFrom('users').selectAll().where('school_id', '=', input.schoolId).where('username', '=', input.username).executeTakeFirstOrThrow();
}

/**
 * Sets a new password and ends every session of the account (other devices must log in again). `mustChange`: the
 * password was set by someone else (an administrator's reset), so the account must change it before anything else.
 */
export async function setPassword(db: Db, userId: number, password: string, mustChange = false): Promise<void> {
  await db.updateTable('users').set({ password_hash: await hashPassword(password), must_change_password: mustChange ? 1 : 0 }).where('id', '=', userId).execute();
  await revokeUserSessions(db, userId);
}

export async function changePassword(db: Db, user: User, oldPassword: string, newPassword: string): Promise<void> {
  // Administrators keep the stronger rule their passwords are set by (platform console, admin:create).
  const weak = user.role === 'admin' || user.role === 'platform' ? passwordProblem(newPassword) : null;
  if (weak) throw invalid('new_password', weak);
  if (!(await verifyPassword(oldPassword, user.password_hash))) throw refuse('原密码不正确');
  if (oldPassword === newPassword) throw refuse('新密码不能与原密码相同');
  await setPassword(db, user.id, newPassword);
}

/** Checks that school > department > major > grade > class form one chain inside the user's school. */
export async function assertOrgChain(db: Db, schoolId: number, org: { depart_id: number; major_id: number; grade_id: number; class_id: number }): Promise<void> {
  const row = await db
    .selectFrom('classes')
    .innerJoin('grades', 'grades.id', 'classes.grade_id')
    .innerJoin('majors', 'majors.id', 'grades.major_id')
    .innerJoin('departments', 'departments.id', 'majors.depart_id')
    .select('classes.id')
    .where('classes.id', '=', org.class_id)
    .where('grades.id', '=', org.grade_id)
    .where('majors.id', '=', org.major_id)
    .where('departments.id', '=', org.depart_id)
    .where('departments.school_id', '=', schoolId)
    .executeTakeFirst();
  if (!row) throw refuse('请按照要求选择院系、专业、年级和班级');
}

// ---- third-party (social) login tickets ----
// The provider's callback hands the browser a short-lived random ticket (query user_id) instead of the
// provider's account id, so nobody can log in as someone else by guessing an id. Stored in verification_codes
// with purpose 'oauth': `mobile` holds the provider account id.


export async function issueOauthTicket(db: Db, openId: string, ttlSeconds = 600): Promise<string> {
  const ticket = randomBytes(24).toString('hex');
  await db.insertInto('verification_codes').values({ mobile: openId, purpose: 'oauth', key: hashToken(ticket), code_hash: '', expires_at: fromNow(ttlSeconds) }).execute();
  return ticket;
}

/** The provider account id behind a ticket that is unused and not expired. */
export async function openIdOfTicket(db: Db, ticket: string): Promise<string> {
  const row = await db.selectFrom('verification_codes').select(['id', 'mobile', 'expires_at', 'used_at']).where('purpose', '=', 'oauth').where('key', '=', hashToken(ticket)).executeTakeFirst();
  if (!row || row.used_at || row.expires_at < now()) throw refuse('授权已失效，请重新扫码登录');
  return row.mobile;
}

export async function useOauthTicket(db: Db, ticket: string): Promise<void> {
  await db.updateTable('verification_codes').set({ used_at: now() }).where('purpose', '=', 'oauth').where('key', '=', hashToken(ticket)).execute();
}
