import { currentUser } from '../http/auth';
import { defineRoute, type RouteContext } from './define';

export function answerRoutes(ctx: RouteContext): void {
  const { db } = ctx;

  // The teachers of the student's school, each with the latest message of their conversation (if any).
  defineRoute(ctx, 'answer/getteacher', {
    async handler(request) {
      const user = currentUser(request);
      const teachers = await db
        .selectFrom('users')
        .leftJoin('conversations', (join) => join.onRef('conversations.teacher_id', '=', 'users.id').on('conversations.student_id', '=', user.id))
        .select(['users.id', 'users.realname', 'users.head_img', 'conversations.status', 'conversations.last_message as message', 'conversations.last_author_id as author_id', 'conversations.updated_at'])
        .where('users.school_id', '=', user.school_id)
        .where('users.role', '=', 'teacher')
        .where('users.status', '=', 1)
        .orderBy('users.id')
        .execute();
      return teachers.map((t) => ({ ...t, status: t.status ?? 0, message: t.message ?? '', teacher_id: t.id }));
    },
  });
}
