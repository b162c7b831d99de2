import { forbidden, refuse } from '../http/errors';
import { consumeExchangedTicket, issueCode, landingTickets, partnerSecretMatches, redeemCode } from '../services/landing';
import { schoolForHost } from '../services/schools';
import { defineRoute, field, objectSchema, type RouteContext } from './define';
import type { SiteConfigSource } from './system';

export interface LandingRouteOptions {
  config: SiteConfigSource;
  defaultDomain: string;
  /** Shared secret of the partner platform that issues tickets (LANDING_PARTNER_SECRET). */
  partnerSecret: string;
}

const token = (title: string, errorMessage: string) => field.str(title, { minLength: 16, maxLength: 128, pattern: '^[0-9a-f]+$', errorMessage });

/** Reviewer user id of the site's landing page, from the school's YAML (screens.landing.props.reviewerUserId). */
function reviewerOf(config: Record<string, unknown>): number | null {
  const screens = config.screens as Record<string, { props?: { reviewerUserId?: number } }> | undefined;
  const id = screens?.landing?.props?.reviewerUserId;
  return typeof id === 'number' ? id : null;
}

export function landingRoutes(ctx: RouteContext, opts: LandingRouteOptions): void {
  const { db } = ctx;
  const tickets = landingTickets(db);

  // Server to server: the provincial platform issues a ticket for one of our students.
  defineRoute(ctx, 'landing/issue_ticket', {
    schema: { body: objectSchema({ username: field.str('账号', { minLength: 1, maxLength: 20 }), school_id: field.int('学校ID', { minimum: 1 }) }, ['username', 'school_id']) },
    async handler(request) {
      if (!partnerSecretMatches(request.headers['x-partner-secret'] as string | undefined, opts.partnerSecret)) throw forbidden('合作平台凭证不正确');
      const body = request.body;
      const user = await db.selectFrom('users').select('id').where('school_id', '=', body.school_id).where('username', '=', body.username).where('status', '=', 1).executeTakeFirst();
      if (!user) throw refuse('用户不存在');
      return { ticket: await tickets.issue(user.id) };
    },
  });

  defineRoute(ctx, 'landing/ticket', {
    schema: { body: objectSchema({ ticket: token('票据', '票据格式不正确') }, ['ticket']) },
    async handler(request) {
      return { user_id: await tickets.exchange(request.body) };
    },
  });

  defineRoute(ctx, 'landing/code', {
    schema: { body: objectSchema({ user_id: field.int('用户', { minimum: 1 }) }, ['user_id']) },
    async handler(request) {
      const userId = request.body.user_id;
      const school = await schoolForHost(db, request.headers.host, opts.defaultDomain);
      const isReviewer = reviewerOf(opts.config.forSchool(school)) === userId;
      if (!isReviewer && !(await consumeExchangedTicket(db, userId))) throw refuse('非法访问，请从省级虚拟仿真实验教学共享平台进入');
      return issueCode(db, userId);
    },
  });

  // The 3D app's side of the handshake.
  defineRoute(ctx, 'landing/verify_code', {
    schema: { body: objectSchema({ code: token('登录码', '登录码格式不正确') }, ['code']) },
    async handler(request) {
      const userId = await redeemCode(db, request.body.code);
      if (userId === null) throw refuse('登录码无效或已使用');
      const user = await db
        .selectFrom('users')
        .leftJoin('schools', 'schools.id', 'users.school_id')
        .select(['users.id', 'users.realname', 'users.username', 'users.role', 'schools.school_name'])
        .where('users.id', '=', userId)
        .executeTakeFirstOrThrow();
      return { user_id: user.id, realname: user.realname, username: user.username, role: user.role, school_name: user.school_name };
    },
  });
}
