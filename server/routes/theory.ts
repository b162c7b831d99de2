import { currentUser } from '../http/auth';
import { now } from '../db/time';
import { refuse } from '../http/errors';
import { typeName } from '../services/theory-grading';
import {
  asOfNow, attemptState, findAttempt, findTest, finishOverdue, gradeOnRead, isOverdue, MESSAGES, optionsOf, questionsOf, saveAnswer,
  showsKey, startAttempt, submitAttempt, summary, testState, visibleTests, withExtraTime,
} from '../services/theory';
import { defineRoute, field, objectSchema, type RouteContext } from './define';

const SWEEP_MS = 30_000;
const logid = field.int('试卷', { minimum: 1 });
const paging = (perPage: number) => ({ page: field.int('页码', { minimum: 1, default: 1 }), per_page: field.int('每页条数', { minimum: 1, maximum: 100, default: perPage }) });
const meta = (page: number, perPage: number, total: number, extra: object = {}) => ({ current_page: page, per_page: perPage, last_page: Math.max(1, Math.ceil(total / perPage)), total, ...extra });

export function theoryRoutes(ctx: RouteContext): void {
  const { db, app } = ctx;

  // Attempts whose time ran out are finished even when no browser is left to ask. Reads never write: until the sweep
  // (or the student's next POST) records it, an overdue attempt reads as expired and is graded in memory.
  let sweeper: NodeJS.Timeout | undefined;
  app.addHook('onReady', async () => {
    sweeper = setInterval(() => void finishOverdue(db).catch((err) => app.log.warn(`理论考试自动交卷失败: ${String(err)}`)), SWEEP_MS);
    sweeper.unref();
  });
  app.addHook('onClose', async () => clearInterval(sweeper));

  defineRoute(ctx, 'theory/tests', {
    schema: { querystring: objectSchema(paging(20)) },
    async handler(request) {
      const user = currentUser(request);
      const { page, per_page: perPage } = request.query;
      const total = Number((await visibleTests(db, user).select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirst())?.n ?? 0);
      const rows = await visibleTests(db, user)
        .leftJoin('users as teacher', 'teacher.id', 'theory_tests.teacher_id')
        .leftJoin('theory_attempts as attempt', (join) => join.onRef('attempt.test_id', '=', 'theory_tests.id').on('attempt.user_id', '=', user.id))
        .leftJoin('theory_extra_time as x', (join) => join.onRef('x.test_id', '=', 'theory_tests.id').on('x.user_id', '=', user.id))
        .select(['x.minutes as extra_minutes', 'theory_tests.id', 'theory_tests.name', 'theory_tests.start_time', 'theory_tests.end_time', 'theory_tests.times', 'theory_tests.score', 'teacher.realname as teacher', 'attempt.id as attempt_id', 'attempt.status', 'attempt.deadline_at', 'attempt.score as user_score'])
        .select((eb) => eb.selectFrom('theory_answers as waiting').select((w) => w.fn.countAll<number>().as('n'))
          .whereRef('waiting.attempt_id', '=', 'attempt.id').where('waiting.isright', '=', 0).as('pending'))
        .orderBy('theory_tests.start_time', 'desc')
        .orderBy('theory_tests.id', 'desc')
        .limit(perPage)
        .offset((page - 1) * perPage)
        .execute();
      const data = await Promise.all(rows.map(async (row) => {
        // The student's own closing time: later by the extra time a teacher granted them.
        const { start_time, end_time, attempt_id, status, deadline_at, user_score, pending, extra_minutes: _extra, ...r } = withExtraTime(row, row.extra_minutes);
        const attempt = attempt_id !== null && status !== null && deadline_at !== null ? { id: attempt_id, test_id: r.id, status, deadline_at } : null;
        const state = testState({ start_time, end_time }, attempt && asOfNow(attempt));
        // Overdue but not yet recorded by the sweep: the score it will get, computed without writing.
        const graded = attempt && isOverdue(attempt) ? await gradeOnRead(db, attempt) : null;
        const score = graded ? graded.score : user_score;
        // Answers still waiting for the teacher: the score so far is provisional.
        const waiting = graded ? [...graded.results.values()].filter((a) => a.isright === 0).length : Number(pending ?? 0);
        const taken = state === 'taken';
        return { ...r, teacher: r.teacher ?? '', start: start_time, end: end_time, is_test: taken ? 1 : 0, state, user_score: taken ? (score ?? 0) : null, pending: taken ? waiting : 0 };
      }));
      return { data, meta: meta(page, perPage, total) };
    },
  });

  // The paper: its header always (the exam notice shows it before the start), its questions only inside the student's
  // own attempt, i.e. after theory/start while it runs, and afterwards for the review. Never the key; never a write.
  defineRoute(ctx, 'theory/test/{id}', {
    schema: { params: objectSchema({ id: field.int('试卷', { minimum: 1 }) }, ['id']) },
    async handler(request) {
      const user = currentUser(request);
      const test = await findTest(db, user, request.params.id);
      const attempt = await findAttempt(db, user.id, test.id);
      const state = testState(test, attempt ? asOfNow(attempt) : null);
      if (state === 'upcoming') throw refuse(MESSAGES.notStarted);
      const teacher = await db.selectFrom('users').select('realname').where('id', '=', test.teacher_id).executeTakeFirst();
      const all = await questionsOf(db, test.id);
      const sections = [...new Set(all.map((q) => q.type))].map((type) => {
        const of = all.filter((q) => q.type === type);
        return { type, type_name: typeName(type), count: of.length, points: Math.round(of.reduce((sum, q) => sum + q.poins, 0) * 10) / 10 };
      });
      const questions = attempt ? all.map((q) => ({ id: q.id, type: q.type, type_name: typeName(q.type), question: q.question, content: optionsOf(q.content), poins: q.poins })) : [];
      return {
        id: test.id, name: test.name, teacher: teacher?.realname ?? '', start: test.start_time, end: test.end_time, times: test.times, score: test.score,
        is_test: state === 'taken' ? 1 : 0, state, server_time: now(), question_count: all.length, sections, questions,
        attempt: attempt ? await attemptState(db, attempt) : null,
      };
    },
  });

  defineRoute(ctx, 'theory/start', {
    schema: { body: objectSchema({ logid }, ['logid']) },
    async handler(request) {
      const user = currentUser(request);
      const test = await findTest(db, user, request.body.logid);
      return attemptState(db, await startAttempt(db, user, test));
    },
  });

  defineRoute(ctx, 'theory/test', {
    schema: {
      body: objectSchema(
        {
          logid,
          cid: field.int('试题', { minimum: 1 }),
          answer: field.str('答案', { maxLength: 5000 }),
          type: field.int('题型', { minimum: 1 }),
          seq: field.int('保存序号', { minimum: 1, maximum: 2_000_000_000 }),
        },
        ['logid', 'cid', 'answer', 'seq'],
      ),
    },
    async handler(request) {
      const user = currentUser(request);
      const body = request.body;
      return saveAnswer(db, user, body.logid, { questionId: body.cid, answer: body.answer, type: body.type, seq: body.seq });
    },
  });

  defineRoute(ctx, 'theory/submit', {
    schema: { body: objectSchema({ logid }, ['logid']) },
    async handler(request) {
      const user = currentUser(request);
      const test = await findTest(db, user, request.body.logid);
      return submitAttempt(db, user, test);
    },
  });

  defineRoute(ctx, 'theory/records', {
    schema: { querystring: objectSchema({ logid, ...paging(9) }, ['logid']) },
    async handler(request) {
      const user = currentUser(request);
      const { logid: testId, page, per_page: perPage } = request.query;
      const test = await findTest(db, user, testId);
      const attempt = await findAttempt(db, user.id, test.id);
      if (!attempt || asOfNow(attempt).status === 'in_progress') throw refuse(MESSAGES.notSubmitted);
      // Overdue and not yet recorded: graded in memory exactly as the sweep will record it (a GET never writes).
      const inMemory = isOverdue(attempt) ? (await gradeOnRead(db, attempt)).results : null;
      // The key follows the test's review option (services/theory.ts showsKey): by default once the test is over for everyone.
      const showKey = await showsKey(db, test);
      const questions = await questionsOf(db, test.id);
      const answers: Map<number, { answer: string; isright: number; poins: number }> =
        inMemory ?? new Map((await db.selectFrom('theory_answers').selectAll().where('attempt_id', '=', attempt.id).execute()).map((a) => [a.question_id, a]));
      const data = questions.slice((page - 1) * perPage, page * perPage).map((q, i) => {
        const a = answers.get(q.id);
        return {
          id: q.id, no: (page - 1) * perPage + i + 1, type: q.type, type_name: typeName(q.type), test_content: q.question, content: optionsOf(q.content),
          answer: a?.answer ?? '', isright: a?.isright ?? 2, poins: a?.poins ?? 0, full_poins: q.poins, right_answer: showKey ? q.answer : null,
          analysis: showKey && q.analysis ? q.analysis : null, key_note: showKey ? '' : test.review === 0 ? '不公布' : '考试结束后公布',
        };
      });
      return { data, meta: meta(page, perPage, questions.length, { test: { id: test.id, name: test.name, score: test.score }, attempt: await summary(db, attempt.id) }) };
    },
  });
}
