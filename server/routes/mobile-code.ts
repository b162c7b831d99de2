import { currentUser } from '../http/auth';
import { refuse } from '../http/errors';
import { assertMobileFree } from '../services/accounts';
import { sendCode } from '../services/sms';
import { throttle, withSmsQuota } from './captcha';
import { defineRoute, objectSchema, type RouteContext } from './define';
import { rules, type AccountDeps } from './user';

/**
 * The code a signed-in student needs to change their mobile number (user/edit_info): sent to the new number, and
 * its key is returned only to the student who asked. Throttled per account and per IP like the other SMS calls.
 */
export function mobileCodeRoute(ctx: RouteContext, deps: AccountDeps): void {
  defineRoute(ctx, 'user/mobile_code', {
    schema: { body: objectSchema({ phone: rules.mobile }, ['phone']) },
    async handler(request) {
      const user = currentUser(request);
      const { phone } = request.body;
      if (phone === user.mobile) throw refuse('新手机号与当前手机号相同');
      const limits = deps.limitsFor(user.school_id);
      await throttle(ctx, `sms-ip:${request.ip}`, limits.smsPerIp);
      await throttle(ctx, `sms-user:${user.id}`, limits.smsPerIp);
      await assertMobileFree(ctx.db, user.school_id, phone, user.id);
      return { key: await withSmsQuota(ctx, [`sms-ip:${request.ip}`, `sms-user:${user.id}`], () => sendCode(ctx.db, deps.sms, phone, 'mobile', limits.sms)) };
    },
  });
}
