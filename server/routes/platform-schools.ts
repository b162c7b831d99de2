import { invalid, notFound } from '../http/errors';
import { accountInSchool, schoolExists } from '../services/admin-scope';
import { ADMIN_RULES, adminNameClash, insertAdmin, passwordProblem } from '../services/admin-accounts';
import { setPassword } from '../services/accounts';
import { audit } from '../services/audit';
import { insertSchool, SCHOOL_RULES, schoolClash, writeStarterYaml } from '../services/school-registry';
import { revokeUserSessions } from '../services/sessions';
import { adminPaging, keywordMatch, num, pageOf } from './admin-paging';
import { Answer, defineRoute, field, objectSchema, type RouteContext } from './define';

/**
 * The platform administrator's console (role platform): schools (the row and the starting YAML file that
 * `npm run school:add` writes) and each school's administrators (create, rename, reset password, disable / enable).
 */
export interface PlatformRouteOptions {
  /** Where a new school's starting YAML goes (config/schools); none is written when absent (server tests). */
  schoolFilesDir?: string;
}

const schoolBody = objectSchema({
  id: field.int('学校ID', { minimum: 1 }),
  school_name: field.str('学校名称', { minLength: 1, maxLength: 60, pattern: '\\S', errorMessage: { minLength: '请输入学校名称', pattern: '请输入学校名称', maxLength: '学校名称最多 60 个字' } }),
  domain_name: field.str('子域名', { minLength: 1, maxLength: 63, pattern: SCHOOL_RULES.domain.source, errorMessage: { minLength: '请输入子域名', pattern: SCHOOL_RULES.domainMessage, maxLength: SCHOOL_RULES.domainMessage } }),
  type: field.str('类型', { enum: ['0', '1'], default: '0', errorMessage: '类型只能是单校或多校平台' }),
  address: field.str('地址', { maxLength: 200, default: '' }),
  email: field.str('邮箱', { maxLength: 100, default: '' }),
  phone: field.str('电话', { maxLength: 40, default: '' }),
}, ['school_name', 'domain_name']);

const adminFields = {
  username: field.str('账号', { minLength: 1, maxLength: 32, pattern: ADMIN_RULES.username.source, errorMessage: { minLength: '请输入账号', pattern: ADMIN_RULES.usernameMessage, maxLength: ADMIN_RULES.usernameMessage } }),
  realname: field.str('姓名', { minLength: 1, maxLength: 20, pattern: '\\S', errorMessage: { minLength: '请输入姓名', pattern: '请输入姓名', maxLength: '姓名最多 20 个字' } }),
  password: field.str('密码', { minLength: 1, maxLength: 64, errorMessage: { minLength: '请输入密码', maxLength: ADMIN_RULES.passwordMessage } }),
};

export function platformRoutes(ctx: RouteContext, opts: PlatformRouteOptions): void {
  const { db } = ctx;

  defineRoute(ctx, 'platform/schools', {
    schema: { querystring: objectSchema({ ...adminPaging }) },
    async handler(request) {
      const q = request.query;
      let list = db.selectFrom('schools as s').select((eb) => ['s.id', 's.school_name', 's.domain_name', 's.type', 's.address', 's.email', 's.phone', 's.created_at',
        eb.selectFrom('users as u').select(eb.fn.countAll<number>().as('n')).whereRef('u.school_id', '=', 's.id').where('u.role', '=', 'admin').as('admins'),
        eb.selectFrom('users as u').select(eb.fn.countAll<number>().as('n')).whereRef('u.school_id', '=', 's.id').where('u.role', '=', 'student').as('students')]);
      if (q.keyword?.trim()) list = list.where(keywordMatch(['s.school_name', 's.domain_name'], q.keyword.trim()));
      const page = await pageOf(list.orderBy('s.id'), q);
      return { ...page, data: page.data.map((r) => ({ ...r, admins: num(r.admins), students: num(r.students), label: `${r.school_name}（${r.id}）` })) };
    },
  });

  defineRoute(ctx, 'platform/school', {
    schema: { querystring: objectSchema({ id: field.int('学校ID', { minimum: 1 }) }, ['id']) },
    handler: async (request) => schoolExists(db, request.query.id),
  });

  defineRoute(ctx, 'platform/school/save', {
    schema: { body: schoolBody },
    async handler(request) {
      const b = request.body;
      const name = b.school_name.trim();
      const before = b.id ? await db.selectFrom('schools').selectAll().where('id', '=', b.id).executeTakeFirst() : undefined;
      const clash = await schoolClash(db, before ? undefined : b.id, b.domain_name, before?.id);
      if (clash) throw invalid(clash.startsWith('子域名') ? 'domain_name' : 'id', clash);
      const extra = { address: (b.address ?? '').trim(), email: (b.email ?? '').trim(), phone: (b.phone ?? '').trim() };
      let id: number;
      let file: string | null = null;
      if (before) {
        id = before.id;
        await db.updateTable('schools').set({ school_name: name, domain_name: b.domain_name, type: b.type ?? before.type, ...extra }).where('id', '=', id).execute();
      } else {
        id = await insertSchool(db, { id: b.id, name, domain: b.domain_name, type: b.type ?? '0' });
        await db.updateTable('schools').set(extra).where('id', '=', id).execute();
        if (opts.schoolFilesDir) file = writeStarterYaml(opts.schoolFilesDir, id, name);
      }
      await audit(db, request, { kind: 'school', action: before ? 'update' : 'create', schoolId: id, targetId: id,
        summary: before ? `修改学校 ${before.school_name}${before.school_name !== name ? ` → ${name}` : ''}（${b.domain_name}）` : `新建学校 ${name}（${id}，子域名 ${b.domain_name}）`,
        detail: { school_name: name, domain_name: b.domain_name, type: b.type, ...extra } });
      return new Answer({ id, config_file: file ? `config/schools/${id}.yaml` : null }, before ? '保存成功' : `已添加学校 ${id}`);
    },
  });

  // ---------- school administrators ----------
  defineRoute(ctx, 'platform/admins', {
    schema: { querystring: objectSchema({ ...adminPaging, school_id: field.int('学校', { minimum: 1 }) }) },
    async handler(request) {
      const q = request.query;
      let list = db.selectFrom('users as u').innerJoin('schools as s', 's.id', 'u.school_id').where('u.role', '=', 'admin')
        .select(['u.id', 'u.username', 'u.realname', 'u.status', 'u.created_at', 'u.last_login_at', 'u.school_id', 's.school_name']);
      if (q.school_id) list = list.where('u.school_id', '=', q.school_id);
      if (q.keyword?.trim()) list = list.where(keywordMatch(['u.username', 'u.realname', 's.school_name'], q.keyword.trim()));
      const page = await pageOf(list.orderBy('u.school_id').orderBy('u.id'), q);
      return { ...page, data: page.data.map((r) => ({ ...r, last_login_at: r.last_login_at ?? '' })) };
    },
  });

  defineRoute(ctx, 'platform/admin/save', {
    schema: { body: objectSchema({ id: field.int('ID', { minimum: 1 }), school_id: field.int('学校', { minimum: 1, errorMessage: '请选择学校' }), ...adminFields }, ['realname']) },
    async handler(request) {
      const b = request.body;
      const realname = b.realname.trim();
      if (b.id) {
        const admin = await db.selectFrom('users').selectAll().where('id', '=', b.id).where('role', '=', 'admin').executeTakeFirst();
        if (!admin) throw notFound('管理员不存在');
        await db.updateTable('users').set({ realname }).where('id', '=', admin.id).execute();
        await audit(db, request, { kind: 'account', action: 'update', schoolId: admin.school_id, targetId: admin.id, summary: `修改学校管理员 ${admin.username} 的姓名为 ${realname}` });
        return new Answer({ id: admin.id }, '保存成功');
      }
      if (!b.school_id) throw invalid('school_id', '请选择学校');
      if (!b.username) throw invalid('username', '请输入账号');
      if (!b.password) throw invalid('password', '请输入密码');
      const school = await schoolExists(db, b.school_id).catch(() => { throw invalid('school_id', '学校不存在'); });
      const weak = passwordProblem(b.password);
      if (weak) throw invalid('password', weak);
      const clash = await adminNameClash(db, 'admin', school.id, b.username);
      if (clash) throw invalid('username', clash);
      // The platform administrator knows this password: the new administrator replaces it at the first login.
      const admin = await insertAdmin(db, { role: 'admin', schoolId: school.id, username: b.username, password: b.password, realname, mustChange: true });
      await audit(db, request, { kind: 'account', action: 'create', schoolId: school.id, targetId: admin.id, summary: `新建学校管理员 ${admin.username}（${realname}，${school.school_name}）` });
      return new Answer({ id: admin.id }, '已添加管理员');
    },
  });

  /** An administrator of some school (platform scope), else 404. */
  async function schoolAdmin(id: number) {
    const row = await db.selectFrom('users').select('school_id').where('id', '=', id).where('role', '=', 'admin').executeTakeFirst();
    if (!row) throw notFound('管理员不存在');
    return accountInSchool(db, row.school_id, id, ['admin'], '管理员不存在');
  }

  defineRoute(ctx, 'platform/admin/password', {
    schema: { body: objectSchema({ id: field.int('ID', { minimum: 1 }), password: adminFields.password }, ['id', 'password']) },
    async handler(request) {
      const b = request.body;
      const admin = await schoolAdmin(b.id);
      const weak = passwordProblem(b.password);
      if (weak) throw invalid('password', weak);
      await setPassword(db, admin.id, b.password, true); // ends the account's sessions; to be changed at the next login
      await audit(db, request, { kind: 'account', action: 'reset-password', schoolId: admin.school_id, targetId: admin.id, summary: `重置学校管理员 ${admin.username} 的密码` });
      return new Answer(null, '密码已重置');
    },
  });

  defineRoute(ctx, 'platform/admin/status', {
    schema: { body: objectSchema({ id: field.int('ID', { minimum: 1 }), status: field.int('状态', { enum: [0, 1], errorMessage: '状态只能是停用或启用' }) }, ['id', 'status']) },
    async handler(request) {
      const b = request.body;
      const admin = await schoolAdmin(b.id);
      await db.updateTable('users').set({ status: b.status }).where('id', '=', admin.id).execute();
      if (b.status === 0) await revokeUserSessions(db, admin.id);
      await audit(db, request, { kind: 'account', action: b.status ? 'enable' : 'disable', schoolId: admin.school_id, targetId: admin.id,
        summary: `${b.status ? '启用' : '停用'}学校管理员 ${admin.username}` });
      return new Answer(null, b.status ? '已启用' : '已停用');
    },
  });
}
