import { now } from '../db/time';
import { currentUser } from '../http/auth';
import { refuse } from '../http/errors';
import { jsonOr } from '../services/assignments';
import { markInScope } from '../services/staff-scope';
import { Answer, defineRoute, field, objectSchema, type RouteContext } from './define';

/**
 * 退回重做 in the grader: a submission goes back to its student with the teacher's comment. It is kept in
 * returned_work and removed from marks, so the student sees the item as not done (未完成) with the comment, may hand
 * in again (after the deadline too, marked late), and the resubmission waits in the grader like any other.
 */
export function staffReturnRoutes(ctx: RouteContext): void {
  const { db } = ctx;

  defineRoute(ctx, 'staff/return', {
    schema: {
      body: objectSchema({
        id: field.int('提交ID', { minimum: 1 }),
        comment: field.str('退回原因', { minLength: 1, maxLength: 500, pattern: '\\S', errorMessage: { minLength: '请写明退回原因', pattern: '请写明退回原因', maxLength: '退回原因最多 500 个字' } }),
      }, ['id', 'comment']),
    },
    async handler(request) {
      const teacher = currentUser(request);
      const b = request.body;
      const { mark } = await markInScope(db, teacher, b.id);
      if (jsonOr<unknown[]>(mark.student_answer, []).length === 0) throw refuse('只能退回上传的作品');
      await db.transaction().execute(async (trx) => {
        await trx.insertInto('returned_work').values({
          assignment_id: mark.assignment_id, user_id: mark.user_id, teacher_id: teacher.id, comment: b.comment.trim(),
          student_answer: mark.student_answer, student_des: mark.student_des ?? '', annex: mark.annex ?? '[]', submitted_at: mark.created_at, returned_at: now(),
        }).execute();
        await trx.deleteFrom('marks').where('id', '=', mark.id).execute();
      });
      return new Answer(null, '已退回，学生可以重新提交');
    },
  });
}
