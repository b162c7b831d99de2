import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fromNow } from '../../server/db/time';
import { DATABASES, startTestServer, type TestServer } from './harness';

/** The teacher console's theory grading: subjective answers graded by hand, question by question. */
describe.each(DATABASES)('teacher console: theory grading on %s', (kind) => {
  let s: TestServer;
  let teacher1: string;
  let teacher3: string;
  let partner: string;
  let student: string;
  let discussion: number; // the type 6 question of the open test (id 5)
  let choice: number;
  const db = () => s.opened.db;

  beforeAll(async () => {
    s = await startTestServer(kind);
    teacher1 = await s.teacherLogin('teacher1');
    teacher3 = await s.teacherLogin('teacher3');
    partner = await s.teacherLogin('teacher1', 100045);
    student = await s.login('stu00002'); // demo class, taught by teacher1
    const questions = await db().selectFrom('theory_questions').select(['id', 'type']).where('test_id', '=', 5).execute();
    discussion = questions.find((q) => q.type === 6)!.id;
    choice = questions.find((q) => q.type === 1)!.id;
    // The seed's dates are relative to the harness's reference date: open the test now.
    await db().updateTable('theory_tests').set({ start_time: fromNow(-3600), end_time: fromNow(86400) }).where('id', '=', 5).execute();
    await s.post('theory/start', { logid: 5 }, student);
    await s.post('theory/test', { logid: 5, cid: choice, answer: 'C', type: 1, seq: 1 }, student);
    await s.post('theory/test', { logid: 5, cid: discussion, answer: '糖尿病与牙周炎相互影响，控制血糖有助于牙周治疗。', type: 6, seq: 2 }, student);
    expect((await s.post('theory/submit', { logid: 5 }, student)).body.data).toMatchObject({ status: 'submitted', score: 10 });
  });
  afterAll(async () => s?.close());

  it('shows the test with what waits for a grade, and per question who answered', async () => {
    const tests = (await s.get('staff/theory/tests', {}, teacher1)).body.data.data;
    expect(tests.find((t: any) => t.id === 5)).toMatchObject({ finished: 1, pending: 1 });
    const questions = (await s.get('staff/theory/questions', { test_id: 5 }, teacher1)).body.data.data;
    expect(questions.find((q: any) => q.id === discussion)).toMatchObject({ subjective: 1, answered: 1, pending: 1, poins: 25 });
    expect(questions.find((q: any) => q.id === choice)).toMatchObject({ subjective: 0, answered: 1, correct_rate: 100 });
  });

  it('grades a discussion answer; the student sees the points and the new total', async () => {
    const answers = (await s.get('staff/theory/answers', { test_id: 5, question_id: discussion, state: 'pending' }, teacher1)).body.data;
    expect(answers.question.reference).toContain('糖尿病');
    const mine = answers.data.find((a: any) => a.answer.startsWith('糖尿病与牙周炎'));
    expect(mine).toMatchObject({ state: 'pending', full: 25 });

    const tooMany = await s.postJson('staff/theory/grade', { id: mine.id, poins: 26 }, teacher1);
    expect(tooMany.status).toBe(422);
    expect(tooMany.body.message).toBe('得分不能超过本题分值 25 分');
    const objectiveId = (await db().selectFrom('theory_answers').select('id').where('question_id', '=', choice).executeTakeFirstOrThrow()).id;
    expect((await s.postJson('staff/theory/grade', { id: objectiveId, poins: 0 }, teacher1)).body.message).toBe('客观题由系统判分');

    expect((await s.postJson('staff/theory/grade', { id: mine.id, poins: 20 }, teacher1)).body).toMatchObject({ code: 200, message: '评分成功' });
    const records = (await s.get('theory/records', { logid: 5, page_size: 20 }, student)).body.data.data;
    expect(records.find((r: any) => r.type === 6)).toMatchObject({ poins: 20, isright: 2 });
    const attempt = await db().selectFrom('theory_attempts').innerJoin('users', 'users.id', 'theory_attempts.user_id')
      .select('theory_attempts.score').where('users.username', '=', 'stu00002').where('theory_attempts.test_id', '=', 5).executeTakeFirstOrThrow();
    expect(attempt.score).toBe(30);
    expect((await s.get('staff/theory/tests', {}, teacher1)).body.data.data.find((t: any) => t.id === 5).pending).toBe(0);
  });

  it('sums up the simulation scores of each taught class and course', async () => {
    const demo = await db().selectFrom('users').select('class_id').where('username', '=', 'demo').where('school_id', '=', 100002).executeTakeFirstOrThrow();
    const records = await db().selectFrom('score_records as r').innerJoin('users as u', 'u.id', 'r.user_id')
      .select(['r.learn_id', 'r.user_id', 'r.total_score']).where('u.class_id', '=', demo.class_id).execute();
    const learnId = records[0].learn_id;
    const mine = records.filter((r) => r.learn_id === learnId);
    const rows = (await s.get('staff/results', { page_size: 100 }, teacher1)).body.data;
    const row = rows.data.find((r: any) => r.class_id === demo.class_id && r.learn_id === learnId);
    expect(row).toMatchObject({
      attempts: mine.length, participants: new Set(mine.map((r) => r.user_id)).size, best: Math.max(...mine.map((r) => r.total_score)),
      pass_rate: Math.round((mine.filter((r) => r.total_score >= 60).length / mine.length) * 1000) / 10,
    });
    // Only taught classes: teacher3 and another school's teacher see none of the demo class's rows.
    for (const outsider of [teacher3, partner]) {
      expect((await s.get('staff/results', { page_size: 100 }, outsider)).body.data.data.some((r: any) => r.class_id === demo.class_id)).toBe(false);
    }
    expect((await s.get('staff/results', {}, student)).status).toBe(403);
  });

  it('keeps other teachers and students away (IDOR)', async () => {
    const answerId = (await db().selectFrom('theory_answers').select('id').where('question_id', '=', discussion).executeTakeFirstOrThrow()).id;
    for (const outsider of [partner, teacher3]) {
      expect((await s.get('staff/theory/questions', { test_id: 5 }, outsider)).status).toBe(404);
      expect((await s.get('staff/theory/answers', { test_id: 5, question_id: discussion }, outsider)).status).toBe(404);
      expect((await s.postJson('staff/theory/grade', { id: answerId, poins: 0 }, outsider)).status).toBe(404);
      expect((await s.get('staff/theory/tests', {}, outsider)).body.data.data.map((t: any) => t.id)).not.toContain(5);
    }
    expect((await s.postJson('staff/theory/grade', { id: answerId, poins: 25 }, student)).status).toBe(403);
    expect((await s.get('staff/theory/tests', {})).status).toBe(401);
    expect((await db().selectFrom('theory_answers').select('poins').where('id', '=', answerId).executeTakeFirstOrThrow()).poins).toBe(20);
  });
});
