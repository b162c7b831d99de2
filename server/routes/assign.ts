import crypto from 'node:crypto';
import type { FastifyReply } from 'fastify';
import { sql } from 'kysely';
import type { Db } from '../db';
import { preparedQuery } from '../db/prepared';
import type { User } from '../db/schema';
import { formatTimestamp, now, parseTimestamp } from '../db/time';
import { currentUser } from '../http/auth';
import { answeredNotModified, etagOf } from '../http/conditional';
import { notFound, refuse } from '../http/errors';
import {
  assertInWindow, CATEGORY_NAMES, checkWork, CLASSIFY_NAMES, isInSystem, jsonOr, parseFileList,
  receiptOf, shapeOf, storedAnswer, timeStatus, WORK_MESSAGES,
} from '../services/assignments';
import { likePattern } from '../services/catalogue';
import { pendingReturn } from '../services/returned-work';
import { versionedCache } from '../services/versionedCache';
import { alreadySubmitted, assertSameAsStored, insertedFirst, updatedFirst } from '../services/submit-once';
import { Answer, defineRoute, field, objectSchema, type RouteContext, type RouteRequest } from './define';

type Kind = 'homework' | 'exam';
/** An exam's answers may arrive this long after its end: the countdown submits at zero and the network takes a moment. */
const ANSWER_GRACE_SECONDS = 120;

const listBody = objectSchema({
  page: field.int('页码', { minimum: 1, default: 1 }),
  page_size: field.int('每页条数', { minimum: 1, maximum: 100, default: 8 }),
  status: field.int('状态', { enum: [0, 1, 2, 3] }),
  name: field.str('名称', { maxLength: 50 }),
  category_id: field.int('分类', { enum: [0, 1, 2, 3] }),
  complete: field.int('完成情况', { enum: [0, 1, 2, 3, 4] }),
});
const idQuery = objectSchema({ id: field.int('作业ID', { minimum: 1 }) }, ['id']);

/** Assignments of one kind published to the student's class, with the student's own mark (if any). */
function visible(db: Db, user: Pick<User, 'class_id' | 'id' | 'school_id'>, kind?: Kind) {
  let q = db
    .selectFrom('assignments as a')
    .innerJoin('assignment_classes as ac', (j) => j.onRef('ac.assignment_id', '=', 'a.id').on('ac.class_id', '=', user.class_id ?? -1))
    .leftJoin('marks as m', (j) => j.onRef('m.assignment_id', '=', 'a.id').on('m.user_id', '=', user.id))
    .leftJoin('learns as l', 'l.id', 'a.learn_id')
    .where('a.school_id', '=', user.school_id)
    .where('a.published', '=', 1);
  if (kind) q = q.where('a.kind', '=', kind);
  return q;
}

const rowColumns = [
  'a.id', 'a.title', 'a.classify', 'a.cate_id', 'a.content', 'a.start_time', 'a.end_time', 'a.test_time', 'a.kind', 'a.learn_id',
  'l.name as learn_name', 'l.url as learn_url', 'm.id as mark_id', 'm.score', 'm.sum', 'm.total_time', 'm.created_at as submitted_at',
  'm.student_des', 'm.student_answer', 'm.annex', 'm.teacher_data', 'm.receipt',
] as const;

type Row = { [K in 'id' | 'classify' | 'cate_id' | 'test_time']: number } & { title: string; content: string; start_time: string; end_time: string; kind: string; learn_id: number | null; learn_name: string | null; learn_url: string | null; mark_id: number | null; score: number | null; sum: number | null; total_time: number | null; submitted_at: string | null; student_des: string | null; student_answer: string | null; annex: string | null; teacher_data: string | null; receipt: string | null };

function present(r: Row, at: string) {
  return {
    id: r.id, mark_id: r.mark_id, title: r.title, classify: r.classify, classify_name: CLASSIFY_NAMES[r.classify] ?? '',
    type: r.mark_id ? '已完成' : '未完成', cate_id: r.cate_id, cate_name: CATEGORY_NAMES[r.cate_id] ?? '', content: r.content,
    kind: r.kind, learn_id: r.learn_id, learn_name: r.learn_name ?? '', learn_url: r.learn_url ?? '',
    status: timeStatus(r.start_time, r.end_time, at), total_score: r.score, sum: r.sum ?? 0, total_time: r.total_time ?? 0,
    start_time: r.start_time, end_time: r.end_time, time: r.test_time, submitted_at: r.submitted_at,
    student_des: r.student_des ?? '', student_answer: jsonOr(r.student_answer, []), annex: jsonOr(r.annex, []),
    graded: r.teacher_data !== null && r.teacher_data !== undefined,
    receipt: r.mark_id ? { fingerprint: r.receipt ?? '', submitted_at: r.submitted_at } : null,
  };
}

/**
 * What a list reply of one kind is built from, in one aggregate: the student's assignments (never edited in place:
 * a new one has a higher id), how many have ended or not started (the rows' status), and the student's own marks
 * (submissions, updates, grading), which also make the reply's summary header. Equal states give equal replies,
 * so it is the reply's ETag.
 */
const listStateQuery = preparedQuery((db: Db, classId: number, userId: number, schoolId: number, kind: Kind, at: string) =>
  db
    .selectFrom('assignments as a')
    .innerJoin('assignment_classes as ac', (j) => j.onRef('ac.assignment_id', '=', 'a.id').on('ac.class_id', '=', classId))
    .leftJoin('marks as m', (j) => j.onRef('m.assignment_id', '=', 'a.id').on('m.user_id', '=', userId))
    .where('a.school_id', '=', schoolId)
    .where('a.kind', '=', kind)
    .where('a.published', '=', 1)
    .select((eb) => [
      eb.fn.countAll<number>().as('n'),
      eb.fn.max('a.id').as('last_id'),
      eb.fn.sum<number>(eb.case().when('a.end_time', '<', at).then(1).else(0).end()).as('ended'),
      eb.fn.sum<number>(eb.case().when('a.start_time', '>', at).then(1).else(0).end()).as('upcoming'),
      eb.fn.count<number>('m.id').as('marks'),
      eb.fn.max('m.id').as('last_mark'),
      eb.fn.max('m.updated_at').as('mark_at'),
      eb.fn.max('m.graded_at').as('graded_at'),
      eb.fn.count<number>('m.teacher_data').as('graded'),
      eb.fn.sum<number>('m.score').as('score'),
      eb.fn.sum<number>('m.total_time').as('time'),
      eb.fn.sum<number>(eb.case().when('m.score', '>=', 90).then(1).else(0).end()).as('high'),
      eb.fn.sum<number>(eb.case().when(eb.and([eb('m.score', '>=', 60), eb('m.score', '<', 90)])).then(1).else(0).end()).as('middle'),
      eb.fn.sum<number>(eb.case().when('m.score', '<', 60).then(1).else(0).end()).as('low'),
      // Until when the counts of ended and upcoming hold: the next start and the next end from `at` on.
      eb.fn.min<string | null>(eb.case().when('a.start_time', '>', at).then(eb.ref('a.start_time')).end()).as('next_start'),
      eb.fn.min<string | null>(eb.case().when('a.end_time', '>=', at).then(eb.ref('a.end_time')).end()).as('next_end'),
    ]),
);

/**
 * The list states, per student and kind, kept while no assignment, class assignment or mark has been written (on any
 * node: server/db/versions.ts) and until the next start or end changes the counts: a new-work poll that finds nothing
 * new is answered without a query.
 */
const listStates = versionedCache<ListState>(['assignments', 'assignment_classes', 'marks'], { limit: 50_000 });
type ListState = Awaited<ReturnType<typeof listStateQuery>>[number] & { n: number };
const stillHolds = (at: string) => (state: ListState) => (state.next_start === null || at < state.next_start) && (state.next_end === null || at <= state.next_end);

/** One page of the unfiltered list (the poll's full reply). */
const listPageQuery = preparedQuery((db: Db, classId: number, userId: number, schoolId: number, kind: Kind, limit: number, offset: number) =>
  visible(db, { class_id: classId, id: userId, school_id: schoolId }, kind)
    .select([...rowColumns]).orderBy('a.start_time', 'desc').orderBy('a.id', 'desc').limit(limit).offset(offset),
);

export function assignRoutes(ctx: RouteContext): void {
  const { db } = ctx;

  function listState(user: User, kind: Kind, at: string): Promise<ListState> {
    const classId = user.class_id ?? -1;
    return listStates.get(db, `${user.id}:${classId}:${user.school_id}:${kind}`, async () => {
      const [row] = await listStateQuery(db, classId, user.id, user.school_id, kind, at);
      return { ...row, n: Number(row?.n ?? 0) };
    }, stillHolds(at));
  }

  const list = (kind: Kind) => async (request: RouteRequest<{ body: typeof listBody }>, reply: FastifyReply) => {
    const user = currentUser(request);
    const b = request.body;
    const page = b.page ?? 1;
    const pageSize = b.page_size ?? 8;
    const at = now();
    const keyword = b.name?.trim();
    const filtered = keyword || b.category_id || b.status || b.complete;
    // The plain list's queries are prepared; a filtered one is built here (building costs more CPU than running).
    const filteredQuery = () => {
      let q = visible(db, user, kind);
      if (keyword) q = q.where(sql<boolean>`a.title like ${likePattern(keyword)} escape '\\'`);
      if (b.category_id) q = q.where('a.cate_id', '=', b.category_id);
      if (b.status === 1) q = q.where('a.end_time', '<', at);
      if (b.status === 2) q = q.where('a.start_time', '<=', at).where('a.end_time', '>=', at);
      if (b.status === 3) q = q.where('a.start_time', '>', at);
      if (b.complete === 1) q = q.where('m.id', 'is not', null);
      if (b.complete === 2) q = q.where('m.id', 'is', null);
      if (b.complete === 3) q = q.where('m.teacher_data', 'is not', null);
      if (b.complete === 4) q = q.where('m.id', 'is not', null).where('m.teacher_data', 'is', null);
      return q;
    };

    // The new-work poll asks every minute: when nothing it could show has changed, it gets 304 after one query.
    const state = await listState(user, kind, at);
    const total = filtered ? Number((await filteredQuery().select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirst())?.n ?? 0) : state.n;
    const filters = [page, pageSize, b.status ?? null, keyword ?? null, b.category_id ?? null, b.complete ?? null];
    if (answeredNotModified(request, reply, etagOf(`assign/${kind}`, user.id, filters, total, state))) return reply;
    const offset = (page - 1) * pageSize;
    const rows = filtered
      ? ((await filteredQuery().select([...rowColumns]).orderBy('a.start_time', 'desc').orderBy('a.id', 'desc').limit(pageSize).offset(offset).execute()) as Row[])
      : ((await listPageQuery(db, user.class_id ?? -1, user.id, user.school_id, kind, pageSize, offset)) as Row[]);
    // Summary header: over all of the student's work of this kind, not just this page.
    return {
      list: { data: rows.map((r) => present(r, at)), current_page: page, total, per_page: pageSize, last_page: Math.ceil(total / pageSize) },
      allTime: Number(state.time ?? 0),
      finished: Number(state.marks ?? 0),
      dabiao: { height: Number(state.high ?? 0), middle: Number(state.middle ?? 0), low: Number(state.low ?? 0) },
    };
  };
  defineRoute(ctx, 'assign/gettasklist', { schema: { body: listBody }, handler: list('homework') });
  defineRoute(ctx, 'assign/getexamlist', { schema: { body: listBody }, handler: list('exam') });

  async function findVisible(user: User, id: number) {
    const row = (await visible(db, user).where('a.id', '=', id).select([...rowColumns]).executeTakeFirst()) as Row | undefined;
    if (!row) throw notFound('作业不存在');
    return row;
  }

  async function ownMark(user: User, assignmentId: number) {
    return db.selectFrom('marks').selectAll().where('assignment_id', '=', assignmentId).where('user_id', '=', user.id).executeTakeFirst();
  }
  /** Files are in: the homework/exam work was handed in (answers to exam questions alone do not count). */
  const isSubmitted = (m: { student_answer: string }) => jsonOr<unknown[]>(m.student_answer, []).length > 0;

  const presentMark = (m: NonNullable<Awaited<ReturnType<typeof ownMark>>>) => ({
    id: m.id, student_answer: jsonOr(m.student_answer, []), student_des: m.student_des, annex: jsonOr(m.annex, []),
    answer: jsonOr(m.answer, null), teacher_data: jsonOr(m.teacher_data, null), teacher_answer: m.teacher_answer,
    teacher_comment: m.teacher_comment, score: m.score, total_time: m.total_time, created_at: m.created_at, graded_at: m.graded_at,
    receipt: receiptOf(m),
  });

  defineRoute(ctx, 'assign/getassign', {
    schema: { querystring: idQuery },
    async handler(request) {
      const user = currentUser(request);
      const r = await findVisible(user, request.query.id);
      const a = await db.selectFrom('assignments').leftJoin('users', 'users.id', 'assignments.teacher_id')
        .select(['assignments.description', 'assignments.detail', 'assignments.tooth_num', 'assignments.annex as files', 'users.realname as author'])
        .where('assignments.id', '=', r.id).executeTakeFirstOrThrow();
      const mark = await ownMark(user, r.id);
      const questions = await db.selectFrom('assignment_questions').select((eb) => eb.fn.countAll<number>().as('n')).where('assignment_id', '=', r.id).executeTakeFirst();
      return {
        ...present(r, now()), question_count: Number(questions?.n ?? 0), author: a.author ?? '', description: a.description, detail: a.detail, tooth_num: a.tooth_num,
        test_time: r.test_time, files: jsonOr(a.files, []), cate: { id: r.learn_id, name: r.learn_name ?? '', url: r.learn_url ?? '' },
        server_time: now(), mark: mark ? presentMark(mark) : null, returned: mark ? null : await pendingReturn(db, user.id, r.id),
      };
    },
  });

  defineRoute(ctx, 'assign/getmark', {
    schema: { body: objectSchema({ assignment_id: field.int('作业ID', { minimum: 1 }) }, ['assignment_id']) },
    async handler(request) {
      const user = currentUser(request);
      const { assignment_id } = request.body;
      await findVisible(user, assignment_id);
      const mark = await ownMark(user, assignment_id);
      return mark ? presentMark(mark) : null;
    },
  });

  defineRoute(ctx, 'assign/insertmark', {
    schema: {
      body: objectSchema({
        assignment_id: field.int('作业ID', { minimum: 1 }),
        student_answer: field.str('提交内容', { maxLength: 5000 }),
        student_des: field.str('作业说明', { maxLength: 500 }),
        annex: field.str('附件', { maxLength: 2000 }),
      }, ['assignment_id']),
    },
    async handler(request) {
      const user = currentUser(request);
      const b = request.body;
      const r = await findVisible(user, b.assignment_id);
      if (isInSystem(r.classify)) throw refuse(WORK_MESSAGES.inSystem);
      const repeated = alreadySubmitted(r.kind === 'exam' ? '考试' : '作业');
      const shape = shapeOf(r.classify);
      const read = async () => {
        const work = await checkWork(db, user, shape, `assign:${r.id}`, parseFileList('student_answer', b.student_answer), parseFileList('annex', b.annex));
        return { work, sent: { student_answer: storedAnswer(shape, work.answer), student_des: (b.student_des ?? '').trim(), annex: JSON.stringify(work.annex) } };
      };
      const existing = await ownMark(user, r.id);
      if (existing && isSubmitted(existing)) {
        const again = await read().catch(() => null);
        return new Answer(receiptOf(assertSameAsStored(existing, again?.sent ?? null, repeated)), '提交成功');
      }
      const at = now();
      // Work handed back for resubmission may come back after the deadline (the grader marks it late).
      const returned = existing ? null : await pendingReturn(db, user.id, r.id);
      assertInWindow(r.kind as Kind, r.start_time, returned && at > r.end_time ? at : r.end_time, at);
      const { work, sent } = await read();
      const values = { ...sent, receipt: work.fingerprint, updated_at: at };
      // The write decides who is first: a row with answers only (exam questions) is claimed while it has no files.
      const first = existing
        ? await updatedFirst(db.updateTable('marks').set({ ...values, created_at: at }).where('id', '=', existing.id).where('student_answer', '=', existing.student_answer))
        : await insertedFirst(db.insertInto('marks').values({ assignment_id: r.id, user_id: user.id, created_at: at, ...values })
          .onConflict((oc) => oc.columns(['assignment_id', 'user_id']).doNothing()).returning('id'));
      const stored = (await ownMark(user, r.id))!;
      return new Answer(receiptOf(first ? stored : assertSameAsStored(stored, sent, repeated)), '提交成功');
    },
  });

  defineRoute(ctx, 'assign/updateannex', {
    schema: { body: objectSchema({ id: field.int('提交记录ID', { minimum: 1 }), annex: field.str('附件', { maxLength: 2000 }) }, ['id', 'annex']) },
    async handler(request) {
      const user = currentUser(request);
      const b = request.body;
      const mark = await db.selectFrom('marks').selectAll().where('id', '=', b.id).where('user_id', '=', user.id).executeTakeFirst();
      if (!mark) throw notFound('提交记录不存在');
      const r = await findVisible(user, mark.assignment_id);
      if (mark.teacher_data !== null) throw refuse(WORK_MESSAGES.graded);
      assertInWindow(r.kind as Kind, r.start_time, r.end_time, now());
      const annex = parseFileList('annex', b.annex);
      const shape = shapeOf(r.classify);
      const work = await checkWork(db, user, shape, `assign:${r.id}`, jsonOr(mark.student_answer, []).map((x: string | { name: string; url: string }) => (typeof x === 'string' ? { name: '', url: x } : x)), annex);
      await db.updateTable('marks').set({ annex: JSON.stringify(work.annex), receipt: work.fingerprint, updated_at: now() }).where('id', '=', mark.id).execute();
      return new Answer({ annex: work.annex, receipt: { ...receiptOf(mark), fingerprint: work.fingerprint } }, '附件上传成功！');
    },
  });

  defineRoute(ctx, 'assign/getquestion', {
    schema: { querystring: idQuery },
    async handler(request) {
      const user = currentUser(request);
      const r = await findVisible(user, request.query.id);
      const at = now();
      const done = r.mark_id !== null && !!(await ownMark(user, r.id))?.answer;
      if (!done) assertInWindow('exam', r.start_time, r.end_time, at);
      const rows = await db.selectFrom('assignment_questions').select(['id', 'question', 'answer']).where('assignment_id', '=', r.id).orderBy('sort').orderBy('id').execute();
      // Model answers only once the student's own answers are in (or the exam is over).
      const reveal = done || at > r.end_time;
      return { list: rows.map((q) => ({ id: q.id, question: q.question, ...(reveal && { answer: q.answer }) })), test_time: r.test_time, end_time: r.end_time, server_time: at, submitted: done };
    },
  });

  defineRoute(ctx, 'assign/uploadanswer', {
    schema: {
      body: objectSchema({
        assignment_id: field.int('考试ID', { minimum: 1 }),
        answer: field.str('答案', { maxLength: 20000 }),
        total_time: field.int('用时（秒）', { minimum: 0, maximum: 86400 }),
      }, ['assignment_id', 'answer']),
    },
    async handler(request) {
      const user = currentUser(request);
      const b = request.body;
      const r = await findVisible(user, b.assignment_id);
      const repeated = alreadySubmitted('考试');
      let parsed: unknown;
      try {
        parsed = JSON.parse(b.answer);
      } catch {
        parsed = undefined;
      }
      const sent = parsed && typeof parsed === 'object' ? { answer: JSON.stringify(parsed) } : null;
      const existing = await ownMark(user, r.id);
      if (existing?.answer) return new Answer(receiptOf(assertSameAsStored(existing, sent, repeated)), '提交成功');
      const at = now();
      const end = parseTimestamp(r.end_time);
      assertInWindow('exam', r.start_time, end ? formatTimestamp(new Date(end.getTime() + ANSWER_GRACE_SECONDS * 1000)) : r.end_time, at);
      if (!sent) throw refuse(WORK_MESSAGES.badFormat);
      const fingerprint = crypto.createHash('sha256').update(`answer:${r.id}:${user.id}:${sent.answer}`).digest('hex').slice(0, 12).toUpperCase();
      const values = { answer: sent.answer, total_time: b.total_time ?? 0, updated_at: at };
      const first = existing
        ? await updatedFirst(db.updateTable('marks').set(values).where('id', '=', existing.id).where('answer', '=', existing.answer))
        : await insertedFirst(db.insertInto('marks').values({ assignment_id: r.id, user_id: user.id, created_at: at, receipt: fingerprint, ...values })
          .onConflict((oc) => oc.columns(['assignment_id', 'user_id']).doNothing()).returning('id'));
      const stored = (await ownMark(user, r.id))!;
      return new Answer(receiptOf(first ? stored : assertSameAsStored(stored, sent, repeated)), '提交成功');
    },
  });
}
