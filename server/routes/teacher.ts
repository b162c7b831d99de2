import { now } from '../db/time';
import { currentUser } from '../http/auth';
import { addMessage, cleanMessage, findConversation, history, markReadByTeacher, messageLength, partnerIn } from '../services/messaging';
import { Answer, defineRoute, field, objectSchema, type RouteContext } from './define';
import { signInStaff, staffLoginBody } from './staff-login';
import type { SiteConfigSource } from './system';

const studentField = field.int('学生');

/**
 * The teacher's side of the conversations (not in the original spec): a teacher client signs in with a teacher
 * account, lists its conversations, reads one and replies; students see replies by polling. docs/api.md.
 */
export function teacherRoutes(ctx: RouteContext, opts: { config: SiteConfigSource }): void {
  const { db } = ctx;

  defineRoute(ctx, 'teacher/login', {
    schema: { body: staffLoginBody(20) },
    handler: (request) => signInStaff(db, request, opts.config, (username, schoolId) =>
      db.selectFrom('users').selectAll().where('school_id', '=', schoolId).where('username', '=', username).where('role', '=', 'teacher').executeTakeFirst()),
  });

  defineRoute(ctx, 'teacher/conversations', {
    async handler(request) {
      const teacher = currentUser(request);
      const rows = await db.selectFrom('conversations')
        .innerJoin('users as s', 's.id', 'conversations.student_id')
        .select(['conversations.id', 'conversations.student_id', 'conversations.last_message as message', 'conversations.last_author_id as author_id',
          'conversations.unread_teacher as unread', 'conversations.updated_at', 's.realname', 's.head_img'])
        .where('conversations.teacher_id', '=', teacher.id)
        .orderBy('conversations.updated_at', 'desc')
        .orderBy('conversations.id', 'desc')
        .execute();
      return rows.map((r) => ({ ...r, teacher_id: teacher.id, head_img: r.head_img ?? '' }));
    },
  });

  // The whole thread (a student's delete only hides it on the student's side); reading marks it read.
  defineRoute(ctx, 'teacher/messageinfo', {
    schema: { querystring: objectSchema({ student_id: studentField }, ['student_id']) },
    async handler(request) {
      const teacher = currentUser(request);
      const { student_id } = request.query;
      await partnerIn(db, teacher.school_id, student_id, 'student');
      const conversation = await findConversation(db, student_id, teacher.id);
      if (!conversation) return [];
      return history(db, conversation.id);
    },
  });

  defineRoute(ctx, 'teacher/messageread', {
    schema: { body: objectSchema({ student_id: studentField }, ['student_id']) },
    async handler(request) {
      const teacher = currentUser(request);
      const { student_id } = request.body;
      await partnerIn(db, teacher.school_id, student_id, 'student');
      const conversation = await findConversation(db, student_id, teacher.id);
      if (conversation?.unread_teacher) await markReadByTeacher(db, conversation.id);
      return new Answer(null, '已读');
    },
  });

  defineRoute(ctx, 'teacher/reply', {
    schema: { body: objectSchema({ student_id: studentField, message: field.str('消息内容') }, ['student_id']) },
    async handler(request) {
      const teacher = currentUser(request);
      const body = request.body;
      const text = cleanMessage(body.message, messageLength(opts.config.forSchool({ id: teacher.school_id }).app));
      await partnerIn(db, teacher.school_id, body.student_id, 'student');
      return new Answer(await addMessage(db, { studentId: body.student_id, teacherId: teacher.id }, teacher.id, text), '发送成功');
    },
  });

  // A notification to one student of the teacher's school (shown in 消息通知).
  defineRoute(ctx, 'teacher/notify', {
    schema: { body: objectSchema({ student_id: studentField, content: field.str('通知内容') }, ['student_id']) },
    async handler(request) {
      const teacher = currentUser(request);
      const body = request.body;
      const content = cleanMessage(body.content, messageLength(opts.config.forSchool({ id: teacher.school_id }).app), 'content');
      await partnerIn(db, teacher.school_id, body.student_id, 'student');
      const row = await db.insertInto('notifications').values({ user_id: body.student_id, teacher_id: teacher.id, content, created_at: now() }).returning('id').executeTakeFirstOrThrow();
      return new Answer({ id: row.id }, '发送成功');
    },
  });
}
