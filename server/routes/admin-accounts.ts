import { randomInt } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import { sql } from 'kysely';
import type { Db } from '../db';
import { hashInitialPassword } from '../db/password';
import type { NewRow, User } from '../db/schema';
import { now } from '../db/time';
import { invalid } from '../http/errors';
import { ACCOUNT_RULES, accountPasswordProblem, initialPassword } from '../services/account-rules';
import { accountInSchool, classInSchool, schoolOfAdmin } from '../services/admin-scope';
import { audit } from '../services/audit';
import { loginKey } from '../services/login-guard';
import { clearFailures } from '../services/rateLimit';
import { forgetCachedUser, revokeUserSessions } from '../services/sessions';
import { adminPaging, keywordMatch, pageOf } from './admin-paging';
import { Answer, defineRoute, field, objectSchema, type RouteContext } from './define';

/**
 * A school administrator's teacher and student accounts (issue 17 item 2): lists, create and edit, the classes a
 * teacher teaches, password reset (must be changed at next login), disable/enable (sessions end at once) and unlock
 * (the login lockout of services/login-guard.ts). Every change is audited (kind accounts). Scope: admin-scope.ts.
 */
const ROLE_NAMES = { student: '学生', teacher: '教师' } as const;
type Role = keyof typeof ROLE_NAMES;

const accountFields = {
  id: field.int('ID', { minimum: 1 }),
  username: field.str('账号', { maxLength: 20, errorMessage: '请输入账号' }),
  realname: field.str('姓名', { maxLength: ACCOUNT_RULES.realnameMax, errorMessage: `姓名最多 ${ACCOUNT_RULES.realnameMax} 个字` }),
  mobile: field.str('手机号', { maxLength: 11, default: '', errorMessage: ACCOUNT_RULES.mobileMessage }),
  password: field.str('初始密码', { maxLength: 16, default: '', errorMessage: ACCOUNT_RULES.passwordMessage }),
};
const idBody = objectSchema({ id: field.int('账号', { minimum: 1 }) }, ['id']);

/** The lockout counters of these accounts that currently block a login. */
async function lockedOf(db: Db, schoolId: number, names: string[]): Promise<Set<string>> {
  if (!names.length) return new Set();
  const keys = names.map((n) => loginKey(schoolId, n));
  const rows = await db.selectFrom('rate_limits').select(['key', 'blocked_until']).where('key', 'in', keys).where('blocked_until', '>', now()).execute();
  return new Set(rows.map((r) => r.key));
}

async function withLocks<R extends { username: string }>(db: Db, schoolId: number, rows: R[]) {
  const locked = await lockedOf(db, schoolId, rows.map((r) => r.username));
  return rows.map((r) => ({ ...r, locked: locked.has(loginKey(schoolId, r.username)) ? 1 : 0 }));
}

/** The checks every save shares: username rule and uniqueness in the school, name, mobile format and uniqueness. */
async function checkAccount(db: Db, schoolId: number, b: { id?: number; username: string; realname: string; mobile?: string }) {
  const username = b.username.trim();
  if (!ACCOUNT_RULES.username.test(username)) throw invalid('username', ACCOUNT_RULES.usernameMessage);
  if (!b.realname.trim()) throw invalid('realname', '请输入姓名');
  let sameName = db.selectFrom('users').select('id').where('school_id', '=', schoolId).where(sql<boolean>`lower(username) = ${username.toLowerCase()}`);
  if (b.id) sameName = sameName.where('id', '!=', b.id);
  if (await sameName.executeTakeFirst()) throw invalid('username', `账号 ${username} 在本校已存在`);
  const mobile = (b.mobile ?? '').trim();
  if (mobile) {
    if (!ACCOUNT_RULES.mobile.test(mobile)) throw invalid('mobile', ACCOUNT_RULES.mobileMessage);
    let sameMobile = db.selectFrom('users').select('id').where('school_id', '=', schoolId).where('mobile', '=', mobile);
    if (b.id) sameMobile = sameMobile.where('id', '!=', b.id);
    if (await sameMobile.executeTakeFirst()) throw invalid('mobile', `手机号 ${mobile} 在本校已被使用`);
  }
  return { username, realname: b.realname.trim(), mobile: mobile || null };
}

/** The initial password of a new account or a reset: the one given (checked), else a generated one. */
function chosenPassword(given: string | undefined): { password: string; generated: boolean } {
  const text = (given ?? '').trim();
  if (!text) return { password: initialPassword(randomInt), generated: true };
  const weak = accountPasswordProblem(text);
  if (weak) throw invalid('password', weak);
  return { password: text, generated: false };
}

const describe = (u: Pick<User, 'realname' | 'username'>) => `${u.realname || u.username}（${u.username}）`;

/**
 * Writes an account inside the caller's transaction: the edited fields of an existing one, or a new one of `role`
 * whose first password (`hash`) must be changed at the first login. Answers its id.
 */
async function writeAccount(trx: Db, schoolId: number, role: Role, before: User | null, row: Omit<NewRow<'users'>, 'school_id' | 'role' | 'password_hash'>, hash: string | null): Promise<number> {
  if (before) {
    await trx.updateTable('users').set(row).where('id', '=', before.id).execute();
    return before.id;
  }
  const created = await trx.insertInto('users').values({ ...row, school_id: schoolId, role, password_hash: hash!, must_change_password: 1, type: 1, status: 1 })
    .returning('id').executeTakeFirstOrThrow();
  return created.id;
}

export function adminAccountRoutes(ctx: RouteContext): void {
  const { db } = ctx;
  const account = (request: FastifyRequest, id: number) => accountInSchool(db, schoolOfAdmin(request), id, ['student', 'teacher']);

  // ---------- teachers ----------
  defineRoute(ctx, 'admin/teachers', {
    schema: { querystring: objectSchema({ ...adminPaging, status: field.int('状态', { enum: [0, 1] }) }) },
    async handler(request) {
      const schoolId = schoolOfAdmin(request);
      const q = request.query;
      let list = db.selectFrom('users as u').where('u.school_id', '=', schoolId).where('u.role', '=', 'teacher')
        .select(['u.id', 'u.username', 'u.realname', 'u.mobile', 'u.status', 'u.must_change_password', 'u.last_login_at']);
      if (q.status !== undefined) list = list.where('u.status', '=', q.status);
      if (q.keyword?.trim()) list = list.where(keywordMatch(['u.username', 'u.realname', 'u.mobile'], q.keyword.trim()));
      const page = await pageOf(list.orderBy('u.id'), q);
      const ids = page.data.map((r) => r.id);
      const taught = ids.length ? await db.selectFrom('teacher_classes as t').innerJoin('classes as c', 'c.id', 't.class_id')
        .select(['t.teacher_id', 'c.class_name']).where('t.teacher_id', 'in', ids).orderBy('c.id').execute() : [];
      const data = page.data.map((r) => ({ ...r, mobile: r.mobile ?? '', last_login_at: r.last_login_at ?? '', classes: taught.filter((t) => t.teacher_id === r.id).map((t) => t.class_name).join('、') }));
      return { ...page, data: await withLocks(db, schoolId, data) };
    },
  });

  defineRoute(ctx, 'admin/teacher', {
    schema: { querystring: idBody },
    async handler(request) {
      const t = await accountInSchool(db, schoolOfAdmin(request), request.query.id, ['teacher'], '教师不存在');
      const classes = await db.selectFrom('teacher_classes').select('class_id').where('teacher_id', '=', t.id).orderBy('class_id').execute();
      return { id: t.id, username: t.username, realname: t.realname, mobile: t.mobile ?? '', class_ids: classes.map((c) => c.class_id) };
    },
  });

  defineRoute(ctx, 'admin/teacher/save', {
    schema: {
      body: objectSchema({
        ...accountFields,
        class_ids: field.list('任教班级', field.int('班级', { minimum: 1 }), { maxItems: 200, uniqueItems: true, default: [], errorMessage: '任教班级有误' }),
      }, ['username', 'realname']),
    },
    async handler(request) {
      const schoolId = schoolOfAdmin(request);
      const b = request.body;
      const before = b.id ? await accountInSchool(db, schoolId, b.id, ['teacher'], '教师不存在') : null;
      const values = await checkAccount(db, schoolId, b);
      const classIds = b.class_ids ?? [];
      for (const id of classIds) await classInSchool(db, schoolId, id).catch(() => { throw invalid('class_ids', '班级不存在'); });
      const initial = before ? null : chosenPassword(b.password);
      const hash = initial ? await hashInitialPassword(initial.password, initial.generated) : null;
      const id = await db.transaction().execute(async (trx) => {
        const saved = await writeAccount(trx, schoolId, 'teacher', before, values, hash);
        await trx.deleteFrom('teacher_classes').where('teacher_id', '=', saved).execute();
        if (classIds.length) await trx.insertInto('teacher_classes').values(classIds.map((class_id) => ({ teacher_id: saved, class_id }))).execute();
        await audit(trx, request, { kind: 'accounts', action: before ? 'update' : 'create', targetId: saved,
          summary: `${before ? '修改' : '新建'}教师 ${describe(values)}`, detail: { ...values, class_ids: classIds } });
        return saved;
      });
      if (before) forgetCachedUser(db, id);
      return new Answer({ id, initial_password: initial?.generated ? initial.password : '' },
        initial?.generated ? `已新建教师，初始密码：${initial.password}（首次登录须修改）` : '保存成功');
    },
  });

  // ---------- students (the list is admin/students in admin-classes.ts) ----------
  defineRoute(ctx, 'admin/student', {
    schema: { querystring: idBody },
    async handler(request) {
      const u = await accountInSchool(db, schoolOfAdmin(request), request.query.id, ['student'], '学生不存在');
      return { id: u.id, username: u.username, realname: u.realname, student_no: u.student_no ?? '', mobile: u.mobile ?? '', class_id: u.class_id };
    },
  });

  defineRoute(ctx, 'admin/student/save', {
    schema: {
      body: objectSchema({
        ...accountFields,
        student_no: field.str('学号', { maxLength: 32, default: '', errorMessage: '学号最多 32 位' }),
        class_id: field.int('班级', { minimum: 1, errorMessage: '请选择班级' }),
      }, ['username', 'realname', 'class_id']),
    },
    async handler(request) {
      const schoolId = schoolOfAdmin(request);
      const b = request.body;
      const before = b.id ? await accountInSchool(db, schoolId, b.id, ['student'], '学生不存在') : null;
      const values = await checkAccount(db, schoolId, b);
      const klass = await classInSchool(db, schoolId, b.class_id).catch(() => { throw invalid('class_id', '班级不存在'); });
      const org = { class_id: klass.id, grade_id: klass.grade_id, major_id: klass.major_id, depart_id: klass.depart_id };
      const row = { ...values, ...org, student_no: (b.student_no ?? '').trim() || null };
      const initial = before ? null : chosenPassword(b.password);
      const hash = initial ? await hashInitialPassword(initial.password, initial.generated) : null;
      const id = await db.transaction().execute(async (trx) => {
        const saved = await writeAccount(trx, schoolId, 'student', before, row, hash);
        await audit(trx, request, { kind: 'accounts', action: before ? 'update' : 'create', targetId: saved,
          summary: `${before ? '修改' : '新建'}学生 ${describe(values)}（${klass.class_name}）`, detail: row });
        return saved;
      });
      if (before) forgetCachedUser(db, id);
      return new Answer({ id, initial_password: initial?.generated ? initial.password : '' },
        initial?.generated ? `已新建学生，初始密码：${initial.password}（首次登录须修改）` : '保存成功');
    },
  });

  // ---------- either: password, status, lockout ----------
  defineRoute(ctx, 'admin/account/password', {
    schema: { body: objectSchema({ id: field.int('账号', { minimum: 1 }), password: accountFields.password }, ['id']) },
    async handler(request) {
      const b = request.body;
      const u = await account(request, b.id);
      const chosen = chosenPassword(b.password);
      const password_hash = await hashInitialPassword(chosen.password, chosen.generated);
      await db.transaction().execute(async (trx) => {
        await trx.updateTable('users').set({ password_hash, must_change_password: 1 }).where('id', '=', u.id).execute();
        await audit(trx, request, { kind: 'accounts', action: 'reset-password', targetId: u.id, summary: `重置${ROLE_NAMES[u.role as Role]} ${describe(u)} 的密码（下次登录须修改）` });
      });
      await revokeUserSessions(db, u.id);
      await clearFailures(db, loginKey(u.school_id, u.username));
      return new Answer({ initial_password: chosen.password },
        chosen.generated ? `密码已重置为 ${chosen.password}，请告知本人；下次登录须修改密码` : '密码已重置；下次登录须修改密码');
    },
  });

  defineRoute(ctx, 'admin/account/status', {
    schema: { body: objectSchema({ id: field.int('账号', { minimum: 1 }), status: field.int('状态', { enum: [0, 1], errorMessage: '状态只能是停用或启用' }) }, ['id', 'status']) },
    async handler(request) {
      const b = request.body;
      const u = await account(request, b.id);
      await db.transaction().execute(async (trx) => {
        await trx.updateTable('users').set({ status: b.status }).where('id', '=', u.id).execute();
        await audit(trx, request, { kind: 'accounts', action: b.status ? 'enable' : 'disable', targetId: u.id, summary: `${b.status ? '启用' : '停用'}${ROLE_NAMES[u.role as Role]} ${describe(u)}` });
      });
      // A disabled account is signed out everywhere at once; the cached profile goes either way.
      if (b.status === 0) await revokeUserSessions(db, u.id);
      else forgetCachedUser(db, u.id);
      return new Answer(null, b.status ? '已启用' : '已停用，该账号的登录已全部失效');
    },
  });

  defineRoute(ctx, 'admin/account/unlock', {
    schema: { body: idBody },
    async handler(request) {
      const u = await account(request, request.body.id);
      await db.transaction().execute(async (trx) => {
        await clearFailures(trx, loginKey(u.school_id, u.username));
        await audit(trx, request, { kind: 'accounts', action: 'unlock', targetId: u.id, summary: `解锁${ROLE_NAMES[u.role as Role]} ${describe(u)}（清除登录失败次数）` });
      });
      return new Answer(null, '已解锁，可以重新登录');
    },
  });
}

export { withLocks };
