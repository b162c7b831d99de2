import type { SchoolInfo } from '../services/schools';
import { accountLimits } from '../services/accounts';
import { checkPassword, loginKey } from '../services/login-guard';
import { createSession } from '../services/sessions';
import { Answer, defineRoute, field, objectSchema, type RouteContext } from './define';
import type { SiteConfigSource } from './system';

/**
 * Sign-in of the administration console (/#/admin/login): a school administrator of the site's school, or a platform
 * administrator (whose account works on every school's site). Same rules as every login: counted before the check,
 * image code after failures, five failures lock the account for 15 minutes.
 */
export function adminLoginRoutes(ctx: RouteContext, opts: { config: SiteConfigSource }): void {
  const { db } = ctx;

  defineRoute(ctx, 'admin/login', {
    schema: {
      body: objectSchema({
        username: field.str('账号', { minLength: 1, maxLength: 32, errorMessage: '请输入账号' }),
        password: field.str('密码', { minLength: 1, maxLength: 64, errorMessage: '请输入密码' }),
        school_id: field.int('学校'),
        captcha_key: field.str('验证码标识', { maxLength: 64 }),
        captcha_code: field.str('验证码', { maxLength: 4, errorMessage: { maxLength: '验证码格式不正确' } }),
      }, ['username', 'password', 'school_id']),
    },
    async handler(request) {
      const body = request.body as { username: string; password: string; school_id: number; captcha_key?: string; captcha_code?: string };
      const username = body.username.trim();
      const user = await checkPassword(db, {
        accountKey: loginKey(body.school_id, username),
        ip: request.ip,
        password: body.password,
        limits: accountLimits(opts.config.forSchool({ id: body.school_id } as SchoolInfo).app as Record<string, unknown>),
        captcha: { key: body.captcha_key, code: body.captcha_code },
        find: () => db.selectFrom('users').selectAll().where('username', '=', username).where('status', '=', 1)
          .where((eb) => eb.or([eb('role', '=', 'platform'), eb.and([eb('role', '=', 'admin'), eb('school_id', '=', body.school_id)])]))
          .executeTakeFirst(),
        wrong: '账号或密码错误',
      });
      const token = await createSession(db, user.id, { userAgent: request.headers['user-agent'], ip: request.ip });
      return new Answer({ token, user_id: user.id, school_id: user.school_id, username: user.username, realname: user.realname, role: user.role }, '登录成功');
    },
  });
}
