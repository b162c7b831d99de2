import { sql } from 'kysely';
import { now } from '../db/time';
import { currentUser } from '../http/auth';
import { invalid, notFound } from '../http/errors';
import { likePattern } from '../services/catalogue';
import { assertTeaches } from '../services/staff-scope';
import { Answer, defineRoute, field, objectSchema, type RouteContext } from './define';

/**
 * The teacher console's answers to students (issue 16 item 6): the questions students address to this teacher
 * (我的提问 on their side) with a reply the student sees, and notices to whole classes the teacher teaches.
 */
const REPLY_MAX = 1000;
const NOTICE_MAX = 500;

export function staffAnswerRoutes(ctx: RouteContext): void {
  const { db } = ctx;

  defineRoute(ctx, 'staff/topics', {
    schema: {
      querystring: objectSchema({
        page: field.int('页码', { minimum: 1, default: 1 }),
        page_size: field.int('每页条数', { minimum: 1, maximum: 100, default: 20 }),
        state: field.str('状态', { enum: ['open', 'answered'] }),
        keyword: field.str('关键词', { maxLength: 50 }),
      }),
    },
    async handler(request) {
      const teacher = currentUser(request);
      const q = request.query;
      const page = q.page ?? 1;
      const pageSize = q.page_size ?? 20;
      let list = db.selectFrom('topics as t').innerJoin('users as s', 's.id', 't.user_id')
        .leftJoin('classes as c', 'c.id', 's.class_id').leftJoin('learns as l', 'l.id', 't.learn_id')
        .where('t.teacher_id', '=', teacher.id).where('s.school_id', '=', teacher.school_id);
      if (q.state === 'open') list = list.where('t.reply', '=', '');
      if (q.state === 'answered') list = list.where('t.reply', '!=', '');
      const keyword = q.keyword?.trim();
      if (keyword) list = list.where(sql<boolean>`(t.title like ${likePattern(keyword)} escape '\\' or s.realname like ${likePattern(keyword)} escape '\\')`);
      const total = Number((await list.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirst())?.n ?? 0);
      const rows = await list.select(['t.id', 't.title', 't.content', 't.reply', 't.created_at', 't.updated_at', 's.realname', 's.student_no', 'c.class_name', 'l.name as learn_name'])
        // Unanswered first, oldest question first among them: who has waited longest is answered first.
        .orderBy(sql`case when t.reply = '' then 0 else 1 end`).orderBy(sql`case when t.reply = '' then t.created_at end`).orderBy('t.updated_at', 'desc').orderBy('t.id', 'desc')
        .limit(pageSize).offset((page - 1) * pageSize).execute();
      return {
        data: rows.map((r) => ({ ...r, student_no: r.student_no ?? '', class_name: r.class_name ?? '', learn_name: r.learn_name ?? '', answered: r.reply !== '' ? 1 : 0 })),
        total, page, page_size: pageSize,
      };
    },
  });

  defineRoute(ctx, 'staff/topic/reply', {
    schema: {
      body: objectSchema({
        id: field.int('提问ID', { minimum: 1 }),
        reply: field.str('回复', { maxLength: REPLY_MAX * 2, errorMessage: { maxLength: `回复不能超过${REPLY_MAX}个字` } }),
      }, ['id', 'reply']),
    },
    async handler(request) {
      const teacher = currentUser(request);
      const b = request.body;
      const reply = b.reply.trim();
      if (!reply) throw invalid('reply', '请输入回复内容');
      if ([...reply].length > REPLY_MAX) throw invalid('reply', `回复不能超过${REPLY_MAX}个字`);
      const topic = await db.selectFrom('topics').select(['id', 'user_id', 'title']).where('id', '=', b.id).where('teacher_id', '=', teacher.id).executeTakeFirst();
      if (!topic) throw notFound('提问不存在');
      const at = now();
      await db.transaction().execute(async (trx) => {
        await trx.updateTable('topics').set({ reply, updated_at: at }).where('id', '=', topic.id).execute();
        await trx.insertInto('notifications').values({ user_id: topic.user_id, teacher_id: teacher.id, content: `${teacher.realname}老师回复了您的提问“${topic.title}”：${reply}`.slice(0, NOTICE_MAX), created_at: at }).execute();
      });
      return new Answer({ id: topic.id, reply, updated_at: at }, '回复成功');
    },
  });

  // One notice to every student of the chosen classes (all taught by this teacher), shown in their 消息通知.
  defineRoute(ctx, 'staff/notify', {
    schema: {
      body: objectSchema({
        class_ids: field.list('班级', field.int('班级', { minimum: 1 }), { minItems: 1, maxItems: 200, uniqueItems: true, errorMessage: '请选择班级' }),
        content: field.str('通知内容', { maxLength: NOTICE_MAX * 2, errorMessage: { maxLength: `通知内容不能超过${NOTICE_MAX}个字` } }),
      }, ['class_ids', 'content']),
    },
    async handler(request) {
      const teacher = currentUser(request);
      const b = request.body;
      const content = b.content.trim();
      if (!content) throw invalid('content', '请输入通知内容');
      if ([...content].length > NOTICE_MAX) throw invalid('content', `通知内容不能超过${NOTICE_MAX}个字`);
      await assertTeaches(db, teacher, b.class_ids);
      const students = await db.selectFrom('users').select('id').where('role', '=', 'student').where('status', '=', 1)
        .where('school_id', '=', teacher.school_id).where('class_id', 'in', b.class_ids).execute();
      const at = now();
      for (let i = 0; i < students.length; i += 500) {
        await db.insertInto('notifications').values(students.slice(i, i + 500).map((s) => ({ user_id: s.id, teacher_id: teacher.id, content, created_at: at }))).execute();
      }
      return new Answer({ sent: students.length }, `已发送给 ${students.length} 名学生`);
    },
  });
}
