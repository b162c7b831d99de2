import type { FastifyRequest } from 'fastify';
import { currentUser, logout } from '../http/auth';
import { refuse } from '../http/errors';
import { accountLimits, assertMobileFree, assertOrgChain, assertUsernameFree, changePassword, createStudent, findByMobile, setPassword, startSession, type AccountLimits } from '../services/accounts';
import { checkPassword, loginKey } from '../services/login-guard';
import { clearFailures } from '../services/rateLimit';
import { schoolForHost } from '../services/schools';
import { forgetCachedUser } from '../services/sessions';
import { consumeCode, createSmsProvider, type SmsProvider } from '../services/sms';
import { DevScanProvider, type ScanProvider } from '../services/qr';
import { userInfo } from '../services/users';
import { claimUploads } from '../services/uploads';
import { captchaRoutes, devHooksEnabled } from './captcha';
import { mobileCodeRoute } from './mobile-code';
import { Answer, defineRoute, field, objectSchema, type RouteContext, type RouteRequest } from './define';
import { ssoRoutes } from './sso';
import type { SiteConfigSource } from './system';

export interface UserRouteOptions {
  defaultDomain: string;
  config: SiteConfigSource;
}

/** What the account routes share: providers, the site's school and its limits. */
export interface AccountDeps {
  sms: SmsProvider;
  scan: ScanProvider;
  schoolOf(request: FastifyRequest, given?: number): Promise<number>;
  limitsFor(schoolId: number): AccountLimits;
  /** Development hooks on (DEV_HOOKS=1, not production): tests read codes and issue fake partner tickets. */
  devHooks: boolean;
}

const WRONG_CREDENTIALS = '账号或密码错误';

/** Server-side copies of the spec §5 rules (the browser's copies live in config/screens/*.yaml). */
export const rules = {
  username: field.str('账号', { pattern: '^[A-Za-z0-9]+$', minLength: 4, maxLength: 20, errorMessage: { required: '请输入账号', pattern: '账号只能为数字或字母', minLength: '账号最少为4位', maxLength: '账号过长,最长为20位' } }),
  password: field.str('密码', { minLength: 6, maxLength: 16, errorMessage: { required: '请输入密码', minLength: '密码最少为6位', maxLength: '密码过长,最长为16位' } }),
  longPassword: field.str('密码', { minLength: 6, maxLength: 20, errorMessage: { required: '请输入密码', minLength: '密码最少为6位', maxLength: '密码过长,最长为20位' } }),
  newPassword: field.str('新密码', { pattern: '^[A-Za-z0-9]+$', minLength: 6, maxLength: 16, errorMessage: { required: '请输入新密码', pattern: '密码只能为数字或者英文', minLength: '密码最少为6位', maxLength: '密码过长,最长为16位' } }),
  repeat: field.str('确认密码', { minLength: 1, maxLength: 16, errorMessage: { required: '请确认新密码', minLength: '请确认新密码', maxLength: '两次输入密码不一致!' } }),
  mobile: field.str('手机号', { pattern: '^1\\d{10}$', errorMessage: { required: '请输入手机号', pattern: '请输入正确的手机号' } }),
  smsCode: field.str('验证码', { minLength: 1, maxLength: 6, errorMessage: { required: '验证码不能为空', minLength: '验证码不能为空', maxLength: '请输入正确验证码' } }),
  realname: field.str('姓名', { minLength: 1, maxLength: 6, errorMessage: { required: '请输入姓名', minLength: '请输入姓名', maxLength: '姓名过长' } }),
  captchaKey: field.str('验证码标识', { maxLength: 64 }),
  captchaCode: field.str('验证码', { maxLength: 4, errorMessage: { required: '请输入验证码', maxLength: '验证码格式不正确' } }),
  orgId: (title: string) => field.int(title, { minimum: 1, errorMessage: { required: `请选择${title}` } }),
};

const loginBody = objectSchema(
  {
    username: field.str('账号', { minLength: 1, maxLength: 20, errorMessage: '请输入账号' }),
    password: field.str('密码', { minLength: 1, maxLength: 64, errorMessage: '请输入密码' }),
    school_id: field.int('学校'),
    captcha_key: rules.captchaKey,
    captcha_code: rules.captchaCode,
  },
  ['username', 'password'],
);

const passwordsMatch = (a: string, b: string, message = '两次输入密码不一致!') => {
  if (a !== b) throw refuse(message);
};

export function userRoutes(ctx: RouteContext, opts: UserRouteOptions): void {
  const { db } = ctx;
  const deps: AccountDeps = {
    sms: createSmsProvider(process.env, (line) => ctx.app.log.warn(line)),
    scan: new DevScanProvider(),
    devHooks: devHooksEnabled(),
    async schoolOf(request, given) {
      return given ?? (await schoolForHost(db, request.headers.host, opts.defaultDomain)).id;
    },
    limitsFor(schoolId) {
      return accountLimits(opts.config.forSchool({ id: schoolId }).app);
    },
  };

  defineRoute(ctx, 'user/login', {
    schema: { body: loginBody },
    async handler(request) {
      const body = request.body;
      const schoolId = await deps.schoolOf(request, body.school_id);
      const username = body.username.trim();
      const user = await checkPassword(db, {
        accountKey: loginKey(schoolId, username),
        ip: request.ip,
        password: body.password,
        limits: deps.limitsFor(schoolId),
        captcha: { key: body.captcha_key, code: body.captcha_code },
        find: () => db.selectFrom('users').selectAll().where('school_id', '=', schoolId).where('username', '=', username).executeTakeFirst(),
        wrong: WRONG_CREDENTIALS,
      });
      if (user.status !== 1) throw refuse('账号已被停用，请联系管理员');
      if (user.role === 'teacher') throw refuse('教师账号请登录教师端');
      if (user.role === 'admin' || user.role === 'platform') throw refuse('管理员账号请登录管理后台');
      return new Answer(await startSession(db, user, { userAgent: request.headers['user-agent'], ip: request.ip }), '登录成功');
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

  defineRoute(ctx, 'user/register', {
    schema: {
      body: objectSchema(
        { verification_key: field.str('验证码标识', { minLength: 1, maxLength: 64, errorMessage: '请获取验证码！' }), verification_code: rules.smsCode, mobile: rules.mobile, username: rules.username, password: rules.password, school_id: field.int('学校') },
        ['verification_key', 'verification_code', 'mobile', 'username', 'password'],
      ),
    },
    async handler(request) {
      const body = request.body;
      const schoolId = await deps.schoolOf(request, body.school_id);
      // The code first: only someone holding a code sent to this number learns whether an account name is taken.
      const code = { mobile: body.mobile, purpose: 'register' as const, code: body.verification_code, key: body.verification_key };
      const rules = deps.limitsFor(schoolId).sms;
      await consumeCode(db, code, rules, { keep: true });
      await assertUsernameFree(db, schoolId, body.username);
      await assertMobileFree(db, schoolId, body.mobile);
      await consumeCode(db, code, rules);
      const user = await createStudent(db, { schoolId, username: body.username, password: body.password, mobile: body.mobile });
      return new Answer({ user_id: user.id, username: user.username }, '注册成功');
    },
  });

  const resetBody = (withKey: boolean) =>
    objectSchema(
      { mobile: rules.mobile, verification_code: field.str('验证码', { minLength: 1, maxLength: 6, errorMessage: { required: '请输入验证码', minLength: '请输入验证码', maxLength: '请输入正确验证码' } }), new_password: rules.newPassword, new_password_repeat: rules.repeat, school_id: field.int('学校'), ...(withKey && { verification_key: field.str('验证码标识', { maxLength: 64, errorMessage: '请获取验证码！' }) }) },
      ['mobile', 'verification_code', 'new_password', 'new_password_repeat'],
      // Required by forgetPassword only: typed as optional, as check_mobile may carry it.
      withKey ? { required: ['mobile', 'verification_code', 'new_password', 'new_password_repeat', 'verification_key'] } : {},
    );
  const resetPassword = async (request: RouteRequest<{ body: ReturnType<typeof resetBody> }>) => {
    const body = request.body;
    passwordsMatch(body.new_password, body.new_password_repeat);
    const schoolId = await deps.schoolOf(request, body.school_id);
    const user = await findByMobile(db, schoolId, body.mobile);
    if (!user) throw refuse('该手机号未注册');
    await consumeCode(db, { mobile: body.mobile, purpose: 'reset', code: body.verification_code, key: body.verification_key }, deps.limitsFor(schoolId).sms);
    await setPassword(db, user.id, body.new_password);
    await clearFailures(db, loginKey(schoolId, user.username));
    return new Answer(null, '密码重置成功');
  };
  // Two names for one operation: the original client calls check_mobile (newest code) and forgetPassword (with the key).
  defineRoute(ctx, 'user/check_mobile', { schema: { body: resetBody(false) }, handler: resetPassword });
  defineRoute(ctx, 'user/forgetPassword', { schema: { body: resetBody(true) }, handler: resetPassword });

  defineRoute(ctx, 'user/edit_password', {
    schema: { body: objectSchema({ old_password: field.str('原密码', { minLength: 1, maxLength: 64, errorMessage: '请输入原密码' }), new_password: rules.newPassword, new_password_repeat: rules.repeat }, ['old_password', 'new_password', 'new_password_repeat']) },
    async handler(request) {
      const body = request.body;
      passwordsMatch(body.new_password, body.new_password_repeat, '两次密码不一致！');
      await changePassword(db, currentUser(request), body.old_password, body.new_password);
      return new Answer(null, '密码修改成功，请重新登录');
    },
  });

  defineRoute(ctx, 'user/edit_info', {
    schema: {
      body: objectSchema({
        realname: rules.realname,
        mobile: rules.mobile,
        sex: field.int('性别', { enum: [0, 1, 2] }),
        student_no: field.str('学号', { maxLength: 32 }),
        head_img: field.str('头像', { maxLength: 300 }),
        depart_id: rules.orgId('院系'),
        major_id: rules.orgId('专业'),
        grade_id: rules.orgId('年级'),
        class_id: rules.orgId('班级'),
        verification_key: field.str('验证码标识', { maxLength: 64 }),
        verification_code: field.str('验证码', { maxLength: 6, errorMessage: { maxLength: '请输入正确验证码' } }),
      }),
    },
    async handler(request) {
      const user = currentUser(request);
      const body = request.body;
      const changes: Record<string, unknown> = {};
      if (body.realname !== undefined) changes.realname = body.realname.trim();
      if (body.sex !== undefined) changes.sex = body.sex;
      if (body.student_no !== undefined) changes.student_no = body.student_no.trim() || null;
      // A new number needs the code sent to it (user/mobile_code): nobody takes a number they cannot receive texts on.
      if (body.mobile !== undefined && body.mobile !== user.mobile) {
        await assertMobileFree(db, user.school_id, body.mobile, user.id);
        if (!body.verification_key) throw refuse('请获取验证码！');
        if (!body.verification_code?.trim()) throw refuse('请输入验证码');
        await consumeCode(db, { mobile: body.mobile, purpose: 'mobile', code: body.verification_code, key: body.verification_key }, deps.limitsFor(user.school_id).sms);
        changes.mobile = body.mobile;
      }
      if (body.head_img !== undefined && body.head_img !== user.head_img) changes.head_img = await ownedImage(body.head_img, user.id);
      if (body.class_id !== undefined && body.class_id !== user.class_id) {
        const org = { depart_id: body.depart_id ?? 0, major_id: body.major_id ?? 0, grade_id: body.grade_id ?? 0, class_id: body.class_id };
        await assertOrgChain(db, user.school_id, org);
        // A class the student chose is an application the school reviews (待审核, type 4): a student who registered
        // by SMS choosing one for the first time, or one whose application was rejected resubmitting (spec: modify and
        // resubmit). An approved student changing class keeps their state.
        Object.assign(changes, org, user.role === 'student' && (user.type === 5 || !user.class_id) ? { type: 4, review_reason: null } : {});
      }
      if (Object.keys(changes).length > 0) {
        await db.updateTable('users').set(changes).where('id', '=', user.id).execute();
        forgetCachedUser(db, user.id);
      }
      const fresh = await db.selectFrom('users').selectAll().where('id', '=', user.id).executeTakeFirstOrThrow();
      return new Answer(await userInfo(db, fresh), '保存成功');
    },
  });

  /** An avatar must be an image this user uploaded (content-checked by common/upload_file), never an arbitrary URL. */
  async function ownedImage(url: string, userId: number): Promise<string> {
    const stored = url.replace(/^.*\/files\//, '');
    const upload = await db.selectFrom('uploads').select(['id', 'mime', 'size']).where('owner_id', '=', userId).where('stored_name', '=', stored).executeTakeFirst();
    if (!upload || !/^image\/(png|jpeg|gif|webp)$/.test(upload.mime)) throw refuse('请上传 JPG、PNG、GIF 或 WEBP 格式的头像');
    if (upload.size >= 2 * 1024 * 1024) throw refuse('上传头像图片大小不能超过 2MB!');
    // Held against the orphan cleanup until head_img is written.
    if (!(await claimUploads(db, [upload.id]))) throw refuse('请上传 JPG、PNG、GIF 或 WEBP 格式的头像');
    return `/files/${stored}`;
  }

  captchaRoutes(ctx, deps);
  mobileCodeRoute(ctx, deps);
  ssoRoutes(ctx, deps);
}

