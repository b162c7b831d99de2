import type { Db } from '../db';
import type { User } from '../db/schema';
import { now } from '../db/time';
import { currentUser } from '../http/auth';
import { notFound } from '../http/errors';
import { assertInWindow, CATEGORY_NAMES, checkWork, jsonOr, parseFileList, receiptOf, storedAnswer, timeStatus } from '../services/assignments';
import { alreadySubmitted, assertSameAsStored, insertedFirst, updatedFirst } from '../services/submit-once';
import { assertOwnScope } from '../services/users';
import { Answer, defineRoute, field, objectSchema, type RouteContext, type RouteRequest } from './define';

type Kind = 'task' | 'test';

const classBody = {
  user_id: field.int('用户'),
  class_id: field.int('班级'),
  page: field.int('页码', { minimum: 1, default: 1 }),
  page_size: field.int('每页条数', { minimum: 1, maximum: 100, default: 3 }),
  type: field.int('类型', { minimum: 0 }),
  cate: field.int('分类', { enum: [0, 1, 2, 3] }),
};
const classListBody = objectSchema(classBody);
const taskIdBody = objectSchema({ task_id: field.int('任务ID', { minimum: 1 }) }, ['task_id']);

/** Tasks/tests published to the student's class, with the student's own record. */
function visible(db: Db, user: User, kind?: Kind) {
  let q = db
    .selectFrom('tasks as t')
    .innerJoin('task_classes as tc', (j) => j.onRef('tc.task_id', '=', 't.id').on('tc.class_id', '=', user.class_id ?? -1))
    .leftJoin('task_records as r', (j) => j.onRef('r.task_id', '=', 't.id').on('r.user_id', '=', user.id))
    .leftJoin('learns as l', 'l.id', 't.learn_id')
    .leftJoin('users as u', 'u.id', 't.teacher_id')
    .where('t.school_id', '=', user.school_id);
  if (kind) q = q.where('t.kind', '=', kind);
  return q;
}

const columns = [
  't.id', 't.kind', 't.title', 't.type', 't.cate', 't.content', 't.description', 't.detail', 't.start_time', 't.end_time', 't.test_time',
  't.tooth_num', 't.learn_id', 'l.name as learn_name', 'l.url as learn_url', 'u.realname as author', 'r.id as record_id', 'r.status as record_status',
  'r.score', 'r.created_at as submitted_at', 'r.updated_at as record_updated_at', 'r.receipt',
] as const;

type Row = Record<string, unknown> & { id: number; kind: Kind; start_time: string; end_time: string; cate: number; learn_id: number | null; record_id: number | null };

function present(r: Row, at: string) {
  return {
    id: r.id, kind: r.kind, title: r.title, type: r.type, cate: { id: r.learn_id, name: r.learn_name ?? '', url: r.learn_url ?? '' },
    cate_id: r.cate, cate_name: CATEGORY_NAMES[r.cate] ?? '', content: r.content, description: r.description, detail: r.detail,
    author: r.author ?? '', start_time: r.start_time, end_time: r.end_time, test_time: r.test_time, tooth_num: r.tooth_num,
    status: timeStatus(r.start_time, r.end_time, at), record_status: r.record_id ? Number(r.record_status) : 0, score: r.score ?? null,
    submitted_at: r.submitted_at ?? null, receipt: r.record_id ? { fingerprint: r.receipt ?? '', submitted_at: r.submitted_at } : null,
  };
}

type ClassParams = { user_id?: number; class_id?: number; page?: number; page_size?: number; type?: number; cate?: number };
function filtered(db: Db, user: User, kind: Kind, b: ClassParams) {
  assertOwnScope(user, b);
  let q = visible(db, user, kind);
  if (b.type) q = q.where('t.type', '=', b.type);
  if (b.cate) q = q.where('t.cate', '=', b.cate);
  return q;
}

export function taskRoutes(ctx: RouteContext): void {
  const { db } = ctx;

  const classList = (kind: Kind) => async (request: RouteRequest<{ body: typeof classListBody }>) => {
    const user = currentUser(request);
    const b = request.body;
    const page = b.page ?? 1;
    const size = b.page_size ?? 3;
    const q = filtered(db, user, kind, b);
    const total = Number((await q.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirst())?.n ?? 0);
    const rows = (await q.select([...columns]).orderBy('t.start_time', 'desc').orderBy('t.id', 'desc').limit(size).offset((page - 1) * size).execute()) as unknown as Row[];
    const at = now();
    return { [kind]: rows.map((r) => present(r, at)), allPage: Math.ceil(total / size), allCount: total, page };
  };
  defineRoute(ctx, 'task/get_class', { schema: { body: classListBody }, handler: classList('task') });
  defineRoute(ctx, 'test/get_class', { schema: { body: classListBody }, handler: classList('test') });

  async function findVisible(user: User, id: number, kind?: Kind) {
    const row = (await visible(db, user, kind).where('t.id', '=', id).select([...columns]).executeTakeFirst()) as unknown as Row | undefined;
    if (!row) throw notFound('任务不存在');
    return row;
  }
  const ownRecord = (user: User, taskId: number) =>
    db.selectFrom('task_records').selectAll().where('task_id', '=', taskId).where('user_id', '=', user.id).executeTakeFirst();
  const presentRecord = (rec: NonNullable<Awaited<ReturnType<typeof ownRecord>>>) => ({
    id: rec.id, status: rec.status, student_answer: jsonOr(rec.student_answer, []), student_des: rec.student_des,
    teacher_data: rec.teacher_data, teacher_answer: rec.teacher_answer, teacher_comment: rec.teacher_comment, score: rec.score,
    total_time: rec.total_time, created_at: rec.created_at, receipt: receiptOf(rec),
  });

  const studentStatus = (kind: Kind) => async (request: RouteRequest<{ body: typeof taskIdBody }>) => {
    const user = currentUser(request);
    const t = await findVisible(user, request.body.task_id, kind);
    const rec = await ownRecord(user, t.id);
    return { status: rec ? rec.status : 0, record: rec ? presentRecord(rec) : null };
  };
  defineRoute(ctx, 'task/get_student_status', { schema: { body: taskIdBody }, handler: studentStatus('task') });
  defineRoute(ctx, 'test/get_student_status', { schema: { body: taskIdBody }, handler: studentStatus('test') });

  defineRoute(ctx, 'test/get_status', {
    schema: { body: taskIdBody },
    async handler(request) {
      const t = await findVisible(currentUser(request), request.body.task_id);
      const at = now();
      return { status: timeStatus(t.start_time, t.end_time, at), start_time: t.start_time, end_time: t.end_time, server_time: at };
    },
  });

  defineRoute(ctx, 'task/insert_student_record', {
    schema: {
      body: objectSchema({
        task_id: field.int('任务ID', { minimum: 1 }),
        student_answer: field.str('提交内容', { maxLength: 5000 }),
        student_des: field.str('作品说明', { maxLength: 500 }),
      }, ['task_id']),
    },
    async handler(request) {
      const user = currentUser(request);
      const b = request.body;
      const t = await findVisible(user, b.task_id);
      const repeated = alreadySubmitted(t.kind === 'test' ? '考核' : '任务');
      const shape = t.cate === 3 ? 'sketch' : 'images';
      const read = async () => {
        const work = await checkWork(db, user, shape, `task:${t.id}`, parseFileList('student_answer', b.student_answer), []);
        return { work, sent: { student_answer: storedAnswer(shape, work.answer), student_des: (b.student_des ?? '').trim() } };
      };
      const existing = await ownRecord(user, t.id);
      if (existing && existing.status > 0) {
        const again = await read().catch(() => null);
        return new Answer(receiptOf(assertSameAsStored(existing, again?.sent ?? null, repeated)), '提交成功');
      }
      const at = now();
      assertInWindow(t.kind === 'test' ? 'exam' : 'homework', t.start_time, t.end_time, at);
      const { work, sent } = await read();
      const values = { status: 1, ...sent, receipt: work.fingerprint, created_at: at, updated_at: at };
      const first = existing
        ? await updatedFirst(db.updateTable('task_records').set(values).where('id', '=', existing.id).where('status', '=', 0))
        : await insertedFirst(db.insertInto('task_records').values({ task_id: t.id, user_id: user.id, ...values })
          .onConflict((oc) => oc.columns(['task_id', 'user_id']).doNothing()).returning('id'));
      const stored = (await ownRecord(user, t.id))!;
      return new Answer(receiptOf(first ? stored : assertSameAsStored(stored, sent, repeated)), '提交成功');
    },
  });

  defineRoute(ctx, 'task/get_student_record', {
    schema: {
      body: objectSchema({
        ...classBody,
        kind: field.str('任务类别', { enum: ['task', 'test'] }),
        sort: field.str('排序', { enum: ['score', 'finish'] }),
        finish_page: field.int('已完成页码', { minimum: 1 }),
        unfinish_page: field.int('未完成页码', { minimum: 1 }),
      }),
    },
    async handler(request) {
      const user = currentUser(request);
      const b = request.body;
      const size = b.page_size ?? 3;
      const at = now();
      const block = async (finished: boolean, page: number) => {
        let q = filtered(db, user, b.kind ?? 'task', b);
        q = finished ? q.where('r.status', '>', 0) : q.where((eb) => eb.or([eb('r.id', 'is', null), eb('r.status', '=', 0)]));
        const count = Number((await q.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirst())?.n ?? 0);
        let ordered = q.select([...columns]);
        if (finished && b.sort === 'score') ordered = ordered.orderBy('r.score', (o) => o.desc().nullsLast());
        ordered = finished ? ordered.orderBy('r.updated_at', 'desc') : ordered.orderBy('t.end_time', 'asc');
        const rows = (await ordered.orderBy('t.id', 'desc').limit(size).offset((page - 1) * size).execute()) as unknown as Row[];
        return { data: rows.map((r) => present(r, at)), page, count, allPage: Math.ceil(count / size) };
      };
      return { finish: await block(true, b.finish_page ?? b.page ?? 1), unfinish: await block(false, b.unfinish_page ?? b.page ?? 1) };
    },
  });

  defineRoute(ctx, 'task/get_detail', {
    schema: { querystring: objectSchema({ id: field.int('任务ID', { minimum: 1 }) }, ['id']) },
    async handler(request) {
      const user = currentUser(request);
      const t = await findVisible(user, request.query.id);
      const rec = await ownRecord(user, t.id);
      return { ...present(t, now()), server_time: now(), record: rec ? presentRecord(rec) : null };
    },
  });

  defineRoute(ctx, 'task/get_score', {
    schema: { querystring: objectSchema({ task_id: field.int('任务ID', { minimum: 1 }), type: field.int('类型', { enum: [1, 2] }) }, ['task_id']) },
    async handler(request) {
      const user = currentUser(request);
      const q = request.query;
      const t = await findVisible(user, q.task_id, q.type === 2 ? 'test' : q.type === 1 ? 'task' : undefined);
      const rec = await ownRecord(user, t.id);
      if (!rec || rec.teacher_data === null) return { task: present(t, now()), record: null };
      return { task: present(t, now()), record: presentRecord(rec) };
    },
  });
}
