import type { Db } from '../db';
import type { User } from '../db/schema';
import { refuse } from '../http/errors';
import { accountLimits } from '../services/accounts';
import { checkPassword, loginKey } from '../services/login-guard';
import { createSession } from '../services/sessions';
import { Answer, field, objectSchema, type RouteRequest } from './define';
import type { SiteConfigSource } from './system';

/** The body of the consoles' sign-in calls (teacher/login, admin/login): account, password, the site's school, image code. */
export function staffLoginBody(usernameMax: number) {
  return objectSchema({
    username: field.str('账号', { minLength: 1, maxLength: usernameMax, errorMessage: '请输入账号' }),
    password: field.str('密码', { minLength: 1, maxLength: 64, errorMessage: '请输入密码' }),
    school_id: field.int('学校'),
    captcha_key: field.str('验证码标识', { maxLength: 64 }),
    captcha_code: field.str('验证码', { maxLength: 4, errorMessage: { maxLength: '验证码格式不正确' } }),
  }, ['username', 'password', 'school_id']);
}

/**
 * A console sign-in under the same rules as students' (counted before the check, image code after failures, equal
 * timing, lockout): `find` names the accounts this console admits. Only the right password learns that an account
 * was disabled. Answers the session's token and who signed in.
 */
export async function signInStaff(db: Db, request: RouteRequest<{ body: ReturnType<typeof staffLoginBody> }>, config: SiteConfigSource, find: (username: string, schoolId: number) => Promise<User | undefined>) {
  const body = request.body;
  const username = body.username.trim();
  const user = await checkPassword(db, {
    accountKey: loginKey(body.school_id, username),
    ip: request.ip,
    password: body.password,
    limits: accountLimits(config.forSchool({ id: body.school_id }).app),
    captcha: { key: body.captcha_key, code: body.captcha_code },
    find: () => find(username, body.school_id),
    wrong: '账号或密码错误',
  });
  if (user.status !== 1) throw refuse('账号已被停用，请联系管理员');
  const token = await createSession(db, user.id, { userAgent: request.headers['user-agent'], ip: request.ip });
  return new Answer({ token, user_id: user.id, school_id: user.school_id, username: user.username, realname: user.realname, role: user.role }, '登录成功');
}
