import { sql } from 'kysely';
import type { Db } from '../db';
import type { User } from '../db/schema';
import { formatTimestamp, now, parseTimestamp } from '../db/time';
import { currentUser } from '../http/auth';
import { invalid, refuse } from '../http/errors';
import { CATEGORY_NAMES, CLASSIFY_NAMES, jsonOr, timeStatus } from '../services/assignments';
import { attachmentsOf, checkedAttachments } from '../services/assignment-files';
import { likePattern } from '../services/catalogue';
import { cleanHtml, textToHtml } from '../services/rich-text';
import { rosterClasses, rosterQuery, toWork } from '../services/staff-roster';
import { assertTeaches, assignmentInScope, markInScope, taughtClassIds } from '../services/staff-scope';
import { Answer, defineRoute, field, keysOf, objectSchema, type RouteContext } from './define';
import { staffAssignmentClassRoutes } from './staff-assignment-classes';

/**
 * The teacher console's homework and exams (issue 16): a teacher lists, writes, publishes and grades the assignments
 * of the classes they teach. Scope is decided by services/staff-scope.ts; docs/api.md describes each call.
 */
const MESSAGES = {
  window: '截止时间必须晚于开始时间',
  time: '请选择正确的时间',
  hasWork: '已有学生提交，不能删除；可以取消发布',
  score: '分数须为 0 到 100 的整数',
} as const;

const paging = {
  page: field.int('页码', { minimum: 1, default: 1 }),
  page_size: field.int('每页条数', { minimum: 1, maximum: 100, default: 20 }),
};
const SORTABLE = { start_time: 'a.start_time', end_time: 'a.end_time', created_at: 'a.created_at', title: 'a.title', id: 'a.id' } as const;

const listQuery = objectSchema({
  ...paging,
  kind: field.str('类型', { enum: ['homework', 'exam'] }),
  keyword: field.str('关键词', { maxLength: 50 }),
  published: field.int('发布状态', { enum: [0, 1] }),
  status: field.int('时间状态', { enum: [1, 2, 3] }),
  sort: field.str('排序字段', { enum: keysOf(SORTABLE) }),
  order: field.str('排序方向', { enum: ['asc', 'desc'] }),
  todo: field.int('只看待批阅', { enum: [0, 1] }),
});

const saveBody = objectSchema({
  id: field.int('作业ID', { minimum: 1 }),
  kind: field.str('类型', { enum: ['homework', 'exam'], errorMessage: '请选择类型' }),
  title: field.str('标题', { minLength: 1, maxLength: 60, errorMessage: { minLength: '请输入标题', maxLength: '标题最多 60 个字' } }),
  classify: field.int('提交方式', { enum: [1, 2, 3, 4, 5, 6], errorMessage: '请选择提交方式' }),
  cate_id: field.int('分类', { enum: [1, 2, 3], default: 1 }),
  content: field.str('作业要求', { maxLength: 20000, default: '' }),
  description: field.str('说明', { maxLength: 500, default: '' }),
  start_time: field.str('开始时间', { minLength: 1, maxLength: 20, errorMessage: '请选择开始时间' }),
  end_time: field.str('截止时间', { minLength: 1, maxLength: 20, errorMessage: '请选择截止时间' }),
  test_time: field.int('考试时长（分钟）', { minimum: 0, maximum: 600, default: 0 }),
  learn_id: field.nullable(field.int('关联实训项目', { minimum: 1 })),
  class_ids: field.list('班级', field.int('班级', { minimum: 1 }), { minItems: 1, maxItems: 200, uniqueItems: true, errorMessage: '请选择班级' }),
  published: field.int('发布', { enum: [0, 1], default: 1 }),
  annex: field.list('附件', objectSchema({ name: field.str('附件名', { maxLength: 200 }), url: field.str('附件地址', { maxLength: 200 }) }, ['url']), {
    maxItems: 10, errorMessage: { maxItems: '最多上传 10 个附件' },
  }),
}, ['kind', 'title', 'classify', 'start_time', 'end_time', 'class_ids']);


function timeField(name: 'start_time' | 'end_time', text: string): string {
  const at = parseTimestamp(text.replace('T', ' ').slice(0, 19));
  if (!at) throw invalid(name, MESSAGES.time);
  return formatTimestamp(at);
}

/** Requirements come from the rich-text editor (HTML, sanitised) or as plain text (kept as paragraphs). */
const requirementsHtml = (text: string) => cleanHtml(/<[a-z][^>]*>/i.test(text) ? text : textToHtml(text));

/** Per assignment, among the students of the classes this teacher teaches: how many there are, submitted, graded. */
function withCounts(db: Db, taught: number[]) {
  const classes = taught.length ? taught : [-1];
  return db.selectFrom('assignments as a').selectAll('a').select((eb) => [
    eb.selectFrom('users as u').innerJoin('assignment_classes as ac', 'ac.class_id', 'u.class_id')
      .select(eb.fn.countAll<number>().as('n')).whereRef('ac.assignment_id', '=', 'a.id')
      .where('u.role', '=', 'student').where('u.class_id', 'in', classes).as('students'),
    eb.selectFrom('marks as m').innerJoin('users as u', 'u.id', 'm.user_id')
      .select(eb.fn.countAll<number>().as('n')).whereRef('m.assignment_id', '=', 'a.id').where('u.class_id', 'in', classes).as('submitted'),
    eb.selectFrom('marks as m').innerJoin('users as u', 'u.id', 'm.user_id')
      .select(eb.fn.countAll<number>().as('n')).whereRef('m.assignment_id', '=', 'a.id').where('u.class_id', 'in', classes)
      .where('m.teacher_data', 'is not', null).as('graded'),
  ]);
}

async function classNames(db: Db, assignmentIds: number[]): Promise<Map<number, { ids: number[]; names: string[] }>> {
  const out = new Map<number, { ids: number[]; names: string[] }>();
  if (!assignmentIds.length) return out;
  const rows = await db.selectFrom('assignment_classes as ac').innerJoin('classes as c', 'c.id', 'ac.class_id')
    .select(['ac.assignment_id', 'c.id', 'c.class_name']).where('ac.assignment_id', 'in', assignmentIds).orderBy('c.id').execute();
  for (const r of rows) {
    const entry = out.get(r.assignment_id) ?? { ids: [], names: [] };
    entry.ids.push(r.id);
    entry.names.push(r.class_name);
    out.set(r.assignment_id, entry);
  }
  return out;
}

export function staffAssignmentRoutes(ctx: RouteContext): void {
  const { db } = ctx;
  staffAssignmentClassRoutes(ctx);

  defineRoute(ctx, 'staff/classes', {
    async handler(request) {
      const teacher = currentUser(request);
      const taught = await taughtClassIds(db, teacher);
      if (!taught.length) return [];
      const rows = await db.selectFrom('classes as c').innerJoin('grades as g', 'g.id', 'c.grade_id')
        .select((eb) => ['c.id', 'c.class_name', 'g.grade_name',
          eb.selectFrom('users as u').select(eb.fn.countAll<number>().as('n')).whereRef('u.class_id', '=', 'c.id').where('u.role', '=', 'student').as('students')])
        .where('c.id', 'in', taught).orderBy('c.sort').orderBy('c.id').execute();
      return rows.map((r) => ({ id: r.id, name: r.class_name, grade_name: r.grade_name, students: Number(r.students ?? 0) }));
    },
  });

  // The simulation courses a homework or exam may link to (in-system tasks): published ones of the school and shared.
  defineRoute(ctx, 'staff/courses', {
    async handler(request) {
      const teacher = currentUser(request);
      return db.selectFrom('learns').select(['id', 'name']).where('parent_learn_id', 'is', null).where('state', '=', 1)
        .where((eb) => eb.or([eb('school_id', '=', teacher.school_id), eb('school_id', 'is', null)]))
        .orderBy('sort').orderBy('id').execute();
    },
  });

  defineRoute(ctx, 'staff/assignments', {
    schema: { querystring: listQuery },
    handler: (request) => assignmentPage(currentUser(request), request.query),
  });

  // The console's home: the work waiting for a grade (nearest deadline first) and what else waits for the teacher.
  defineRoute(ctx, 'staff/home', {
    schema: { querystring: objectSchema({ ...paging }) },
    async handler(request) {
      const teacher = currentUser(request);
      const q = request.query;
      const taught = await taughtClassIds(db, teacher);
      const list = await assignmentPage(teacher, { ...q, todo: 1, sort: 'end_time', order: 'asc' }, taught);
      const classes = taught.length ? taught : [-1];
      const count = async (query: { executeTakeFirst(): Promise<{ n: number | string | bigint } | undefined> }) => Number((await query.executeTakeFirst())?.n ?? 0);
      const counts = {
        ungraded: await count(db.selectFrom('marks as m').innerJoin('users as u', 'u.id', 'm.user_id').innerJoin('assignments as a', 'a.id', 'm.assignment_id')
          .select((eb) => eb.fn.countAll<number>().as('n')).where('a.school_id', '=', teacher.school_id).where('m.teacher_data', 'is', null).where('u.class_id', 'in', classes)),
        theory: await count(db.selectFrom('theory_answers as x').innerJoin('theory_attempts as a', 'a.id', 'x.attempt_id').innerJoin('users as u', 'u.id', 'a.user_id')
          .innerJoin('theory_tests as t', 't.id', 'a.test_id').select((eb) => eb.fn.countAll<number>().as('n'))
          .where('t.school_id', '=', teacher.school_id).where('a.status', '!=', 'in_progress').where('x.isright', '=', 0).where('u.class_id', 'in', classes)),
        topics: await count(db.selectFrom('topics').select((eb) => eb.fn.countAll<number>().as('n')).where('teacher_id', '=', teacher.id).where('reply', '=', '')),
        messages: await count(db.selectFrom('conversations').select((eb) => eb.fn.countAll<number>().as('n')).where('teacher_id', '=', teacher.id).where('unread_teacher', '>', 0)),
      };
      return { ...list, counts };
    },
  });

  type ListQuery = { page?: number; page_size?: number; kind?: string; keyword?: string; published?: number; status?: number; sort?: keyof typeof SORTABLE; order?: 'asc' | 'desc'; todo?: number };

  /** One page of the assignments a teacher manages, with the counts over the taught classes' students. */
  async function assignmentPage(teacher: User, q: ListQuery, known?: number[]) {
    const page = q.page ?? 1;
    const pageSize = q.page_size ?? 20;
    const taught = known ?? (await taughtClassIds(db, teacher));
    const at = now();
    let list = withCounts(db, taught).where('a.school_id', '=', teacher.school_id).where((eb) => eb.or([
      eb('a.teacher_id', '=', teacher.id),
      eb.exists(eb.selectFrom('assignment_classes as x').select('x.class_id').whereRef('x.assignment_id', '=', 'a.id').where('x.class_id', 'in', taught.length ? taught : [-1])),
    ]));
    if (q.kind) list = list.where('a.kind', '=', q.kind as 'homework' | 'exam');
    if (q.published !== undefined) list = list.where('a.published', '=', q.published);
    const keyword = q.keyword?.trim();
    if (keyword) list = list.where(sql<boolean>`a.title like ${likePattern(keyword)} escape '\\'`);
    if (q.status === 1) list = list.where('a.end_time', '<', at);
    if (q.status === 2) list = list.where('a.start_time', '<=', at).where('a.end_time', '>=', at);
    if (q.status === 3) list = list.where('a.start_time', '>', at);
    if (q.todo) {
      list = list.where((eb) => eb.exists(eb.selectFrom('marks as m').innerJoin('users as u', 'u.id', 'm.user_id').select('m.id')
        .whereRef('m.assignment_id', '=', 'a.id').where('m.teacher_data', 'is', null).where('u.class_id', 'in', taught.length ? taught : [-1])));
    }
    const total = Number((await list.clearSelect().select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirst())?.n ?? 0);
    const rows = await list.orderBy(SORTABLE[q.sort ?? 'start_time'], q.order ?? 'desc').orderBy('a.id', 'desc')
      .limit(pageSize).offset((page - 1) * pageSize).execute();
    const classes = await classNames(db, rows.map((r) => r.id));
    const data = rows.map((r) => {
      const students = Number(r.students ?? 0);
      const submitted = Number(r.submitted ?? 0);
      const graded = Number(r.graded ?? 0);
      const names = classes.get(r.id)?.names ?? [];
      return {
        id: r.id, kind: r.kind, kind_name: r.kind === 'exam' ? '考试' : '作业', title: r.title, classify: r.classify,
        classify_name: CLASSIFY_NAMES[r.classify] ?? '', cate_name: CATEGORY_NAMES[r.cate_id] ?? '', start_time: r.start_time, end_time: r.end_time,
        status: timeStatus(r.start_time, r.end_time, at), published: r.published, mine: r.teacher_id === teacher.id,
        class_names: names.join('、'), class_summary: names.length > 1 ? `${names[0]} 等 ${names.length} 个班` : names[0] ?? '', students, submitted, graded, ungraded: submitted - graded, missing: Math.max(0, students - submitted),
      };
    });
    return { data, total, page, page_size: pageSize };
  }

  defineRoute(ctx, 'staff/assignment', {
    schema: { querystring: objectSchema({ id: field.int('作业ID', { minimum: 1 }) }, ['id']) },
    async handler(request) {
      const teacher = currentUser(request);
      const a = await assignmentInScope(db, teacher, request.query.id);
      const classes = await classNames(db, [a.id]);
      return {
        id: a.id, kind: a.kind, title: a.title, classify: a.classify, cate_id: a.cate_id, content: a.content, description: a.description,
        start_time: a.start_time, end_time: a.end_time, test_time: a.test_time, published: a.published,
        ...(a.learn_id !== null && { learn_id: a.learn_id }), // absent rather than null: the form's select has no null choice
        annex: attachmentsOf(a.annex), class_ids: classes.get(a.id)?.ids ?? [], class_names: classes.get(a.id)?.names ?? [], mine: a.teacher_id === teacher.id,
      };
    },
  });

  defineRoute(ctx, 'staff/assignment/save', {
    schema: { body: saveBody },
    async handler(request) {
      const teacher = currentUser(request);
      const b = request.body;
      const start = timeField('start_time', b.start_time);
      const end = timeField('end_time', b.end_time);
      if (end <= start) throw invalid('end_time', MESSAGES.window);
      // Another's assignment is "not found" before anything else.
      const before = b.id ? await assignmentInScope(db, teacher, b.id) : null;
      await assertTeaches(db, teacher, b.class_ids);
      if (b.learn_id) {
        const learn = await db.selectFrom('learns').select('id').where('id', '=', b.learn_id)
          .where((eb) => eb.or([eb('school_id', '=', teacher.school_id), eb('school_id', 'is', null)])).executeTakeFirst();
        if (!learn) throw invalid('learn_id', '实训项目不存在');
      }
      const annex = await checkedAttachments(db, teacher, (b.annex ?? []).map((f) => ({ name: f.name ?? '', url: f.url })), attachmentsOf(before?.annex));
      const values = {
        annex: JSON.stringify(annex), kind: b.kind, title: b.title.trim(), classify: b.classify, cate_id: b.cate_id ?? 1, content: requirementsHtml(b.content ?? ''),
        description: (b.description ?? '').trim(), start_time: start, end_time: end, test_time: b.kind === 'exam' ? b.test_time ?? 0 : 0,
        learn_id: b.learn_id ?? null, published: b.published ?? 1,
      };
      if (!values.title) throw invalid('title', '请输入标题');
      const id = await db.transaction().execute(async (trx) => {
        let assignmentId: number;
        if (b.id) {
          const existing = await assignmentInScope(trx, teacher, b.id);
          // Classes the teacher does not teach stay as they were: a shared assignment is not taken from a colleague.
          const others = (await classNames(trx, [existing.id])).get(existing.id)?.ids.filter((c) => !existing.taught.includes(c)) ?? [];
          await trx.updateTable('assignments').set(values).where('id', '=', existing.id).execute();
          await trx.deleteFrom('assignment_classes').where('assignment_id', '=', existing.id).execute();
          assignmentId = existing.id;
          b.class_ids = [...new Set([...b.class_ids, ...others])];
        } else {
          const row = await trx.insertInto('assignments').values({ ...values, school_id: teacher.school_id, teacher_id: teacher.id, created_at: now() })
            .returning('id').executeTakeFirstOrThrow();
          assignmentId = row.id;
        }
        await trx.insertInto('assignment_classes').values(b.class_ids.map((class_id) => ({ assignment_id: assignmentId, class_id }))).execute();
        return assignmentId;
      });
      return new Answer({ id }, b.id ? '保存成功' : values.published ? '发布成功' : '已保存为草稿');
    },
  });

  defineRoute(ctx, 'staff/assignment/publish', {
    schema: { body: objectSchema({ id: field.int('作业ID', { minimum: 1 }), published: field.int('发布', { enum: [0, 1] }) }, ['id', 'published']) },
    async handler(request) {
      const teacher = currentUser(request);
      const b = request.body;
      const a = await assignmentInScope(db, teacher, b.id);
      await db.updateTable('assignments').set({ published: b.published }).where('id', '=', a.id).execute();
      return new Answer({ id: a.id, published: b.published }, b.published ? '已发布' : '已取消发布');
    },
  });

  defineRoute(ctx, 'staff/assignment/delete', {
    schema: { body: objectSchema({ id: field.int('作业ID', { minimum: 1 }) }, ['id']) },
    async handler(request) {
      const teacher = currentUser(request);
      const a = await assignmentInScope(db, teacher, request.body.id);
      if (a.teacher_id !== teacher.id) throw refuse('只能删除自己布置的作业');
      const work = await db.selectFrom('marks').select('id').where('assignment_id', '=', a.id).limit(1).executeTakeFirst();
      if (work) throw refuse(MESSAGES.hasWork);
      await db.deleteFrom('assignments').where('id', '=', a.id).execute();
      return new Answer(null, '删除成功');
    },
  });

  staffGradingRoutes(ctx);
}

const SUBMISSION_STATES = ['all', 'submitted', 'ungraded', 'graded', 'missing'] as const;

function staffGradingRoutes(ctx: RouteContext): void {
  const { db } = ctx;

  defineRoute(ctx, 'staff/submissions', {
    schema: {
      querystring: objectSchema({
        ...paging, assignment_id: field.int('作业ID', { minimum: 1 }), state: field.str('状态', { enum: [...SUBMISSION_STATES] }),
        class_id: field.int('班级', { minimum: 1 }), keyword: field.str('关键词', { maxLength: 30 }),
      }, ['assignment_id']),
    },
    async handler(request) {
      const teacher = currentUser(request);
      const q = request.query;
      const a = await assignmentInScope(db, teacher, q.assignment_id);
      const page = q.page ?? 1;
      const pageSize = q.page_size ?? 20;
      let list = rosterQuery(db, teacher, a, await rosterClasses(db, a, q.class_id));
      const keyword = q.keyword?.trim();
      if (keyword) list = list.where(sql<boolean>`(u.realname like ${likePattern(keyword)} escape '\\' or u.student_no like ${likePattern(keyword)} escape '\\')`);
      if (q.state === 'submitted') list = list.where('m.id', 'is not', null);
      if (q.state === 'ungraded') list = list.where('m.id', 'is not', null).where('m.teacher_data', 'is', null);
      if (q.state === 'graded') list = list.where('m.teacher_data', 'is not', null);
      if (q.state === 'missing') list = list.where('m.id', 'is', null);
      const total = Number((await list.clearSelect().select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirst())?.n ?? 0);
      const rows = await list
        // Work waiting for a grade first, in the order it came in; then graded work; then who has not handed in.
        .orderBy(sql`case when m.id is null then 2 when m.teacher_data is null then 0 else 1 end`)
        .orderBy('m.created_at').orderBy('u.student_no').orderBy('u.id')
        .limit(pageSize).offset((page - 1) * pageSize).execute();
      return {
        data: rows.map(toWork(a)).map(({ student_answer: _files, annex: _annex, class_id: _class, graded, ...w }) => ({
          ...w, state: w.mark_id === null ? 'missing' : graded ? 'graded' : 'ungraded',
        })),
        total, page, page_size: pageSize, assignment: { id: a.id, title: a.title, kind: a.kind, classify: a.classify, end_time: a.end_time },
      };
    },
  });

  defineRoute(ctx, 'staff/submission', {
    schema: { querystring: objectSchema({ id: field.int('提交ID', { minimum: 1 }) }, ['id']) },
    async handler(request) {
      const teacher = currentUser(request);
      const { mark, assignment } = await markInScope(db, teacher, request.query.id);
      return {
        id: mark.id, student_id: mark.user_id, realname: mark.realname, student_no: mark.student_no ?? '',
        files: jsonOr<unknown[]>(mark.student_answer, []).map((f) => (typeof f === 'string' ? { name: '', url: f } : f)),
        annex: jsonOr(mark.annex, []), description: mark.student_des, answer: jsonOr(mark.answer, null), total_time: mark.total_time,
        submitted_at: mark.created_at, late: mark.created_at > assignment.end_time, score: mark.score, comment: mark.teacher_comment,
        graded: mark.teacher_data !== null, graded_at: mark.graded_at,
        assignment: { id: assignment.id, title: assignment.title, classify: assignment.classify, classify_name: CLASSIFY_NAMES[assignment.classify] ?? '', end_time: assignment.end_time },
      };
    },
  });

  defineRoute(ctx, 'staff/grade', {
    schema: {
      body: objectSchema({
        id: field.int('提交ID', { minimum: 1 }),
        score: field.int('分数', { minimum: 0, maximum: 100, errorMessage: MESSAGES.score }),
        comment: field.str('评语', { maxLength: 500, default: '', errorMessage: { maxLength: '评语最多 500 个字' } }),
      }, ['id', 'score']),
    },
    async handler(request) {
      const teacher = currentUser(request);
      const b = request.body;
      const { mark } = await markInScope(db, teacher, b.id);
      const comment = (b.comment ?? '').trim();
      const at = now();
      await db.transaction().execute(async (trx) => {
        await trx.updateTable('marks').set({
          score: b.score, teacher_comment: comment, teacher_data: JSON.stringify({ score: b.score, teacher_id: teacher.id }), graded_at: at, updated_at: at,
        }).where('id', '=', mark.id).execute();
        await trx.insertInto('grade_events').values({ mark_id: mark.id, teacher_id: teacher.id, score: b.score, comment, created_at: at }).execute();
      });
      return new Answer({ id: mark.id, score: b.score, comment, graded_at: at }, '批阅成功');
    },
  });

  // The comment library: the teacher's own comments, most used first.
  defineRoute(ctx, 'staff/comments', {
    async handler(request) {
      const teacher = currentUser(request);
      const rows = await db.selectFrom('grade_events').select((eb) => ['comment', eb.fn.countAll<number>().as('uses'), eb.fn.max('created_at').as('last')])
        .where('teacher_id', '=', teacher.id).where('comment', '!=', '').groupBy('comment')
        .orderBy('uses', 'desc').orderBy('last', 'desc').limit(30).execute();
      return rows.map((r) => ({ comment: r.comment, uses: Number(r.uses) }));
    },
  });
}

