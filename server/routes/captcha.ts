import type { FastifyRequest } from 'fastify';
import { refuse, tooMany } from '../http/errors';
import { findByMobile, issueOauthTicket } from '../services/accounts';
import { consumeCaptcha, issueCaptcha, peekCaptcha } from '../services/captcha';
import { giveBack, hit, type LimitRule } from '../services/rateLimit';
import { DevSmsProvider, sendCode, wasNotSent } from '../services/sms';
import { defineRoute, field, objectSchema, type RouteContext } from './define';
import { rules, type AccountDeps } from './user';

/**
 * Development hooks (image-code answers, the SMS outbox, a fake social-login callback) exist only when
 * DEV_HOOKS=1 and NODE_ENV is not production: browser and API tests read codes through them.
 */
export const devHooksEnabled = (env: NodeJS.ProcessEnv = process.env) => env.DEV_HOOKS === '1' && env.NODE_ENV !== 'production';

/** Counts every request of an IP against a rule; over the limit answers 429 until the block ends. */
export async function throttle(ctx: RouteContext, key: string, rule: LimitRule): Promise<void> {
  const result = await hit(ctx.db, key, rule);
  if (!result.allowed) throw tooMany(`请求过于频繁，请${result.waitMinutes}分钟后再试`);
}

/** Runs a send counted against `keys`; when the gateway failed to send, the attempt is given back on each key. */
export async function withSmsQuota<T>(ctx: RouteContext, keys: string[], send: () => Promise<T>): Promise<T> {
  try {
    return await send();
  } catch (error) {
    if (wasNotSent(error)) for (const key of keys) await giveBack(ctx.db, key);
    throw error;
  }
}

export function captchaRoutes(ctx: RouteContext, deps: AccountDeps): void {
  const { db } = ctx;
  const dev = deps.devHooks;

  defineRoute(ctx, 'captcha', {
    async handler(request) {
      await throttle(ctx, `captcha-ip:${request.ip}`, deps.limitsFor(await deps.schoolOf(request)).captchaPerIp);
      return issueCaptcha(db, { dev });
    },
  });

  const phoneBody = objectSchema({ phone: rules.mobile, school_id: field.int('学校') }, ['phone']);
  const phoneCaptchaBody = objectSchema({ phone: rules.mobile, school_id: field.int('学校'), captcha_key: rules.captchaKey, captcha_code: rules.captchaCode }, ['phone', 'captcha_key', 'captcha_code']);

  const smsLimits = async (request: FastifyRequest, schoolId: number) => {
    const limits = deps.limitsFor(schoolId);
    await throttle(ctx, `sms-ip:${request.ip}`, limits.smsPerIp);
    return limits.sms;
  };

  defineRoute(ctx, 'verificationCodes', {
    schema: { body: phoneBody },
    async handler(request) {
      const body = request.body;
      const schoolId = await deps.schoolOf(request, body.school_id);
      const sms = await smsLimits(request, schoolId);
      if (await findByMobile(db, schoolId, body.phone)) throw refuse('该手机号已被注册');
      return { key: await withSmsQuota(ctx, [`sms-ip:${request.ip}`], () => sendCode(db, deps.sms, body.phone, 'register', sms)) };
    },
  });

  defineRoute(ctx, 'verificationCodes2', {
    schema: { body: phoneCaptchaBody },
    async handler(request) {
      const body = request.body;
      const schoolId = await deps.schoolOf(request, body.school_id);
      const sms = await smsLimits(request, schoolId);
      await consumeCaptcha(db, body.captcha_key, body.captcha_code);
      if (!(await findByMobile(db, schoolId, body.phone))) throw refuse('该手机号未注册');
      return { key: await withSmsQuota(ctx, [`sms-ip:${request.ip}`], () => sendCode(db, deps.sms, body.phone, 'reset', sms)) };
    },
  });

  if (!dev) return;
  ctx.app.get<{ Querystring: { key?: string } }>('/api/dev/captcha', { schema: { hide: true } }, async (request) => {
    const key = String(request.query.key ?? '');
    return { code: 200, data: { code: peekCaptcha(key) ?? null }, message: 'success' };
  });
  ctx.app.get<{ Querystring: { mobile?: string } }>('/api/dev/sms', { schema: { hide: true } }, async (request) => {
    const mobile = String(request.query.mobile ?? '');
    const entry = deps.sms instanceof DevSmsProvider ? deps.sms.latest(mobile) : undefined;
    return { code: 200, data: entry ?? null, message: 'success' };
  });
  ctx.app.get<{ Querystring: { open_id?: string } }>('/api/dev/oauth', { schema: { hide: true } }, async (request) => {
    // Stands in for the social provider's callback: a ticket for the provider account `open_id`.
    const openId = String(request.query.open_id ?? '');
    if (!/^[\w-]{4,64}$/.test(openId)) throw refuse('open_id 格式不正确');
    const bound = await db.selectFrom('users').select('id').where('open_id', '=', openId).executeTakeFirst();
    return { code: 200, data: { user_id: await issueOauthTicket(db, openId), need_bind: bound ? 0 : 1 }, message: 'success' };
  });
}
