import { randomInt } from 'node:crypto';
import type { Db } from '../db';
import type { User } from '../db/schema';
import { formatTimestamp, now, parseTimestamp } from '../db/time';
import { currentUser } from '../http/auth';
import { invalid, notFound } from '../http/errors';
import { assertTeaches, taughtClassIds } from '../services/staff-scope';
import { addMinutes, deadlineOf } from '../services/theory';
import { likePattern } from '../services/catalogue';
import { sql } from 'kysely';
import { JUDGE, typeName } from '../services/theory-grading';
import { Answer, defineRoute, field, objectSchema, type RouteContext } from './define';
import { testInScope } from './staff-theory';

/**
 * The test builder of the teacher console (issue 16 item 5): a theory test for the classes a teacher teaches, its
 * questions picked from the teacher's bank or drawn at random by type and count (copied into the test, so later edits
 * of the bank change no test), published when ready; and extra time for one student, which also moves that student's
 * closing time. docs/api.md describes each call.
 */
export const BUILD_MESSAGES = {
  window: '结束时间必须晚于开始时间',
  time: '请选择正确的时间',
  noQuestions: '请从题库选择题目，或设置随机抽题',
  notInBank: '所选题目不在您的题库中',
  started: '已有学生开始答题，不能修改题目（时间、班级和答案查看方式仍可修改）',
  startedDelete: '已有学生开始答题，不能删除；可以取消发布',
  startedUnpublish: '已有学生开始答题，不能取消发布',
} as const;

const drawItem = objectSchema({
  type: field.int('题型', { minimum: 1, maximum: 7, errorMessage: '请选择题型' }),
  count: field.int('题数', { minimum: 1, maximum: 500, errorMessage: '抽题数量须为 1 到 500' }),
}, ['type', 'count'], { errorMessage: { required: '请填写抽题的题型和数量' } });

const saveBody = objectSchema({
  id: field.int('考试ID', { minimum: 1 }),
  name: field.str('考试名称', { minLength: 1, maxLength: 60, errorMessage: { minLength: '请输入考试名称', maxLength: '考试名称最多 60 个字' } }),
  start_time: field.str('开始时间', { minLength: 1, maxLength: 20, errorMessage: '请选择开始时间' }),
  end_time: field.str('结束时间', { minLength: 1, maxLength: 20, errorMessage: '请选择结束时间' }),
  times: field.int('答题时长（分钟）', { minimum: 1, maximum: 600, errorMessage: '答题时长须为 1 到 600 分钟' }),
  class_ids: field.list('班级', field.int('班级', { minimum: 1 }), { minItems: 1, maxItems: 200, uniqueItems: true, errorMessage: '请选择班级' }),
  review: field.int('交卷后查看答案', { enum: [0, 1, 2], default: 1, errorMessage: '请选择查看答案的方式' }),
  published: field.int('发布', { enum: [0, 1], default: 1 }),
  question_ids: field.list('从题库选题', field.int('题目', { minimum: 1 }), { maxItems: 500, uniqueItems: true, default: [], errorMessage: '一场考试最多 500 道题' }),
  draw: field.list('随机抽题', drawItem, { maxItems: 7, default: [], errorMessage: '随机抽题最多 7 种题型' }),
}, ['name', 'start_time', 'end_time', 'times', 'class_ids']);

type SaveBody = {
  id?: number; name: string; start_time: string; end_time: string; times: number; class_ids: number[]; review: number; published: number;
  question_ids: number[]; draw: { type: number; count: number }[];
};

function timeField(name: 'start_time' | 'end_time', text: string): string {
  const at = parseTimestamp(text.replace('T', ' ').slice(0, 19));
  if (!at) throw invalid(name, BUILD_MESSAGES.time);
  return formatTimestamp(at);
}

/** A test the teacher wrote (only its author edits it), else "not found". */
async function ownTest(db: Db, teacher: User, id: number) {
  const test = await db.selectFrom('theory_tests').selectAll().where('id', '=', id).where('teacher_id', '=', teacher.id)
    .where('school_id', '=', teacher.school_id).executeTakeFirst();
  if (!test) throw notFound('考试不存在');
  return test;
}

const hasAttempts = async (db: Db, testId: number) =>
  !!(await db.selectFrom('theory_attempts').select('id').where('test_id', '=', testId).limit(1).executeTakeFirst());

type BankRow = { id: number; type: number; question: string; content: string; answer: string; poins: number; analysis: string };

/** The picked questions (in the order given) and the drawn ones (random, none picked twice), or a 422 saying what is short. */
async function chooseQuestions(db: Db, teacher: User, picked: number[], draw: SaveBody['draw']): Promise<BankRow[]> {
  const bank = db.selectFrom('bank_questions').select(['id', 'type', 'question', 'content', 'answer', 'poins', 'analysis'])
    .where('teacher_id', '=', teacher.id).where('school_id', '=', teacher.school_id);
  const chosen: BankRow[] = [];
  if (picked.length) {
    const rows = await bank.where('id', 'in', picked).execute();
    if (rows.length !== picked.length) throw invalid('question_ids', BUILD_MESSAGES.notInBank);
    const byId = new Map(rows.map((r) => [r.id, r]));
    chosen.push(...picked.map((id) => byId.get(id)!));
  }
  const wanted = new Map<number, number>();
  for (const d of draw) wanted.set(d.type, (wanted.get(d.type) ?? 0) + d.count);
  const taken = new Set(picked);
  for (const [type, count] of wanted) {
    const pool = (await bank.where('type', '=', type).execute()).filter((r) => !taken.has(r.id));
    if (pool.length < count) {
      throw invalid('draw', `题库中可抽取的${typeName(type)}只有 ${pool.length} 道，不够抽取 ${count} 道${picked.length ? '（已选的题目不再抽取）' : ''}`);
    }
    for (let i = 0; i < count; i++) {
      const j = i + randomInt(pool.length - i);
      [pool[i], pool[j]] = [pool[j], pool[i]];
      chosen.push(pool[i]);
      taken.add(pool[i].id);
    }
  }
  return chosen;
}

export function staffTheoryBuildRoutes(ctx: RouteContext): void {
  const { db } = ctx;

  defineRoute(ctx, 'staff/theory/test', {
    schema: { querystring: objectSchema({ id: field.int('考试ID', { minimum: 1 }) }, ['id']) },
    async handler(request) {
      const teacher = currentUser(request);
      const test = await ownTest(db, teacher, request.query.id);
      const classes = await db.selectFrom('theory_test_classes').select('class_id').where('test_id', '=', test.id).execute();
      const questions = await db.selectFrom('theory_questions').select('bank_id').where('test_id', '=', test.id).orderBy('sort').orderBy('id').execute();
      return {
        id: test.id, name: test.name, start_time: test.start_time.slice(0, 16), end_time: test.end_time.slice(0, 16), times: test.times,
        class_ids: classes.map((c) => c.class_id), review: test.review, published: test.published,
        question_ids: questions.flatMap((q) => (q.bank_id === null ? [] : [q.bank_id])), draw: [], started: (await hasAttempts(db, test.id)) ? 1 : 0,
      };
    },
  });

  defineRoute(ctx, 'staff/theory/save', {
    schema: { body: saveBody },
    async handler(request) {
      const teacher = currentUser(request);
      const b = request.body;
      const name = b.name.trim();
      if (!name) throw invalid('name', '请输入考试名称');
      const start = timeField('start_time', b.start_time);
      const end = timeField('end_time', b.end_time);
      if (end <= start) throw invalid('end_time', BUILD_MESSAGES.window);
      const existing = b.id ? await ownTest(db, teacher, b.id) : null;
      await assertTeaches(db, teacher, b.class_ids);
      const picked = b.question_ids ?? [];
      const draw = b.draw ?? [];
      const started = existing ? await hasAttempts(db, existing.id) : false;
      // The edit form sends back the bank questions the test was built from: the same ones and no draw keep the paper
      // as it is (a seeded test, with no bank questions behind it, keeps its own).
      const current = existing ? (await db.selectFrom('theory_questions').select('bank_id').where('test_id', '=', existing.id).execute()).flatMap((q) => (q.bank_id === null ? [] : [q.bank_id])) : null;
      const unchanged = current !== null && draw.length === 0 && current.length === picked.length && current.every((id) => picked.includes(id));
      let questions: BankRow[] | null = null;
      if (!unchanged) {
        // Students already hold this paper: the same questions or nothing.
        if (started) throw invalid('question_ids', BUILD_MESSAGES.started);
        if (!picked.length && !draw.length) throw invalid('question_ids', BUILD_MESSAGES.noQuestions);
        questions = await chooseQuestions(db, teacher, picked, draw);
      }
      if (started && b.published === 0 && existing!.published === 1) throw invalid('published', BUILD_MESSAGES.startedUnpublish);
      const values = { name, start_time: start, end_time: end, times: b.times, review: b.review ?? 1, published: b.published ?? 1 };
      const id = await db.transaction().execute(async (trx) => {
        let testId: number;
        let classIds = b.class_ids;
        if (existing) {
          // Classes the teacher does not teach stay as they were.
          const taught = await taughtClassIds(trx, teacher);
          const others = (await trx.selectFrom('theory_test_classes').select('class_id').where('test_id', '=', existing.id).execute())
            .map((c) => c.class_id).filter((c) => !taught.includes(c));
          classIds = [...new Set([...classIds, ...others])];
          await trx.updateTable('theory_tests').set(values).where('id', '=', existing.id).execute();
          await trx.deleteFrom('theory_test_classes').where('test_id', '=', existing.id).execute();
          testId = existing.id;
        } else {
          testId = (await trx.insertInto('theory_tests').values({ ...values, school_id: teacher.school_id, teacher_id: teacher.id, created_at: now() })
            .returning('id').executeTakeFirstOrThrow()).id;
        }
        await trx.insertInto('theory_test_classes').values(classIds.map((class_id) => ({ test_id: testId, class_id }))).execute();
        if (questions) {
          await trx.deleteFrom('theory_questions').where('test_id', '=', testId).execute();
          const rows = questions.map((q, sort) => ({
            test_id: testId, type: q.type, question: q.question, content: q.type === 3 ? JSON.stringify(JUDGE) : q.content,
            poins: q.poins, answer: q.answer, analysis: q.analysis, sort, bank_id: q.id,
          }));
          for (let i = 0; i < rows.length; i += 200) await trx.insertInto('theory_questions').values(rows.slice(i, i + 200)).execute();
          const score = Math.round(questions.reduce((sum, q) => sum + q.poins, 0) * 10) / 10;
          await trx.updateTable('theory_tests').set({ score }).where('id', '=', testId).execute();
        }
        return testId;
      });
      const count = questions?.length ?? null;
      return new Answer({ id, questions: count }, count === null ? '保存成功' : `保存成功，共 ${count} 道题`);
    },
  });

  defineRoute(ctx, 'staff/theory/publish', {
    schema: { body: objectSchema({ id: field.int('考试ID', { minimum: 1 }), published: field.int('发布', { enum: [0, 1] }) }, ['id', 'published']) },
    async handler(request) {
      const teacher = currentUser(request);
      const b = request.body;
      const test = await ownTest(db, teacher, b.id);
      if (b.published === 0 && (await hasAttempts(db, test.id))) throw invalid('published', BUILD_MESSAGES.startedUnpublish);
      if (b.published === 1 && !(await db.selectFrom('theory_questions').select('id').where('test_id', '=', test.id).limit(1).executeTakeFirst())) {
        throw invalid('published', '这场考试还没有题目，不能发布');
      }
      await db.updateTable('theory_tests').set({ published: b.published }).where('id', '=', test.id).execute();
      return new Answer({ id: test.id, published: b.published }, b.published ? '已发布，学生可以看到这场考试' : '已取消发布');
    },
  });

  defineRoute(ctx, 'staff/theory/delete', {
    schema: { body: objectSchema({ id: field.int('考试ID', { minimum: 1 }) }, ['id']) },
    async handler(request) {
      const teacher = currentUser(request);
      const test = await ownTest(db, teacher, request.body.id);
      if (await hasAttempts(db, test.id)) throw invalid('id', BUILD_MESSAGES.startedDelete);
      await db.deleteFrom('theory_tests').where('id', '=', test.id).execute();
      return new Answer({ id: test.id }, '已删除');
    },
  });

  // The students of a test (in the classes the teacher teaches) with their attempt and extra time.
  defineRoute(ctx, 'staff/theory/students', {
    schema: { querystring: objectSchema({ test_id: field.int('考试ID', { minimum: 1 }), page: field.int('页码', { minimum: 1, default: 1 }), page_size: field.int('每页条数', { minimum: 1, maximum: 100, default: 20 }), keyword: field.str('关键词', { maxLength: 50 }) }, ['test_id']) },
    async handler(request) {
      const teacher = currentUser(request);
      const q = request.query;
      const { test, taught } = await testInScope(db, teacher, q.test_id);
      const page = q.page ?? 1;
      const pageSize = q.page_size ?? 20;
      let list = studentsOf(db, test.id, taught, teacher.school_id)
        .leftJoin('theory_attempts as a', (join) => join.onRef('a.user_id', '=', 'u.id').on('a.test_id', '=', test.id))
        .leftJoin('theory_extra_time as x', (join) => join.onRef('x.user_id', '=', 'u.id').on('x.test_id', '=', test.id))
        .leftJoin('classes as c', 'c.id', 'u.class_id');
      const keyword = q.keyword?.trim();
      if (keyword) list = list.where(sql<boolean>`(u.realname like ${likePattern(keyword)} escape '\\' or u.student_no like ${likePattern(keyword)} escape '\\')`);
      const total = Number((await list.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirst())?.n ?? 0);
      const rows = await list.select(['u.id', 'u.realname', 'u.student_no', 'c.class_name', 'a.status', 'a.deadline_at', 'a.score', 'x.minutes'])
        .orderBy('c.class_name').orderBy('u.student_no').orderBy('u.id').limit(pageSize).offset((page - 1) * pageSize).execute();
      return {
        data: rows.map((r) => {
          const minutes = Number(r.minutes ?? 0);
          return {
            id: r.id, test_id: test.id, realname: r.realname, student_no: r.student_no ?? '', class_name: r.class_name ?? '',
            state: r.status ?? 'none', deadline_at: (r.deadline_at ?? '').slice(0, 16), score: r.score, extra_minutes: minutes, closes_at: addMinutes(test.end_time, minutes).slice(0, 16),
          };
        }),
        total, page, page_size: pageSize, test: { id: test.id, name: test.name, end_time: test.end_time.slice(0, 16), times: test.times },
      };
    },
  });

  defineRoute(ctx, 'staff/theory/extra-time', {
    schema: {
      body: objectSchema({
        test_id: field.int('考试ID', { minimum: 1 }),
        user_id: field.int('学生', { minimum: 1 }),
        minutes: field.int('延长时间（分钟）', { minimum: 0, maximum: 600, errorMessage: '延长时间须为 0 到 600 分钟' }),
      }, ['test_id', 'user_id', 'minutes']),
    },
    async handler(request) {
      const teacher = currentUser(request);
      const b = request.body;
      const { test, taught } = await testInScope(db, teacher, b.test_id);
      const student = await studentsOf(db, test.id, taught, teacher.school_id).select('u.id').where('u.id', '=', b.user_id).executeTakeFirst();
      if (!student) throw notFound('学生不存在');
      const attempt = await db.selectFrom('theory_attempts').selectAll().where('test_id', '=', test.id).where('user_id', '=', student.id).executeTakeFirst();
      if (attempt && attempt.status !== 'in_progress') throw invalid('minutes', '该生已交卷，不能再延长时间');
      await db.transaction().execute(async (trx) => {
        await trx.deleteFrom('theory_extra_time').where('test_id', '=', test.id).where('user_id', '=', student.id).execute();
        if (b.minutes > 0) await trx.insertInto('theory_extra_time').values({ test_id: test.id, user_id: student.id, minutes: b.minutes }).execute();
        // An attempt under way gets its new deadline at once: the server's clock is what ends it.
        if (attempt) {
          const deadline = deadlineOf({ times: test.times, end_time: addMinutes(test.end_time, b.minutes), extra_minutes: b.minutes }, attempt.started_at);
          await trx.updateTable('theory_attempts').set({ deadline_at: deadline }).where('id', '=', attempt.id).where('status', '=', 'in_progress').execute();
        }
      });
      const closes = addMinutes(test.end_time, b.minutes).slice(0, 16);
      return new Answer({ user_id: student.id, minutes: b.minutes, closes_at: closes }, b.minutes ? `已为该生延长 ${b.minutes} 分钟，关闭时间改为 ${closes}` : '已取消该生的延长时间');
    },
  });
}

/** Students of the school in the classes the teacher teaches that the test is for (all taught classes for a whole-school test). */
export function studentsOf(db: Db, testId: number, taught: number[], schoolId: number) {
  return db.selectFrom('users as u').where('u.role', '=', 'student').where('u.school_id', '=', schoolId).where('u.class_id', 'in', taught)
    .where((eb) => eb.or([
      eb.not(eb.exists(eb.selectFrom('theory_test_classes as tc').select('tc.class_id').where('tc.test_id', '=', testId))),
      eb.exists(eb.selectFrom('theory_test_classes as tc').select('tc.class_id').where('tc.test_id', '=', testId).whereRef('tc.class_id', '=', 'u.class_id')),
    ]));
}

