import { sql } from 'kysely';
import { currentUser } from '../http/auth';
import { notFound } from '../http/errors';
import { likePattern } from '../services/catalogue';
import { history } from '../services/messaging';
import { defineRoute, field, objectSchema, type RouteContext } from './define';

/**
 * 学生消息 in the teacher console: the teacher's conversations with students as a paged list, unread first, and one
 * conversation as a transcript for the reply dialog (the reply itself is teacher/reply, which also marks it read).
 */
export function staffConversationRoutes(ctx: RouteContext): void {
  const { db } = ctx;

  defineRoute(ctx, 'staff/conversations', {
    schema: {
      querystring: objectSchema({
        page: field.int('页码', { minimum: 1, default: 1 }),
        page_size: field.int('每页条数', { minimum: 1, maximum: 100, default: 20 }),
        state: field.str('状态', { enum: ['unread', 'read'] }),
        keyword: field.str('关键词', { maxLength: 30 }),
      }),
    },
    async handler(request) {
      const teacher = currentUser(request);
      const q = request.query;
      const page = q.page ?? 1;
      const pageSize = q.page_size ?? 20;
      let list = db.selectFrom('conversations as v').innerJoin('users as s', 's.id', 'v.student_id').leftJoin('classes as c', 'c.id', 's.class_id')
        .where('v.teacher_id', '=', teacher.id).where('s.school_id', '=', teacher.school_id);
      if (q.state === 'unread') list = list.where('v.unread_teacher', '>', 0);
      if (q.state === 'read') list = list.where('v.unread_teacher', '=', 0);
      const keyword = q.keyword?.trim();
      if (keyword) list = list.where(sql<boolean>`(s.realname like ${likePattern(keyword)} escape '\\' or s.student_no like ${likePattern(keyword)} escape '\\')`);
      const total = Number((await list.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirst())?.n ?? 0);
      const rows = await list.select(['v.student_id', 'v.last_message', 'v.last_author_id', 'v.unread_teacher', 'v.updated_at', 's.realname', 's.student_no', 'c.class_name'])
        .orderBy(sql`case when v.unread_teacher > 0 then 0 else 1 end`).orderBy('v.updated_at', 'desc').orderBy('v.id', 'desc')
        .limit(pageSize).offset((page - 1) * pageSize).execute();
      return {
        data: rows.map((r) => ({
          student_id: r.student_id, realname: r.realname ?? '', student_no: r.student_no ?? '', class_name: r.class_name ?? '',
          last_message: r.last_message, from_me: r.last_author_id === teacher.id ? 1 : 0, unread: Number(r.unread_teacher), updated_at: r.updated_at,
        })),
        total, page, page_size: pageSize,
      };
    },
  });

  defineRoute(ctx, 'staff/conversation', {
    schema: { querystring: objectSchema({ student_id: field.int('学生', { minimum: 1 }) }, ['student_id']) },
    async handler(request) {
      const teacher = currentUser(request);
      const { student_id } = request.query;
      const row = await db.selectFrom('conversations as v').innerJoin('users as s', 's.id', 'v.student_id').leftJoin('classes as c', 'c.id', 's.class_id')
        .select(['v.id', 's.realname', 'c.class_name']).where('v.teacher_id', '=', teacher.id).where('v.student_id', '=', student_id)
        .where('s.school_id', '=', teacher.school_id).executeTakeFirst();
      if (!row) throw notFound('会话不存在');
      const messages = await history(db, row.id);
      const transcript = messages.map((m) => `${m.author_id === teacher.id ? '我' : row.realname ?? '学生'}（${m.created_at.slice(5, 16)}）：${m.message}`).join('\n');
      return { student_id, realname: row.realname ?? '', class_name: row.class_name ?? '', transcript, count: messages.length };
    },
  });
}
