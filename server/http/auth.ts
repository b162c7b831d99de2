import type { FastifyInstance, FastifyReply, FastifyRequest, HookHandlerDoneFunction } from 'fastify';
import type { Db } from '../db';
import type { User, UserRole } from '../db/schema';
import { cachedSession, resolveSession, revokeSession, type ResolvedSession } from '../services/sessions';
import { forbidden, unauthenticated } from './errors';
import type { AccountRole } from '../../shared/config-types';

declare module 'fastify' {
  interface FastifyRequest {
    /** The signed-in user, set by `authenticate` on routes that need one. */
    user: User | null;
    sessionId: number | null;
  }
}

/** The token from `Authorization: Bearer <token>`, else the `token` cookie the client keeps. */
export function tokenOf(request: FastifyRequest): string | null {
  const header = request.headers.authorization;
  const bearer = header?.match(/^Bearer\s+(\S+)$/i)?.[1];
  return bearer ?? request.cookies?.token ?? null;
}

/**
 * Loads the user behind the request's token; null when there is none or it is invalid, expired, idle too long or
 * revoked. Validated sessions are cached briefly (services/sessions.ts), so most requests make no query here.
 */
export async function identify(db: Db, request: FastifyRequest): Promise<User | null> {
  const token = tokenOf(request);
  if (!token) return null;
  const session = await resolveSession(db, token);
  return session && attachSession(request, session);
}

/** Makes a validated session the request's (its user and session id, for the handlers and the request log). */
function attachSession(request: FastifyRequest, session: ResolvedSession): User {
  request.user = session.user;
  request.sessionId = session.sessionId;
  return session.user;
}

export function installAuth(app: FastifyInstance): void {
  app.decorateRequest('user', null);
  app.decorateRequest('sessionId', null);
}

/** The one place a contract entry's `role` is enforced: any other role gets 403 with these words. */
const ROLE_REFUSALS: Record<AccountRole, string> = {
  student: '仅学生账号可使用该功能',
  teacher: '仅教师账号可使用该功能',
  admin: '仅学校管理员可使用该功能',
  platform: '仅平台管理员可使用该功能',
};
export type Role = AccountRole;

/**
 * The accounts each contract role admits. A partner school's reviewer (users.role 'reviewer', the landing page's
 * 评审 entry) tries the platform as a student does, so student routes serve it too.
 */
const ADMITTED: Record<AccountRole, readonly UserRole[]> = {
  student: ['student', 'reviewer'],
  teacher: ['teacher'],
  admin: ['admin'],
  platform: ['platform'],
};

/** What an account whose password an administrator set hears from every route but the few that let it change it. */
export const PASSWORD_PENDING = '管理员已为您设置了新密码，请先修改密码后再使用其他功能';

/**
 * Guard for routes the contract marks `auth: true`: only accounts of the entry's `role` pass (`any`: every signed-in
 * account, said explicitly in the contract; the contract's schema makes every such entry name one). An entry without a
 * role is refused at registration, so a route cannot open to every role by omission. An account that must change its
 * password (users.must_change_password) passes only routes marked `passwordPending`.
 */
export function requireUser(db: Db, role: Role | 'any' | undefined, passwordPending = false) {
  if (!role) throw new Error('需要登录的接口必须在 config/endpoints.yaml 中写明 role（student、teacher、admin、platform 或 any）');
  const check = (user: User | null) => {
    if (!user) throw unauthenticated();
    admit(user, role, passwordPending);
  };
  // A callback hook, synchronous when the session is cached (most requests): no promise, no extra turn of the loop.
  return (request: FastifyRequest, _reply: FastifyReply, done: HookHandlerDoneFunction) => {
    const token = tokenOf(request);
    const hit = token ? cachedSession(db, token) : undefined;
    if (hit) {
      try {
        check(attachSession(request, hit));
      } catch (err) {
        return done(err as Error);
      }
      return done();
    }
    identify(db, request).then(check).then(() => done(), done);
  };
}

/** The one check a signed-in account passes before a route serves it: its role, then a pending password change. */
function admit(user: User, role: Role | 'any' = 'any', passwordPending = false): void {
  if (role !== 'any' && !ADMITTED[role].includes(user.role)) throw forbidden(ROLE_REFUSALS[role]);
  if (user.must_change_password === 1 && !passwordPending) throw forbidden(PASSWORD_PENDING);
}

/**
 * For what visitors may also reach but a signed-in account sees as itself (learn/detail, /files/): null for a visitor;
 * an account is held to the same check as on `requireUser` routes, so a must-change account is refused here too.
 */
export async function optionalUser(db: Db, request: FastifyRequest): Promise<User | null> {
  const user = await identify(db, request);
  if (user) admit(user);
  return user;
}

export async function logout(db: Db, request: FastifyRequest): Promise<void> {
  if (request.sessionId) await revokeSession(db, request.sessionId);
}

/** The signed-in user of a route that required one. */
export function currentUser(request: FastifyRequest): User {
  if (!request.user) throw unauthenticated();
  return request.user;
}
