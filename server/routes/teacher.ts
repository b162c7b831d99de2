import { now } from '../db/time';
import { currentUser } from '../http/auth';
import { refuse } from '../http/errors';
import type { SchoolInfo } from '../services/schools';
import { accountLimits } from '../services/accounts';
import { checkPassword, loginKey } from '../services/login-guard';
import { addMessage, cleanMessage, findConversation, history, markReadByTeacher, partnerIn } from '../services/messaging';
import { createSession } from '../services/sessions';
import { Answer, defineRoute, field, objectSchema, type RouteContext } from './define';
import type { SiteConfigSource } from './system';

const studentField = field.int('学生');

/**
 * The teacher's side of the conversations (not in the original spec): a teacher client signs in with a teacher
 * account, lists its conversations, reads one and replies; students see replies by polling. docs/api.md.
 */
export function teacherRoutes(ctx: RouteContext, opts: { config: SiteConfigSource }): void {
  const { db } = ctx;
  const limitsFor = (schoolId: number) => accountLimits(opts.config.forSchool({ id: schoolId } as SchoolInfo).app as Record<string, unknown>);

  defineRoute(ctx, 'teacher/login', {
    schema: {
      body: objectSchema({
        username: field.str('账号', { minLength: 1, maxLength: 20, errorMessage: '请输入账号' }),
        password: field.str('密码', { minLength: 1, maxLength: 64, errorMessage: '请输入密码' }),
        school_id: field.int('学校'),
        captcha_key: field.str('验证码标识', { maxLength: 64 }),
        captcha_code: field.str('验证码', { maxLength: 4, errorMessage: { maxLength: '验证码格式不正确' } }),
      }, ['username', 'password', 'school_id']),
    },
    async handler(request) {
      const body = request.body as { username: string; password: string; school_id: number; captcha_key?: string; captcha_code?: string };
      const username = body.username.trim();
      // The same login rules as students: counted before the check, image code after failures, equal timing.
      const user = await checkPassword(db, {
        accountKey: loginKey(body.school_id, username),
        ip: request.ip,
        password: body.password,
        limits: limitsFor(body.school_id),
        captcha: { key: body.captcha_key, code: body.captcha_code },
        find: () => db.selectFrom('users').selectAll().where('school_id', '=', body.school_id).where('username', '=', username).where('role', '=', 'teacher').executeTakeFirst(),
        wrong: '账号或密码错误',
      });
      // Only the right password learns that the account was disabled by the school's administrator.
      if (user.status !== 1) throw refuse('账号已被停用，请联系管理员');
      const token = await createSession(db, user.id, { userAgent: request.headers['user-agent'], ip: request.ip });
      return new Answer({ token, user_id: user.id, school_id: user.school_id, username: user.username, realname: user.realname }, '登录成功');
    },
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
      const { student_id } = request.query as { student_id: number };
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
      const { student_id } = request.body as { student_id: number };
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
      const body = request.body as { student_id: number; message?: string };
      const text = cleanMessage(body.message);
      await partnerIn(db, teacher.school_id, body.student_id, 'student');
      return new Answer(await addMessage(db, { studentId: body.student_id, teacherId: teacher.id }, teacher.id, text), '发送成功');
    },
  });

  // A notification to one student of the teacher's school (shown in 消息通知).
  defineRoute(ctx, 'teacher/notify', {
    schema: { body: objectSchema({ student_id: studentField, content: field.str('通知内容') }, ['student_id']) },
    async handler(request) {
      const teacher = currentUser(request);
      const body = request.body as { student_id: number; content?: string };
      const content = cleanMessage(body.content, 'content');
      await partnerIn(db, teacher.school_id, body.student_id, 'student');
      const row = await db.insertInto('notifications').values({ user_id: body.student_id, teacher_id: teacher.id, content, created_at: now() }).returning('id').executeTakeFirstOrThrow();
      return new Answer({ id: row.id }, '发送成功');
    },
  });
}
