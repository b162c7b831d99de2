import { defineRoute, type RouteContext } from './define';
import { signInStaff, staffLoginBody } from './staff-login';
import type { SiteConfigSource } from './system';

/**
 * Sign-in of the administration console (/#/admin/login): a school administrator of the site's school, or a platform
 * administrator (whose account works on every school's site). Same rules as every login: counted before the check,
 * image code after failures, five failures lock the account for 15 minutes.
 */
export function adminLoginRoutes(ctx: RouteContext, opts: { config: SiteConfigSource }): void {
  const { db } = ctx;

  defineRoute(ctx, 'admin/login', {
    schema: { body: staffLoginBody(32) },
    // A disabled administrator is not found at all (the console's rule: 账号或密码错误 either way).
    handler: (request) => signInStaff(db, request, opts.config, (username, schoolId) =>
      db.selectFrom('users').selectAll().where('username', '=', username).where('status', '=', 1)
        .where((eb) => eb.or([eb('role', '=', 'platform'), eb.and([eb('role', '=', 'admin'), eb('school_id', '=', schoolId)])]))
        .executeTakeFirst()),
  });
}
