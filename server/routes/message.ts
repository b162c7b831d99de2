import { currentUser } from '../http/auth';
import { answeredNotModified, etagOf } from '../http/conditional';
import { notFound } from '../http/errors';
import { now } from '../db/time';
import { unreadCounts } from '../services/messaging';
import { assertOwnScope } from '../services/users';
import { Answer, defineRoute, field, objectSchema, type RouteContext } from './define';

const READ = '已读';
const UNREAD = '未读';

/** Teacher notifications of a student and the message centre's counts (spec: Notifications, messcenter). */
export function messageRoutes(ctx: RouteContext): void {
  const { db } = ctx;

  // The message categories of the student with their counts; class_id, when sent, must be the student's own.
  defineRoute(ctx, 'message/get_class', {
    schema: { body: objectSchema({ class_id: field.int('班级') }) },
    async handler(request, reply) {
      const user = currentUser(request);
      assertOwnScope(user, request.body);
      const counts = await unreadCounts(db, user.id);
      // Polled every few seconds: a caller that holds these counts already gets 304 and no body.
      if (answeredNotModified(request, reply, etagOf('message/get_class', user.id, counts))) return reply;
      return {
        list: [
          { key: 'notice', name: '教师通知', total: counts.notice.total, unread: counts.notice.unread },
          { key: 'chat', name: '答疑消息', total: counts.chat.total, unread: counts.chat.unread },
        ],
        unread: counts.notice.unread + counts.chat.unread,
      };
    },
  });

  defineRoute(ctx, 'message/get_list', {
    schema: {
      body: objectSchema({
        page: field.int('页码', { minimum: 1, default: 1 }),
        page_size: field.int('每页条数', { minimum: 1, maximum: 100, default: 10 }),
      }),
    },
    async handler(request) {
      const user = currentUser(request);
      const { page = 1, page_size: pageSize = 10 } = request.body;
      const mine = db.selectFrom('notifications').where('notifications.user_id', '=', user.id);
      const counts = await mine
        .select((eb) => [eb.fn.countAll<number>().as('total'), eb.fn.sum<number>(eb.case().when('read_at', 'is', null).then(1).else(0).end()).as('unread')])
        .executeTakeFirst();
      const rows = await mine
        .innerJoin('users as t', 't.id', 'notifications.teacher_id')
        .select(['notifications.id', 'notifications.teacher_id', 'notifications.content', 'notifications.created_at', 'notifications.read_at', 't.realname', 't.head_img'])
        .orderBy('notifications.created_at', 'desc')
        .orderBy('notifications.id', 'desc')
        .limit(pageSize)
        .offset((page - 1) * pageSize)
        .execute();
      const total = Number(counts?.total ?? 0);
      return {
        list: rows.map((r) => ({ ...r, head_img: r.head_img ?? '', status: r.read_at ? 1 : 0, status_text: r.read_at ? READ : UNREAD })),
        allCount: total,
        allPage: Math.ceil(total / pageSize),
        page,
        page_size: pageSize,
        unread: Number(counts?.unread ?? 0),
      };
    },
  });

  // Marks one notification (id) or all of the student's notifications read; answers the unread count left.
  defineRoute(ctx, 'message/read', {
    schema: { body: objectSchema({ id: field.int('通知') }) },
    async handler(request) {
      const user = currentUser(request);
      const { id } = request.body;
      let update = db.updateTable('notifications').set({ read_at: now() }).where('user_id', '=', user.id).where('read_at', 'is', null);
      if (id !== undefined) {
        const own = await db.selectFrom('notifications').select('id').where('id', '=', id).where('user_id', '=', user.id).executeTakeFirst();
        if (!own) throw notFound('通知不存在');
        update = update.where('id', '=', id);
      }
      await update.execute();
      const counts = await unreadCounts(db, user.id);
      return new Answer({ unread: counts.notice.unread }, '操作成功！');
    },
  });
}
