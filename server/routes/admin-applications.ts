import { refuse } from '../http/errors';
import { accountInSchool, schoolOfAdmin } from '../services/admin-scope';
import { audit } from '../services/audit';
import { forgetCachedUser } from '../services/sessions';
import { adminPaging, keywordMatch, pageOf } from './admin-paging';
import { Answer, defineRoute, field, objectSchema, type RouteContext } from './define';

/**
 * Class applications: a student whose class is waiting for review (users.type 4 待审核) is approved (type 1: the class
 * is theirs, learning opens) or rejected (type 5 已驳回, with the reason the student is shown next to the 审核未通过
 * notice). A rejected student who picks a class again in 个人中心 is back at type 4 (user/edit_info).
 */
const TYPE_NAMES: Record<number, string> = { 4: '待审核', 5: '已驳回' };

export function adminApplicationRoutes(ctx: RouteContext): void {
  const { db } = ctx;

  defineRoute(ctx, 'admin/applications', {
    schema: { querystring: objectSchema({ ...adminPaging, state: field.str('状态', { enum: ['pending', 'rejected', 'all'], default: 'pending' }) }) },
    async handler(request) {
      const schoolId = schoolOfAdmin(request);
      // Waiting applications unless asked otherwise: that is the administrator's work list.
      const q = request.query;
      const types = { pending: [4], rejected: [5], all: [4, 5] }[q.state ?? 'pending'];
      let list = db.selectFrom('users as u').leftJoin('classes as c', 'c.id', 'u.class_id').leftJoin('grades as g', 'g.id', 'u.grade_id')
        .leftJoin('majors as m', 'm.id', 'u.major_id')
        .where('u.school_id', '=', schoolId).where('u.role', '=', 'student').where('u.type', 'in', types)
        .select(['u.id', 'u.username', 'u.realname', 'u.mobile', 'u.student_no', 'u.type', 'u.review_reason', 'u.created_at', 'c.class_name', 'g.grade_name', 'm.major_name']);
      if (q.keyword?.trim()) list = list.where(keywordMatch(['u.username', 'u.realname', 'u.mobile', 'c.class_name'], q.keyword.trim()));
      const page = await pageOf(list.orderBy('u.type').orderBy('u.id'), q);
      return {
        ...page,
        data: page.data.map((r) => ({ ...r, type_name: TYPE_NAMES[r.type] ?? '', class_name: r.class_name ?? '', mobile: r.mobile ?? '', student_no: r.student_no ?? '',
          review_reason: r.review_reason ?? '', path: [r.major_name, r.grade_name].filter(Boolean).join(' / ') })),
      };
    },
  });

  /** The student of this school whose application waits for review (type 4), else 404 / a refusal. */
  async function pending(schoolId: number, id: number) {
    const student = await accountInSchool(db, schoolId, id, ['student'], '学生不存在');
    if (student.type !== 4) throw refuse(student.type === 5 ? '该申请已驳回，学生修改班级信息后会重新进入待审核' : '该学生的班级申请不在待审核状态');
    if (!student.class_id) throw refuse('该学生还没有选择班级，不能审核');
    const klass = await db.selectFrom('classes').select('class_name').where('id', '=', student.class_id).executeTakeFirst();
    return { student, className: klass?.class_name ?? '' };
  }

  defineRoute(ctx, 'admin/application/approve', {
    schema: { body: objectSchema({ id: field.int('学生', { minimum: 1 }) }, ['id']) },
    async handler(request) {
      const schoolId = schoolOfAdmin(request);
      const { student, className } = await pending(schoolId, request.body.id);
      await db.transaction().execute(async (trx) => {
        await trx.updateTable('users').set({ type: 1, review_reason: null }).where('id', '=', student.id).where('type', '=', 4).execute();
        await audit(trx, request, { kind: 'application', action: 'approve', targetId: student.id, summary: `通过 ${student.realname || student.username} 加入 ${className} 的申请`, detail: { class_id: student.class_id } });
      });
      forgetCachedUser(db, student.id);
      return new Answer(null, '已通过');
    },
  });

  defineRoute(ctx, 'admin/application/reject', {
    schema: {
      body: objectSchema({
        id: field.int('学生', { minimum: 1 }),
        reason: field.str('驳回原因', { minLength: 1, maxLength: 200, pattern: '\\S', errorMessage: { minLength: '请填写驳回原因', pattern: '请填写驳回原因', maxLength: '驳回原因最多 200 个字' } }),
      }, ['id', 'reason']),
    },
    async handler(request) {
      const schoolId = schoolOfAdmin(request);
      const b = request.body;
      const { student, className } = await pending(schoolId, b.id);
      const reason = b.reason.trim();
      await db.transaction().execute(async (trx) => {
        await trx.updateTable('users').set({ type: 5, review_reason: reason }).where('id', '=', student.id).where('type', '=', 4).execute();
        await audit(trx, request, { kind: 'application', action: 'reject', targetId: student.id, summary: `驳回 ${student.realname || student.username} 加入 ${className} 的申请：${reason}`, detail: { class_id: student.class_id, reason } });
      });
      forgetCachedUser(db, student.id);
      return new Answer(null, '已驳回');
    },
  });
}
