import type { Db } from '../db';
import { preparedQuery } from '../db/prepared';
import { storeAnswer } from './answer-store';
import { versionedCache } from './versionedCache';
import type { Row, User } from '../db/schema';
import { formatTimestamp, now, parseTimestamp } from '../db/time';
import { invalid, notFound, refuse } from '../http/errors';
import { grade, normalizeAnswer, round1 } from './theory-grading';

/**
 * Theory exam attempts: who sees which test, the server-owned clock, autosave ordering and grading.
 * An attempt's deadline is fixed when it starts (start + time limit, never past the test's end); saves and the
 * submit are accepted up to GRACE_SECONDS after it, for requests already on the wire. After that the server
 * finishes the attempt with the answers it holds (status 'expired'), whether or not a browser is still open.
 */
export const GRACE_SECONDS = 10;

export const MESSAGES = {
  notOpen: '不在考试时间范围內！',
  notStarted: '考试尚未开始',
  ended: '考试已结束',
  timeUp: '考试时间到！',
  alreadySubmitted: '试卷已提交，请勿重复提交',
  closed: '试卷已提交，不能再修改答案',
  noAttempt: '请先开始答题',
  notSubmitted: '尚未交卷，暂无答题记录',
  noTest: '试卷不存在',
  noQuestion: '试题不存在',
} as const;

type Test = Row<'theory_tests'>;
type Attempt = Row<'theory_attempts'>;

const graceCutoff = () => formatTimestamp(new Date(Date.now() - GRACE_SECONDS * 1000));
const secondsUntil = (text: string) => Math.max(0, Math.round(((parseTimestamp(text)?.getTime() ?? 0) - Date.now()) / 1000));

/** Tests of the student's school meant for their class; a test with no class rows is for the whole school. */
export function visibleTests(db: Db, user: User) {
  return db
    .selectFrom('theory_tests')
    .where('theory_tests.school_id', '=', user.school_id)
    .where('theory_tests.published', '=', 1)
    .where((eb) =>
      eb.or([
        eb.not(eb.exists(eb.selectFrom('theory_test_classes').select('theory_test_classes.test_id').whereRef('theory_test_classes.test_id', '=', 'theory_tests.id'))),
        eb.exists(
          eb.selectFrom('theory_test_classes').select('theory_test_classes.test_id').whereRef('theory_test_classes.test_id', '=', 'theory_tests.id').where('theory_test_classes.class_id', '=', user.class_id ?? -1),
        ),
      ]),
    );
}

/**
 * A test the student may see, else 404 (another school's test looks exactly like a missing one). Extra time a teacher
 * granted this student is already in it: `end_time` is the student's own closing time, `extra_minutes` the grant.
 */
export async function findTest(db: Db, user: User, id: number): Promise<StudentTest> {
  const test = await visibleTests(db, user)
    .leftJoin('theory_extra_time as x', (join) => join.onRef('x.test_id', '=', 'theory_tests.id').on('x.user_id', '=', user.id))
    .selectAll('theory_tests').select('x.minutes as extra_minutes').where('theory_tests.id', '=', id).executeTakeFirst();
  if (!test) throw notFound(MESSAGES.noTest);
  return withExtraTime(test, test.extra_minutes);
}

export type StudentTest = Test & { extra_minutes: number };

/** The test as one student sees it: closing `minutes` later (extra time granted by a teacher). */
export function withExtraTime<T extends Pick<Test, 'end_time'>>(test: T, minutes: number | null | undefined): T & { extra_minutes: number } {
  const extra = Math.max(0, Number(minutes ?? 0));
  if (!extra) return { ...test, extra_minutes: 0 };
  return { ...test, end_time: addMinutes(test.end_time, extra), extra_minutes: extra };
}

export const addMinutes = (at: string, minutes: number) => formatTimestamp(new Date((parseTimestamp(at)?.getTime() ?? Date.now()) + minutes * 60_000));

/**
 * The attempt's deadline: the time limit (plus the student's extra time) from its start, never past the student's own
 * closing time. `test.end_time` is already the student's (see withExtraTime).
 */
export function deadlineOf(test: Pick<StudentTest, 'times' | 'end_time' | 'extra_minutes'>, startedAt: string): string {
  if (test.times <= 0) return test.end_time;
  const limit = addMinutes(startedAt, test.times + test.extra_minutes);
  return limit < test.end_time ? limit : test.end_time;
}

/**
 * Whether the student may see the key after handing in: never (review 0), at once (2), or once the test has closed
 * for everyone, extra time included (1, the default), so a classmate still answering cannot be told it.
 */
export async function showsKey(db: Db, test: Pick<Test, 'id' | 'review'>): Promise<boolean> {
  if (test.review === 0) return false;
  if (test.review === 2) return true;
  const row = await db.selectFrom('theory_tests').leftJoin('theory_extra_time as x', 'x.test_id', 'theory_tests.id')
    .select((eb) => ['theory_tests.end_time', eb.fn.max('x.minutes').as('extra')]).where('theory_tests.id', '=', test.id)
    .groupBy('theory_tests.end_time').executeTakeFirst();
  return !!row && now() > addMinutes(row.end_time, Number(row.extra ?? 0));
}

export function questionsOf(db: Db, testId: number) {
  return db.selectFrom('theory_questions').selectAll().where('test_id', '=', testId).orderBy('sort').orderBy('id').execute();
}

export const optionsOf = (content: string): string[] => {
  try {
    const parsed = JSON.parse(content);
    return Array.isArray(parsed) ? parsed.map(String) : [];
  } catch {
    return [];
  }
};

export function findAttempt(db: Db, userId: number, testId: number): Promise<Attempt | undefined> {
  return db.selectFrom('theory_attempts').selectAll().where('user_id', '=', userId).where('test_id', '=', testId).executeTakeFirst();
}

type QuestionRow = Row<'theory_questions'>;
type Graded = { answer: string; isright: 0 | 1 | 2; poins: number };

/** Grades a paper: every question gets a result, answered or not (the review lists every question). Pure. */
function gradePaper(questions: QuestionRow[], answers: Map<number, string>): { results: Map<number, Graded>; score: number } {
  const results = new Map<number, Graded>();
  let score = 0;
  for (const q of questions) {
    const answer = answers.get(q.id) ?? '';
    const result = grade({ type: q.type, options: optionsOf(q.content).length, answer: q.answer, poins: q.poins }, answer);
    score += result.poins;
    results.set(q.id, { answer, ...result });
  }
  return { results, score: Math.round(score * 10) / 10 };
}

/**
 * Closes an attempt and grades it: objective answers by the key, subjective ones left for a teacher.
 * The status flip is the first write, so a save racing with it either commits before (and is graded) or is
 * refused after (see saveAnswer).
 */
export async function finishAttempt(db: Db, attemptId: number, status: 'submitted' | 'expired'): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    const flipped = await trx.updateTable('theory_attempts').set({ status, submitted_at: now() }).where('id', '=', attemptId).where('status', '=', 'in_progress').executeTakeFirst();
    if (Number(flipped.numUpdatedRows) !== 1) return false;
    const attempt = await trx.selectFrom('theory_attempts').select('test_id').where('id', '=', attemptId).executeTakeFirstOrThrow();
    const questions = await questionsOf(trx, attempt.test_id);
    const answers = await trx.selectFrom('theory_answers').select(['id', 'question_id', 'answer']).where('attempt_id', '=', attemptId).execute();
    const saved = new Map(answers.map((a) => [a.question_id, a.id]));
    const { results, score } = gradePaper(questions, new Map(answers.map((a) => [a.question_id, a.answer])));
    for (const [questionId, { answer, ...result }] of results) {
      // Unanswered questions get a row too, so the review lists every question of the paper.
      const id = saved.get(questionId);
      if (id !== undefined) await trx.updateTable('theory_answers').set(result).where('id', '=', id).execute();
      else await trx.insertInto('theory_answers').values({ attempt_id: attemptId, question_id: questionId, answer, ...result }).execute();
    }
    await trx.updateTable('theory_attempts').set({ score }).where('id', '=', attemptId).execute();
    return true;
  });
}

/**
 * A teacher's points for a subjective answer of a finished attempt: full points count as right, fewer as wrong (the
 * points say how far), and the attempt's score becomes the sum of its answers again.
 */
export async function scoreSubjective(db: Db, answer: { id: number; attempt_id: number; full: number }, poins: number): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await trx.updateTable('theory_answers').set({ poins, isright: poins >= answer.full ? 1 : 2, updated_at: now() }).where('id', '=', answer.id).execute();
    const sum = await trx.selectFrom('theory_answers').select((eb) => eb.fn.sum<number>('poins').as('s')).where('attempt_id', '=', answer.attempt_id).executeTakeFirst();
    await trx.updateTable('theory_attempts').set({ score: round1(Number(sum?.s ?? 0)) }).where('id', '=', answer.attempt_id).execute();
  });
}

/**
 * An attempt still marked in progress whose deadline (and grace) has passed. It is finished in effect: reads treat it
 * as expired and grade it in memory (see `asOfNow`, `gradeOnRead`); the write that records it happens on the next
 * POST of the student (theory/start, theory/test, theory/submit) or the server's sweep, never on a GET.
 */
export const isOverdue = (attempt: Pick<Attempt, 'status' | 'deadline_at'>) => attempt.status === 'in_progress' && attempt.deadline_at < graceCutoff();

/** The attempt as the clock has it, without writing: an overdue attempt reads as expired. */
export const asOfNow = <T extends Pick<Attempt, 'status' | 'deadline_at'>>(attempt: T): T => (isOverdue(attempt) ? { ...attempt, status: 'expired' } : attempt);

/** What finishing an overdue attempt would record, computed without writing it: per-question results and the score. */
export async function gradeOnRead(db: Db, attempt: Pick<Attempt, 'id' | 'test_id'>) {
  const questions = await questionsOf(db, attempt.test_id);
  const answers = await db.selectFrom('theory_answers').select(['question_id', 'answer']).where('attempt_id', '=', attempt.id).execute();
  return gradePaper(questions, new Map(answers.map((a) => [a.question_id, a.answer])));
}

/** Finishes every attempt (of one user, or all) whose time ran out; returns how many. */
export async function finishOverdue(db: Db, userId?: number): Promise<number> {
  let query = db.selectFrom('theory_attempts').select('id').where('status', '=', 'in_progress').where('deadline_at', '<', graceCutoff());
  if (userId !== undefined) query = query.where('user_id', '=', userId);
  let finished = 0;
  for (const { id } of await query.execute()) if (await finishAttempt(db, id, 'expired')) finished++;
  return finished;
}

/** What the answering page needs to resume: saved answers with their seq, and the server's clock. */
export async function attemptState(db: Db, stored: Attempt) {
  const attempt = asOfNow(stored);
  const answers = await db.selectFrom('theory_answers').select(['question_id', 'answer', 'seq']).where('attempt_id', '=', attempt.id).execute();
  return {
    id: attempt.id,
    status: attempt.status,
    started_at: attempt.started_at,
    deadline_at: attempt.deadline_at,
    submitted_at: attempt.submitted_at,
    server_time: now(),
    remaining: attempt.status === 'in_progress' ? secondsUntil(attempt.deadline_at) : 0,
    // The highest seq the server has seen, so a browser that lost its own counter continues above it.
    last_seq: Math.max(attempt.last_seq, ...answers.map((a) => a.seq)),
    answers: Object.fromEntries(answers.filter((a) => a.answer !== '' || a.seq > 0).map((a) => [a.question_id, { answer: a.answer, seq: a.seq }])),
  };
}

/** Starts the student's attempt (once per test), or returns the one in progress. */
export async function startAttempt(db: Db, user: User, test: StudentTest): Promise<Attempt> {
  await finishOverdue(db, user.id);
  const existing = await findAttempt(db, user.id, test.id);
  if (existing) {
    if (existing.status !== 'in_progress') throw refuse(MESSAGES.alreadySubmitted);
    return existing;
  }
  const current = now();
  if (current < test.start_time) throw refuse(MESSAGES.notStarted);
  if (current > test.end_time) throw refuse(MESSAGES.ended);
  const deadline = deadlineOf(test, current);
  // The unique (test_id, user_id) index makes a double click start one attempt; the loser reads the winner's.
  await db.insertInto('theory_attempts').values({ test_id: test.id, user_id: user.id, started_at: current, deadline_at: deadline }).onConflict((oc) => oc.columns(['test_id', 'user_id']).doNothing()).execute();
  return (await findAttempt(db, user.id, test.id))!;
}

export interface SaveInput {
  questionId: number;
  answer: string;
  type?: number;
  seq: number;
}

// Autosave runs every few seconds per student during an exam. What it checks against (the student's attempt, the
// test's questions) is kept in memory while neither table is written (on any node: server/db/versions.ts), so a save
// is one statement: the conditional upsert, which checks again that the attempt is still open (answer-store.ts).
const attemptQuery = preparedQuery((db: Db, userId: number, testId: number) =>
  db.selectFrom('theory_attempts').select(['id', 'status', 'deadline_at']).where('user_id', '=', userId).where('test_id', '=', testId),
);
const questionsQuery = preparedQuery((db: Db, testId: number) =>
  db.selectFrom('theory_questions').select(['id', 'type', 'content']).where('test_id', '=', testId),
);
type SaveAttempt = Awaited<ReturnType<typeof attemptQuery>>[number];
const saveAttempts = versionedCache<SaveAttempt | null>(['theory_attempts'], { limit: 100_000 });
const saveQuestions = versionedCache<Map<number, { type: number; options: number }>>(['theory_questions'], { limit: 2_000 });

async function saveTarget(db: Db, userId: number, testId: number, questionId: number) {
  const [attempt, questions] = await Promise.all([
    saveAttempts.get(db, `${userId}:${testId}`, async () => (await attemptQuery(db, userId, testId))[0] ?? null),
    saveQuestions.get(db, String(testId), async () => new Map((await questionsQuery(db, testId)).map((q) => [q.id, { type: q.type, options: optionsOf(q.content).length }]))),
  ]);
  const question = questions.get(questionId);
  return attempt && question ? { ...attempt, ...question } : undefined;
}

/**
 * Saves one answer unless the server already holds a newer one for that question (a higher seq): a late or
 * repeated request never overwrites what the student typed after it. `seq` in the reply is what is stored.
 * The hot path of autosave: the attempt and question from memory, then one conditional upsert.
 */
export async function saveAnswer(db: Db, user: User, testId: number, input: SaveInput) {
  const row = await saveTarget(db, user.id, testId, input.questionId);
  if (!row) {
    await findTest(db, user, testId); // 404 for a test the student cannot see
    const question = await db.selectFrom('theory_questions').select('id').where('id', '=', input.questionId).where('test_id', '=', testId).executeTakeFirst();
    throw question ? refuse(MESSAGES.noAttempt) : notFound(MESSAGES.noQuestion);
  }
  if (input.type !== undefined && input.type !== row.type) throw invalid('type', '题型与试题不符');
  const answer = normalizeAnswer({ type: row.type, options: row.options }, input.answer);
  if (row.status !== 'in_progress') throw refuse(MESSAGES.closed);
  if (row.deadline_at < graceCutoff()) {
    await finishAttempt(db, row.id, 'expired');
    throw refuse(MESSAGES.timeUp);
  }

  const stamp = now();
  // Written with the other saves of this moment, only while the attempt is in progress; acknowledged once durable.
  const written = await storeAnswer(db, { attemptId: row.id, questionId: input.questionId, answer, seq: input.seq, stamp });
  // Nothing written: the server already holds this seq or a newer one, or the attempt just closed.
  const stored = written ?? (await db.selectFrom('theory_answers').select(['answer', 'seq']).where('attempt_id', '=', row.id).where('question_id', '=', input.questionId).executeTakeFirst());
  if (!stored || stored.seq < input.seq) throw refuse(MESSAGES.closed);
  return {
    question_id: input.questionId, seq: stored.seq, answer: stored.answer, accepted: stored.seq === input.seq && stored.answer === answer,
    remaining: secondsUntil(row.deadline_at), deadline_at: row.deadline_at, server_time: stamp,
  };
}

/** The student hands the paper in: graded at once; refused when already handed in or when time is over. */
export async function submitAttempt(db: Db, user: User, test: Test) {
  const attempt = await findAttempt(db, user.id, test.id);
  if (!attempt) throw refuse(now() > test.end_time ? MESSAGES.ended : MESSAGES.noAttempt);
  if (attempt.status !== 'in_progress') throw refuse(MESSAGES.alreadySubmitted);
  const overdue = attempt.deadline_at < graceCutoff();
  const finished = await finishAttempt(db, attempt.id, overdue ? 'expired' : 'submitted');
  if (overdue) throw refuse(`${MESSAGES.timeUp}系统已按已保存的答案自动交卷`);
  if (!finished) throw refuse(MESSAGES.alreadySubmitted);
  return summary(db, attempt.id);
}

/** Score so far and how many answers still wait for a teacher (an overdue attempt graded in memory, not written). */
export async function summary(db: Db, attemptId: number) {
  const attempt = await db.selectFrom('theory_attempts').selectAll().where('id', '=', attemptId).executeTakeFirstOrThrow();
  if (isOverdue(attempt)) {
    const { results, score } = await gradeOnRead(db, attempt);
    const pending = [...results.values()].filter((r) => r.isright === 0).length;
    return { id: attempt.id, status: 'expired' as const, score, submitted_at: attempt.submitted_at, pending, used_minutes: minutesUsed(attempt) };
  }
  const pending = await db.selectFrom('theory_answers').select((eb) => eb.fn.countAll<number>().as('n')).where('attempt_id', '=', attemptId).where('isright', '=', 0).executeTakeFirst();
  return { id: attempt.id, status: attempt.status, score: attempt.score ?? 0, submitted_at: attempt.submitted_at, pending: Number(pending?.n ?? 0), used_minutes: minutesUsed(attempt) };
}

/** Whole minutes from the start to the hand-in (or to the deadline, for an attempt the clock ended). */
function minutesUsed(attempt: Pick<Attempt, 'started_at' | 'submitted_at' | 'deadline_at'>): number {
  const start = parseTimestamp(attempt.started_at);
  const end = parseTimestamp(attempt.submitted_at ?? attempt.deadline_at);
  return start && end ? Math.max(0, Math.ceil((end.getTime() - start.getTime()) / 60_000)) : 0;
}

/** Where a test stands for the student: the list shows an entry only for open / in_progress. */
export function testState(test: Pick<Test, 'start_time' | 'end_time'>, attempt: Pick<Attempt, 'status'> | null): 'open' | 'in_progress' | 'taken' | 'missed' | 'upcoming' {
  if (attempt && attempt.status !== 'in_progress') return 'taken';
  const current = now();
  if (attempt) return current > test.end_time ? 'taken' : 'in_progress';
  if (current < test.start_time) return 'upcoming';
  if (current > test.end_time) return 'missed';
  return 'open';
}
