import { currentUser } from '../http/auth';
import { notFound } from '../http/errors';
import {
  addMessage, cleanMessage, deleteForStudent, findConversation, history, markReadByStudent, messageLength, partnerIn, studentConversations,
} from '../services/messaging';
import { Answer, defineRoute, field, objectSchema, type RouteContext } from './define';
import type { SiteConfigSource } from './system';

const teacherQuery = objectSchema({ teacher_id: field.int('老师') }, ['teacher_id']);

/** The student's side of the conversations with teachers (spec: Teacher Q&A and messages). */
export function answerRoutes(ctx: RouteContext, opts: { config: SiteConfigSource }): void {
  const { db } = ctx;

  // The teachers of the student's school, each with the latest message of their conversation (if any).
  defineRoute(ctx, 'answer/getteacher', {
    async handler(request) {
      // Not limited to students: the partner school's reviewer account sees the same list.
      const user = currentUser(request);
      const teachers = await db
        .selectFrom('users')
        .leftJoin('conversations', (join) => join.onRef('conversations.teacher_id', '=', 'users.id').on('conversations.student_id', '=', user.id).on('conversations.deleted_by_student', '=', 0))
        .select(['users.id', 'users.realname', 'users.head_img', 'conversations.status', 'conversations.last_message as message', 'conversations.last_author_id as author_id', 'conversations.updated_at'])
        .where('users.school_id', '=', user.school_id)
        .where('users.role', '=', 'teacher')
        .where('users.status', '=', 1)
        .orderBy('users.id')
        .execute();
      return teachers.map((t) => ({ ...t, status: t.status ?? 0, message: t.message ?? '', teacher_id: t.id }));
    },
  });

  defineRoute(ctx, 'answer/messagelist', {
    async handler(request) {
      const user = currentUser(request);
      return studentConversations(db, user);
    },
  });

  // A read only reads: a link from another site (a cross-site GET carries the cookie) must not change anything.
  defineRoute(ctx, 'answer/messageinfo', {
    schema: { querystring: teacherQuery },
    async handler(request) {
      const user = currentUser(request);
      const { teacher_id } = request.query;
      await partnerIn(db, user.school_id, teacher_id, 'teacher');
      const conversation = await findConversation(db, user.id, teacher_id);
      if (!conversation || conversation.deleted_by_student) return [];
      return history(db, conversation.id, conversation.student_cleared_id);
    },
  });

  // The chat marks a conversation read when the student has it open: a POST, like every change.
  defineRoute(ctx, 'answer/messageread', {
    schema: { body: teacherQuery },
    async handler(request) {
      const user = currentUser(request);
      const { teacher_id } = request.body;
      await partnerIn(db, user.school_id, teacher_id, 'teacher');
      const conversation = await findConversation(db, user.id, teacher_id);
      if (conversation && !conversation.deleted_by_student && (conversation.status || conversation.unread_student)) await markReadByStudent(db, conversation.id);
      return new Answer(null, '已读');
    },
  });

  defineRoute(ctx, 'answer/addmessage', {
    schema: { body: objectSchema({ teacher_id: field.int('老师'), message: field.str('消息内容') }, ['teacher_id']) },
    async handler(request) {
      const user = currentUser(request);
      const body = request.body;
      const text = cleanMessage(body.message, messageLength(opts.config.forSchool({ id: user.school_id }).app));
      await partnerIn(db, user.school_id, body.teacher_id, 'teacher');
      return new Answer(await addMessage(db, { studentId: user.id, teacherId: body.teacher_id }, user.id, text), '发送成功');
    },
  });

  defineRoute(ctx, 'answer/messagedelete', {
    schema: { body: teacherQuery },
    async handler(request) {
      const user = currentUser(request);
      const { teacher_id } = request.body;
      const conversation = await findConversation(db, user.id, teacher_id);
      if (!conversation || conversation.deleted_by_student) throw notFound('会话不存在');
      await deleteForStudent(db, conversation.id);
      return new Answer(null, '删除成功');
    },
  });
}
