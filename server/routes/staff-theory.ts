import { sql } from 'kysely';
import type { Db } from '../db';
import type { User } from '../db/schema';
import { currentUser } from '../http/auth';
import { invalid, notFound } from '../http/errors';
import { taughtClassIds } from '../services/staff-scope';
import { scoreSubjective } from '../services/theory';
import { isObjective, round1, typeName } from '../services/theory-grading';
import { Answer, defineRoute, field, objectSchema, type RouteContext } from './define';

/**
 * The teacher console's theory tests (issue 16 item 5, first part): the tests of the classes a teacher teaches,
 * per question who answered and how well, and grading subjective answers question by question across students —
 * so 待老师评分 ends. Students outside the teacher's classes stay out of every list.
 */
const paging = {
  page: field.int('页码', { minimum: 1, default: 1 }),
  page_size: field.int('每页条数', { minimum: 1, maximum: 100, default: 20 }),
};

/** A theory test the teacher may see: their school, and written by them or given to a class they teach. */
export async function testInScope(db: Db, teacher: User, id: number) {
  const taught = await taughtClassIds(db, teacher);
  const test = await db.selectFrom('theory_tests as t').selectAll('t').where('t.id', '=', id).where('t.school_id', '=', teacher.school_id)
    .where((eb) => eb.or([
      eb('t.teacher_id', '=', teacher.id),
      eb.exists(eb.selectFrom('theory_test_classes as c').select('c.class_id').whereRef('c.test_id', '=', 't.id').where('c.class_id', 'in', taught.length ? taught : [-1])),
    ]))
    .executeTakeFirst();
  if (!test) throw notFound('考试不存在');
  return { test, taught: taught.length ? taught : [-1] };
}

/** Answers of finished attempts by students of the taught classes. */
function answersOf(db: Db, testId: number, taught: number[]) {
  return db.selectFrom('theory_answers as a')
    .innerJoin('theory_attempts as t', 't.id', 'a.attempt_id')
    .innerJoin('users as u', 'u.id', 't.user_id')
    .where('t.test_id', '=', testId).where('t.status', '!=', 'in_progress').where('u.class_id', 'in', taught);
}

export function staffTheoryRoutes(ctx: RouteContext): void {
  const { db } = ctx;

  defineRoute(ctx, 'staff/theory/tests', {
    schema: { querystring: objectSchema({ ...paging }) },
    async handler(request) {
      const teacher = currentUser(request);
      const q = request.query;
      const page = q.page ?? 1;
      const pageSize = q.page_size ?? 20;
      const taught = await taughtClassIds(db, teacher);
      const classes = taught.length ? taught : [-1];
      const list = db.selectFrom('theory_tests as t').where('t.school_id', '=', teacher.school_id).where((eb) => eb.or([
        eb('t.teacher_id', '=', teacher.id),
        eb.exists(eb.selectFrom('theory_test_classes as c').select('c.class_id').whereRef('c.test_id', '=', 't.id').where('c.class_id', 'in', classes)),
      ]));
      const total = Number((await list.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirst())?.n ?? 0);
      const rows = await list.select((eb) => [
        't.id', 't.name', 't.start_time', 't.end_time', 't.times', 't.score', 't.published', 't.teacher_id',
        eb.selectFrom('theory_questions as q').select(eb.fn.countAll<number>().as('n')).whereRef('q.test_id', '=', 't.id').as('questions'),
        eb.selectFrom('theory_attempts as a').select(eb.fn.countAll<number>().as('n')).whereRef('a.test_id', '=', 't.id').as('attempts'),
        eb.selectFrom('theory_attempts as a').innerJoin('users as u', 'u.id', 'a.user_id').select(eb.fn.countAll<number>().as('n'))
          .whereRef('a.test_id', '=', 't.id').where('a.status', '!=', 'in_progress').where('u.class_id', 'in', classes).as('finished'),
        eb.selectFrom('theory_answers as x').innerJoin('theory_attempts as a', 'a.id', 'x.attempt_id').innerJoin('users as u', 'u.id', 'a.user_id')
          .select(eb.fn.countAll<number>().as('n')).whereRef('a.test_id', '=', 't.id').where('a.status', '!=', 'in_progress')
          .where('x.isright', '=', 0).where('u.class_id', 'in', classes).as('pending'),
      ]).orderBy('t.start_time', 'desc').orderBy('t.id', 'desc').limit(pageSize).offset((page - 1) * pageSize).execute();
      return {
        data: rows.map(({ teacher_id, ...r }) => ({
          ...r, finished: Number(r.finished ?? 0), pending: Number(r.pending ?? 0), questions: Number(r.questions ?? 0), attempts: Number(r.attempts ?? 0),
          mine: teacher_id === teacher.id ? 1 : 0,
        })),
        total, page, page_size: pageSize,
      };
    },
  });

  // The questions of a test with, over the taught students' finished attempts: answered, correct rate, waiting.
  defineRoute(ctx, 'staff/theory/questions', {
    schema: { querystring: objectSchema({ test_id: field.int('考试ID', { minimum: 1 }) }, ['test_id']) },
    async handler(request) {
      const teacher = currentUser(request);
      const { test, taught } = await testInScope(db, teacher, request.query.test_id);
      const questions = await db.selectFrom('theory_questions').select(['id', 'type', 'question', 'poins', 'sort'])
        .where('test_id', '=', test.id).orderBy('sort').orderBy('id').execute();
      const stats = await answersOf(db, test.id, taught).select((eb) => [
        'a.question_id',
        eb.fn.countAll<number>().as('answered'),
        eb.fn.sum<number>(eb.case().when('a.isright', '=', 1).then(1).else(0).end()).as('right'),
        eb.fn.sum<number>(eb.case().when('a.isright', '=', 0).then(1).else(0).end()).as('pending'),
        eb.fn.avg<number>('a.poins').as('average'),
      ]).groupBy('a.question_id').execute();
      const byQuestion = new Map(stats.map((s) => [s.question_id, s]));
      const data = questions.map((q, i) => {
        const s = byQuestion.get(q.id);
        const answered = Number(s?.answered ?? 0);
        const graded = answered - Number(s?.pending ?? 0);
        return {
          id: q.id, test_id: test.id, number: i + 1, type: q.type, type_name: typeName(q.type), subjective: isObjective(q.type) ? 0 : 1,
          question: q.question.replace(/<[^>]*>/g, '').slice(0, 120), poins: q.poins, answered, pending: Number(s?.pending ?? 0),
          correct_rate: graded ? Math.round((Number(s?.right ?? 0) / graded) * 100) : null, average: s?.average == null ? null : round1(Number(s.average)),
        };
      });
      return { data, total: data.length, test: { id: test.id, name: test.name, score: test.score } };
    },
  });

  defineRoute(ctx, 'staff/theory/answers', {
    schema: {
      querystring: objectSchema({
        ...paging, test_id: field.int('考试ID', { minimum: 1 }), question_id: field.int('题目ID', { minimum: 1 }), state: field.str('状态', { enum: ['pending', 'graded'] }),
      }, ['test_id', 'question_id']),
    },
    async handler(request) {
      const teacher = currentUser(request);
      const q = request.query;
      const { test, taught } = await testInScope(db, teacher, q.test_id);
      const question = await db.selectFrom('theory_questions').select(['id', 'type', 'question', 'answer', 'poins']).where('id', '=', q.question_id).where('test_id', '=', test.id).executeTakeFirst();
      if (!question) throw notFound('题目不存在');
      const page = q.page ?? 1;
      const pageSize = q.page_size ?? 20;
      let list = answersOf(db, test.id, taught).leftJoin('classes as c', 'c.id', 'u.class_id').where('a.question_id', '=', question.id);
      if (q.state === 'pending') list = list.where('a.isright', '=', 0);
      if (q.state === 'graded') list = list.where('a.isright', '!=', 0);
      const total = Number((await list.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirst())?.n ?? 0);
      const rows = await list.select(['a.id', 'a.answer', 'a.isright', 'a.poins', 'u.realname', 'u.student_no', 'c.class_name', 't.submitted_at'])
        .orderBy(sql`case when a.isright = 0 then 0 else 1 end`).orderBy('u.student_no').orderBy('a.id')
        .limit(pageSize).offset((page - 1) * pageSize).execute();
      return {
        data: rows.map((r) => ({ ...r, student_no: r.student_no ?? '', class_name: r.class_name ?? '', full: question.poins, state: r.isright === 0 ? 'pending' : 'graded' })),
        total, page, page_size: pageSize,
        question: { id: question.id, type_name: typeName(question.type), question: question.question, reference: question.answer, poins: question.poins },
      };
    },
  });

  defineRoute(ctx, 'staff/theory/grade', {
    schema: {
      body: objectSchema({
        id: field.int('答案ID', { minimum: 1 }),
        poins: field.num('得分', { minimum: 0, maximum: 1000, errorMessage: '请输入得分' }),
      }, ['id', 'poins']),
    },
    async handler(request) {
      const teacher = currentUser(request);
      const b = request.body;
      const row = await db.selectFrom('theory_answers as a').innerJoin('theory_attempts as t', 't.id', 'a.attempt_id')
        .innerJoin('theory_questions as q', 'q.id', 'a.question_id').innerJoin('users as u', 'u.id', 't.user_id')
        .select(['a.id', 'a.attempt_id', 't.test_id', 't.status', 'q.type', 'q.poins as full', 'u.class_id'])
        .where('a.id', '=', b.id).executeTakeFirst();
      if (!row) throw notFound('答案不存在');
      const { taught } = await testInScope(db, teacher, row.test_id).catch(() => { throw notFound('答案不存在'); });
      if (row.class_id === null || !taught.includes(row.class_id)) throw notFound('答案不存在');
      if (row.status === 'in_progress') throw invalid('poins', '学生尚未交卷，不能评分');
      if (isObjective(row.type)) throw invalid('poins', '客观题由系统判分');
      const poins = round1(b.poins);
      if (poins > row.full) throw invalid('poins', `得分不能超过本题分值 ${row.full} 分`);
      await scoreSubjective(db, row, poins);
      return new Answer({ id: row.id, poins }, '评分成功');
    },
  });
}
