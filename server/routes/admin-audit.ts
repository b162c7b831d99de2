import { fromNow, parseTimestamp } from '../db/time';
import { invalid } from '../http/errors';
import { adminSchoolFilter } from '../services/admin-scope';
import { AUDIT_KINDS } from '../services/audit';
import { adminPaging, keywordMatch, pageOf } from './admin-paging';
import { defineRoute, field, keysOf, objectSchema, type RouteContext, type RouteRequest } from './define';

/**
 * The audit log: a school administrator reads their school's entries (admin/audit), a platform administrator every
 * school's and the platform's own (platform/audit, optionally one school). Filters: kind, who (name or account), dates.
 */
const ACTION_NAMES: Record<string, string> = {
  create: '新建', update: '修改', delete: '删除', move: '调班', approve: '通过', reject: '驳回',
  'reset-password': '重置密码', disable: '停用', enable: '启用', unlock: '解锁', import: '导入', visibility: '设置可见班级', image: '更换封面',
};

const query = objectSchema({
  ...adminPaging,
  kind: field.str('类型', { enum: keysOf(AUDIT_KINDS) }),
  actor: field.str('操作人', { maxLength: 32 }),
  from: field.str('开始日期', { maxLength: 10 }),
  to: field.str('结束日期', { maxLength: 10 }),
  days: field.int('最近天数', { minimum: 1, maximum: 3660 }),
  school_id: field.int('学校', { minimum: 1 }),
});

function day(name: 'from' | 'to', text: string | undefined): string | undefined {
  const value = text?.trim().slice(0, 10);
  if (!value) return undefined;
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value) || !parseTimestamp(`${value} 00:00:00`)) throw invalid(name, '日期格式应为 2026-09-01');
  return value;
}

export function adminAuditRoutes(ctx: RouteContext): void {
  const { db } = ctx;

  const handler = async (request: RouteRequest<{ querystring: typeof query }>) => {
    const q = request.query;
    const schoolId = await adminSchoolFilter(db, request, q.school_id);
    // `days`: the last N days including today (the screen's 今天 / 近7天 / 近30天 chips); `from`/`to`: exact dates.
    const from = q.days ? fromNow(-(q.days - 1) * 86400).slice(0, 10) : day('from', q.from);
    const to = day('to', q.to);
    let list = db.selectFrom('audit_log as a').leftJoin('users as u', 'u.id', 'a.actor_id').leftJoin('schools as s', 's.id', 'a.school_id')
      .select(['a.id', 'a.created_at', 'a.kind', 'a.action', 'a.summary', 'a.actor_name', 'a.school_id', 'a.ip', 'u.username as actor_username', 's.school_name']);
    if (schoolId !== null) list = list.where('a.school_id', '=', schoolId);
    if (q.kind) list = list.where('a.kind', '=', q.kind);
    if (q.actor?.trim()) list = list.where(keywordMatch(['a.actor_name', 'u.username'], q.actor.trim()));
    if (q.keyword?.trim()) list = list.where(keywordMatch(['a.summary'], q.keyword.trim()));
    if (from) list = list.where('a.created_at', '>=', `${from} 00:00:00`);
    if (to) list = list.where('a.created_at', '<=', `${to} 23:59:59`);
    const page = await pageOf(list.orderBy('a.id', 'desc'), q);
    return {
      ...page,
      data: page.data.map((r) => ({
        ...r, kind_name: AUDIT_KINDS[r.kind as keyof typeof AUDIT_KINDS] ?? r.kind, action_name: ACTION_NAMES[r.action] ?? r.action,
        actor: r.actor_username ? `${r.actor_name}（${r.actor_username}）` : r.actor_name, school_name: r.school_name ?? '平台', ip: r.ip ?? '',
      })),
    };
  };

  defineRoute(ctx, 'admin/audit', { schema: { querystring: query }, handler });
  defineRoute(ctx, 'platform/audit', { schema: { querystring: query }, handler });
}
