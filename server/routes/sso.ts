import { currentUser } from '../http/auth';
import { ApiError, refuse } from '../http/errors';
import { checkPassword, loginKey } from '../services/login-guard';
import { assertOrgChain, createStudent, openIdOfTicket, startSession, useOauthTicket } from '../services/accounts';
import { createPartnerAdapters } from '../services/partners';
import { confirmScene, createScene, takeConfirmedScene } from '../services/qr';
import { Answer, defineRoute, field, objectSchema, type RouteContext } from './define';
import { rules, type AccountDeps } from './user';

const UNBOUND = '该微信尚未绑定账号，请先绑定';

/** Scan login and social (third-party) login: both end in the same flat login reply as user/login. */
export function ssoRoutes(ctx: RouteContext, deps: AccountDeps): void {
  const { db } = ctx;
  const meta = (request: { headers: Record<string, unknown>; ip: string }) => ({ userAgent: request.headers['user-agent'] as string | undefined, ip: request.ip });
  const sceneQuery = objectSchema({ scene: field.str('二维码场景', { pattern: '^[0-9a-f]{32}$', errorMessage: '二维码场景不正确' }) }, ['scene']);

  defineRoute(ctx, 'user/generateQRCode', {
    async handler() {
      return createScene(db, deps.scan);
    },
  });

  defineRoute(ctx, 'user/checkQRCode', {
    schema: { querystring: sceneQuery },
    async handler(request) {
      const userId = await takeConfirmedScene(db, request.query.scene);
      const user = await db.selectFrom('users').selectAll().where('id', '=', userId).where('status', '=', 1).executeTakeFirst();
      if (!user) throw refuse('账号已被停用，请联系管理员');
      return new Answer(await startSession(db, user, meta(request)), '登录成功');
    },
  });

  defineRoute(ctx, 'user/qr_confirm', {
    schema: { body: sceneQuery },
    async handler(request) {
      await confirmScene(db, request.body.scene, currentUser(request).id);
      return new Answer(null, '已确认登录');
    },
  });

  const ticketField = field.str('授权', { pattern: '^[0-9a-f]{48}$', errorMessage: '授权已失效，请重新扫码登录' });

  defineRoute(ctx, 'autoLogin', {
    schema: { body: objectSchema({ user_id: ticketField }, ['user_id']) },
    async handler(request) {
      const ticket = request.body.user_id;
      const openId = await openIdOfTicket(db, ticket);
      const user = await db.selectFrom('users').selectAll().where('open_id', '=', openId).where('status', '=', 1).executeTakeFirst();
      // `errors.need_bind` tells the login page to open the bind dialog (a ticket that arrived without need_bind=1).
      if (!user) throw new ApiError(200, 0, UNBOUND, { need_bind: [UNBOUND] });
      await useOauthTicket(db, ticket);
      return new Answer(await startSession(db, user, meta(request)), '登录成功');
    },
  });

  // Bind an existing account (username + password), or create one with complete information (bind_type=complete).
  defineRoute(ctx, 'weBind', {
    schema: {
      body: objectSchema(
        {
          user_id: ticketField,
          bind_type: field.str('绑定方式', { enum: ['bind', 'complete'] }),
          username: rules.username,
          password: rules.longPassword,
          realname: rules.realname,
          school_id: field.int('学校'),
          depart_id: rules.orgId('院系'),
          major_id: rules.orgId('专业'),
          grade_id: rules.orgId('年级'),
          class_id: rules.orgId('班级'),
          time: field.str('时间', { maxLength: 32 }),
        },
        ['user_id', 'username', 'password'],
      ),
    },
    async handler(request) {
      const body = request.body;
      const openId = await openIdOfTicket(db, body.user_id);
      if (await db.selectFrom('users').select('id').where('open_id', '=', openId).executeTakeFirst()) throw refuse('该微信已绑定其他账号');
      const schoolId = await deps.schoolOf(request, body.school_id);
      let user;
      if (body.bind_type === 'complete') {
        if (!body.realname) throw refuse('请输入姓名');
        if (!body.depart_id || !body.major_id || !body.grade_id || !body.class_id) throw refuse('请选择院系、专业、年级和班级');
        const org = { depart_id: body.depart_id, major_id: body.major_id, grade_id: body.grade_id, class_id: body.class_id };
        await assertOrgChain(db, schoolId, org);
        user = await createStudent(db, { schoolId, username: body.username, password: body.password, realname: body.realname, openId, org });
      } else {
        if (body.password.length > 16) throw refuse('密码过长,最长为16位');
        // Binding proves the password like a login does, so it goes through the same login rules and lockout.
        const username = body.username;
        user = await checkPassword(db, {
          accountKey: loginKey(schoolId, username),
          ip: request.ip,
          password: body.password,
          limits: deps.limitsFor(schoolId),
          find: () => db.selectFrom('users').selectAll().where('school_id', '=', schoolId).where('username', '=', username).where('role', '=', 'student').executeTakeFirst(),
          wrong: '请输入正确的账号密码',
        });
        if (user.open_id) throw refuse('该账号已绑定其他微信');
        await db.updateTable('users').set({ open_id: openId }).where('id', '=', user.id).execute();
      }
      await useOauthTicket(db, body.user_id);
      return new Answer(await startSession(db, user, meta(request)), '绑定成功');
    },
  });

  // Partner single sign-on: the loading pages pass the partner's query on; the reply is a login like user/login.
  const partners = createPartnerAdapters(db);
  for (const [name, adapter] of Object.entries(partners)) {
    defineRoute(ctx, name, {
      schema: { [ctx.contract[name].method === 'GET' ? 'querystring' : 'body']: objectSchema({ token: field.str('凭证', { maxLength: 128 }), ticket: field.str('凭证', { maxLength: 128 }) }) },
      async handler(request) {
        const input = ctx.contract[name].method === 'GET' ? request.query : request.body;
        const userId = await adapter.exchange(input ?? {});
        const user = await db.selectFrom('users').selectAll().where('id', '=', userId).where('status', '=', 1).executeTakeFirst();
        if (!user) throw refuse('账号已被停用，请联系管理员');
        return new Answer(await startSession(db, user, meta(request)), '登录成功');
      },
    });
  }
  if (deps.devHooks) {
    ctx.app.get<{ Querystring: { partner?: string; username?: string; school_id?: string } }>('/api/dev/partner_ticket', { schema: { hide: true } }, async (request) => {
      const q = request.query;
      const adapter = partners[q.partner ?? ''];
      const user = await db.selectFrom('users').select('id').where('username', '=', q.username ?? '').where('school_id', '=', Number(q.school_id ?? 100002)).executeTakeFirst();
      if (!adapter || !user) throw refuse('partner 或 username 不正确');
      return { code: 200, data: { ticket: await adapter.issue(user.id) }, message: 'success' };
    });
  }
}
