import type { FastifyRequest } from 'fastify';
import { verifyPassword } from '../db/password';
import { now } from '../db/time';
import { currentUser, logout } from '../http/auth';
import { refuse, tooMany } from '../http/errors';
import { blockedMinutes, clearFailures, recordFailure } from '../services/rateLimit';
import { schoolForHost } from '../services/schools';
import { createSession } from '../services/sessions';
import { userInfo } from '../services/users';
import { Answer, defineRoute, field, objectSchema, type RouteContext } from './define';

export interface UserRouteOptions {
  defaultDomain: string;
}

const LOGIN_LIMIT = { limit: 5, windowSeconds: 15 * 60, blockSeconds: 15 * 60 };
const WRONG_CREDENTIALS = '账号或密码错误';

const loginBody = objectSchema(
  {
    username: field.str('账号', { minLength: 1, maxLength: 20, errorMessage: '请输入账号' }),
    password: field.str('密码', { minLength: 1, maxLength: 64, errorMessage: '请输入密码' }),
    school_id: field.int('学校'),
  },
  ['username', 'password'],
);

export function userRoutes(ctx: RouteContext, opts: UserRouteOptions): void {
  const { db } = ctx;

  defineRoute(ctx, 'user/login', {
    schema: { body: loginBody },
    async handler(request: FastifyRequest) {
      const body = request.body as { username: string; password: string; school_id?: number };
      const schoolId = body.school_id ?? (await schoolForHost(db, request.headers.host, opts.defaultDomain)).id;
      const username = body.username.trim();
      const limitKey = `login:${schoolId}:${username.toLowerCase()}`;
      const wait = await blockedMinutes(db, limitKey);
      if (wait > 0) throw tooMany(`登录失败次数过多，请${wait}分钟后再试`);

      const user = await db.selectFrom('users').selectAll().where('school_id', '=', schoolId).where('username', '=', username).executeTakeFirst();
      const ok = user ? await verifyPassword(body.password, user.password_hash) : false;
      if (!user || !ok) {
        await recordFailure(db, limitKey, LOGIN_LIMIT);
        throw refuse(WRONG_CREDENTIALS);
      }
      if (user.status !== 1) throw refuse('账号已被停用，请联系管理员');
      if (user.role === 'teacher') throw refuse('教师账号请登录教师端');
      await clearFailures(db, limitKey);

      const token = await createSession(db, user.id, { userAgent: request.headers['user-agent'], ip: request.ip });
      await db.updateTable('users').set({ last_login_at: now(), login_count: user.login_count + 1 }).where('id', '=', user.id).execute();
      // Flat key/value pairs: the client stores each one as a cookie.
      return new Answer(
        { token, user_id: user.id, school_id: user.school_id, username: user.username, first_login: user.login_count === 0 ? 1 : 0 },
        '登录成功',
      );
    },
  });

  defineRoute(ctx, 'user/loginout', {
    async handler(request) {
      await logout(db, request);
      return new Answer(null, '退出成功');
    },
  });

  defineRoute(ctx, 'user/get_info', {
    async handler(request) {
      return userInfo(db, currentUser(request));
    },
  });
}
