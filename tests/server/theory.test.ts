import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatTimestamp } from '../../server/db/time';
import { finishOverdue } from '../../server/services/theory';
import { DATABASES, startTestServer, type TestServer } from './harness';

const ago = (seconds: number) => formatTimestamp(new Date(Date.now() - seconds * 1000));

describe.each(DATABASES)('theory exams on %s', (kind) => {
  let s: TestServer;
  let demo: string;
  const tokens: Record<string, string> = {};
  let q: Record<number, number>; // question type -> id, test 5 (every type)

  /** Opens a test now (the suite's seed is dated 2026-09-01), with a time limit in minutes. */
  const openTest = (id: number, times = 30) =>
    s.opened.db.updateTable('theory_tests').set({ start_time: ago(3600), end_time: ago(-86400), times }).where('id', '=', id).execute();
  const attemptOf = (user: string, testId: number) =>
    s.opened.db.selectFrom('theory_attempts').innerJoin('users', 'users.id', 'theory_attempts.user_id').selectAll('theory_attempts')
      .where('users.username', '=', user).where('test_id', '=', testId).executeTakeFirst();
  const save = (token: string, cid: number, answer: string, seq: number, logid = 5) => s.post('theory/test', { logid, cid, answer, seq }, token);

  beforeAll(async () => {
    s = await startTestServer(kind);
    demo = await s.login();
    for (const name of ['stu00021', 'stu00022', 'stu00023', 'stu00024', 'stu00025', 'stu00026']) tokens[name] = await s.login(name);
    tokens.partner = await s.login('stu00010', 'demo123', 100045);
    const rows = await s.opened.db.selectFrom('theory_questions').select(['id', 'type']).where('test_id', '=', 5).execute();
    q = Object.fromEntries(rows.map((r) => [r.type, r.id]));
  });
  afterAll(async () => s?.close());

  describe('list (theory/tests)', () => {
    it('pages with data + meta and tells taken, missed and upcoming apart', async () => {
      const res = await s.get('theory/tests', { page: 1, per_page: 20 }, demo);
      expect(res.body.code).toBe(200);
      expect(res.body.data.meta).toMatchObject({ current_page: 1, per_page: 20, last_page: 1, total: 5 });
      const byId = Object.fromEntries(res.body.data.data.map((t: any) => [t.id, t]));
      expect(byId[2]).toMatchObject({ is_test: 1, state: 'taken', teacher: expect.any(String), start: expect.any(String), end: expect.any(String) });
      expect(byId[2].user_score).toBeGreaterThan(0);
      expect(byId[3]).toMatchObject({ is_test: 0, state: 'missed', user_score: null }); // ended, never taken

      const page2 = await s.get('theory/tests', { page: 2, per_page: 2 }, demo);
      expect(page2.body.data.meta).toMatchObject({ current_page: 2, last_page: 3, total: 5 });
      expect(page2.body.data.data).toHaveLength(2);
    });

    it('shows a student only the tests of their school and class', async () => {
      const other = await s.get('theory/tests', {}, tokens.stu00021);
      expect(other.body.data.data.map((t: any) => t.id)).toEqual([5]); // class-less test: whole school
      const partner = await s.get('theory/tests', {}, tokens.partner);
      expect(partner.body.data.meta.total).toBe(0);
    });

    it('needs a login', async () => {
      expect((await s.get('theory/tests')).status).toBe(401);
      expect((await s.get('theory/test/5')).status).toBe(401);
      expect((await s.post('theory/test', { logid: 5, cid: 1, answer: 'A', seq: 1 })).status).toBe(401);
    });
  });

  describe('paper, start and autosave', () => {
    beforeAll(() => openTest(5));

    it('before the start shows the header only: no question, no option (issue 14 #5)', async () => {
      const res = await s.get('theory/test/5', {}, tokens.stu00021);
      expect(res.body.data).toMatchObject({ id: 5, state: 'open', attempt: null, times: 30, score: expect.any(Number), question_count: 7, questions: [] });
      expect(res.body.data.sections.map((x: any) => [x.type, x.count])).toEqual([[1, 1], [2, 1], [3, 1], [4, 1], [5, 1], [6, 1], [7, 1]]);
      expect(res.body.data.sections[0]).toMatchObject({ type_name: '单选题', points: 10 });
      const paper = await s.opened.db.selectFrom('theory_questions').select(['question', 'content']).where('test_id', '=', 5).execute();
      const text = JSON.stringify(res.body);
      for (const row of paper) {
        expect(text).not.toContain(JSON.stringify(row.question).slice(1, -1));
        for (const option of JSON.parse(row.content) as string[]) expect(text).not.toContain(JSON.stringify(option).slice(1, -1));
      }
    });

    it('serves the paper without the key once the attempt is started, and 404 for another school', async () => {
      await s.post('theory/start', { logid: 5 }, tokens.stu00021);
      const res = await s.get('theory/test/5', {}, tokens.stu00021);
      expect(res.body.data).toMatchObject({ id: 5, state: 'in_progress', attempt: { status: 'in_progress' }, times: 30, question_count: 7 });
      expect(res.body.data.questions.map((x: any) => x.type)).toEqual([1, 2, 3, 4, 5, 6, 7]);
      for (const question of res.body.data.questions) expect(question).not.toHaveProperty('answer');
      expect(res.body.data.questions[1].content).toHaveLength(6);
      expect((await s.get('theory/test/5', {}, tokens.partner)).status).toBe(404);
      expect((await s.get('theory/test/999', {}, tokens.stu00021)).status).toBe(404);
    });

    it('starts once, with a deadline set by the server', async () => {
      const first = await s.post('theory/start', { logid: 5 }, tokens.stu00021);
      expect(first.body.data).toMatchObject({ status: 'in_progress', last_seq: 0, answers: {} });
      expect(first.body.data.remaining).toBeGreaterThan(29 * 60);
      expect(first.body.data.remaining).toBeLessThanOrEqual(30 * 60);
      const again = await s.post('theory/start', { logid: 5 }, tokens.stu00021);
      expect(again.body.data.id).toBe(first.body.data.id);
    });

    it('refuses to start outside the test window', async () => {
      await openTest(1);
      await s.opened.db.updateTable('theory_tests').set({ start_time: ago(-3600) }).where('id', '=', 1).execute();
      expect((await s.post('theory/start', { logid: 1 }, demo)).body).toMatchObject({ code: 0, message: '考试尚未开始' });
      await s.opened.db.updateTable('theory_tests').set({ start_time: ago(7200), end_time: ago(3600) }).where('id', '=', 1).execute();
      expect((await s.post('theory/start', { logid: 1 }, demo)).body).toMatchObject({ code: 0, message: '考试已结束' });
    });

    it('keeps the newest answer when saves arrive late or twice', async () => {
      const t = tokens.stu00021;
      expect((await save(t, q[1], 'b', 5)).body.data).toMatchObject({ seq: 5, accepted: true });
      const late = await save(t, q[1], 'A', 3);
      expect(late.body.data).toMatchObject({ seq: 5, answer: 'B', accepted: false });
      expect((await save(t, q[1], 'B', 5)).body.data.accepted).toBe(true); // a retry of the same save
      const stored = await s.opened.db.selectFrom('theory_answers').select(['answer', 'seq']).where('question_id', '=', q[1]).execute();
      expect(stored).toEqual([{ answer: 'B', seq: 5 }]);
      const paper = await s.get('theory/test/5', {}, t);
      expect(paper.body.data.attempt).toMatchObject({ last_seq: 5, answers: { [q[1]]: { answer: 'B', seq: 5 } } });
    });

    it('answers a bad format with a clear message', async () => {
      const t = tokens.stu00021;
      const cases: [number, string, string][] = [
        [q[1], 'E', '单选题答案应为一个选项字母（A–D）'],
        [q[1], 'A B', '单选题只能选择一个选项（A–D）'],
        [q[2], 'A G', '多选题答案应为以空格分隔的选项字母（A–F）'],
        [q[3], '对', '判断题答案只能是“正确”或“错误”'],
      ];
      for (const [cid, answer, message] of cases) {
        const res = await save(t, cid, answer, 100);
        expect(res.status, answer).toBe(422);
        expect(res.body.message).toBe(message);
      }
      expect((await s.post('theory/test', { logid: 5, cid: q[1], answer: 'A', seq: 101, type: 2 }, t)).status).toBe(422);
      expect((await s.post('theory/test', { logid: 5, cid: q[1], answer: 'A' }, t)).body.errors).toHaveProperty('seq');
      expect((await save(t, 1, 'A', 102)).status).toBe(404); // a question of another test
    });

    it('refuses saves without a started attempt and for another school', async () => {
      expect((await save(tokens.stu00025, q[1], 'A', 1)).body).toMatchObject({ code: 0, message: '请先开始答题' });
      expect((await save(tokens.partner, q[1], 'A', 1)).status).toBe(404);
    });
  });

  describe('grading at submit', () => {
    it('grades every objective type and leaves subjective ones to a teacher', async () => {
      const t = tokens.stu00022;
      await s.post('theory/start', { logid: 5 }, t);
      let seq = 1;
      const answers: [number, string][] = [
        [q[1], 'C'], // right
        [q[2], 'B A'], // two of three right options, none wrong: partial
        [q[3], '错误'], // wrong
        [q[4], '28  12 7'], // alternatives accepted, third blank wrong: 2 of 3
        [q[5], '上下颌牙的接触关系'],
        // q[6] left unanswered
        [q[7], '改良 Bass 法'],
      ];
      for (const [cid, answer] of answers) expect((await save(t, cid, answer, seq++)).body.code).toBe(200);
      const res = await s.post('theory/submit', { logid: 5 }, t);
      expect(res.body.data).toMatchObject({ status: 'submitted', score: 10 + 10 + 0 + 10, pending: 2 });

      const records = await s.get('theory/records', { logid: 5 }, t);
      const byType = Object.fromEntries(records.body.data.data.map((r: any) => [r.type, r]));
      expect(byType[1]).toMatchObject({ answer: 'C', isright: 1, poins: 10, full_poins: 10 });
      expect(byType[2]).toMatchObject({ answer: 'A B', isright: 2, poins: 10 });
      expect(byType[3]).toMatchObject({ isright: 2, poins: 0 });
      expect(byType[4]).toMatchObject({ answer: '28 12 7', isright: 2, poins: 10 });
      expect(byType[5]).toMatchObject({ isright: 0, poins: 0 });
      expect(byType[6]).toMatchObject({ answer: '', isright: 2, poins: 0 }); // unanswered, still listed
      expect(byType[7]).toMatchObject({ isright: 0 });
      expect(byType[1].right_answer).toBeNull(); // the test is still open for others
      expect(records.body.data.meta).toMatchObject({ total: 7, per_page: 9, last_page: 1, attempt: { score: 30, pending: 2, used_minutes: expect.any(Number) } });
      expect(records.body.data.meta.attempt.used_minutes).toBeGreaterThanOrEqual(0);
      expect(records.body.data.meta.attempt.used_minutes).toBeLessThanOrEqual(1);
      // The list says the score is provisional while two answers wait for the teacher.
      const list = await s.get('theory/tests', {}, t);
      expect(list.body.data.data.find((x: any) => x.id === 5)).toMatchObject({ state: 'taken', user_score: 30, pending: 2 });
    });

    it('gives 0 for a wrong extra option and full points for an exact multi answer', async () => {
      const t = tokens.stu00023;
      await s.post('theory/start', { logid: 5 }, t);
      await save(t, q[2], 'A B C D', 1);
      await save(t, q[4], '32 12 8', 2);
      await save(t, q[3], '正确', 3);
      await s.post('theory/submit', { logid: 5 }, t);
      const rows = (await s.get('theory/records', { logid: 5 }, t)).body.data.data;
      expect(rows.find((r: any) => r.type === 2)).toMatchObject({ isright: 2, poins: 0 });
      expect(rows.find((r: any) => r.type === 4)).toMatchObject({ isright: 1, poins: 15 });
      expect(rows.find((r: any) => r.type === 3)).toMatchObject({ isright: 1, poins: 5 });
    });

    it('refuses a second submit and any save after it', async () => {
      const t = tokens.stu00022;
      expect((await s.post('theory/submit', { logid: 5 }, t)).body).toMatchObject({ code: 0, message: '试卷已提交，请勿重复提交' });
      expect((await save(t, q[1], 'A', 99)).body).toMatchObject({ code: 0, message: '试卷已提交，不能再修改答案' });
      expect((await s.post('theory/start', { logid: 5 }, t)).body.code).toBe(0);
      const list = await s.get('theory/tests', {}, t);
      expect(list.body.data.data[0]).toMatchObject({ id: 5, is_test: 1, state: 'taken', user_score: 30 });
    });

    it("keeps each student's records their own", async () => {
      expect((await s.get('theory/records', { logid: 5 }, tokens.stu00025)).body).toMatchObject({ code: 0, message: '尚未交卷，暂无答题记录' });
      expect((await s.get('theory/records', { logid: 5 }, tokens.partner)).status).toBe(404);
      expect((await s.get('theory/records', { logid: 2, per_page: 3, page: 3 }, demo)).body.data.data.map((r: any) => r.no)).toEqual([7, 8]);
    });
  });

  describe('the server owns the clock', () => {
    it('finishes an attempt whose time is over with the answers it holds, and refuses late work', async () => {
      const t = tokens.stu00024;
      await s.post('theory/start', { logid: 5 }, t);
      await save(t, q[1], 'C', 1);
      const attempt = (await attemptOf('stu00024', 5))!;
      await s.opened.db.updateTable('theory_attempts').set({ deadline_at: ago(60) }).where('id', '=', attempt.id).execute();

      expect((await save(t, q[3], '正确', 2)).body).toMatchObject({ code: 0, message: '考试时间到！' });
      expect((await s.post('theory/submit', { logid: 5 }, t)).body).toMatchObject({ code: 0, message: '试卷已提交，请勿重复提交' });
      const after = (await attemptOf('stu00024', 5))!;
      expect(after).toMatchObject({ status: 'expired', score: 10 });
    });

    // Autosave checks against the attempt it keeps in memory (services/theory.ts) until the table is written anywhere.
    it('holds to a deadline another node moved within about a second', async () => {
      const t = await s.login('stu00027');
      await s.post('theory/start', { logid: 5 }, t);
      let seq = 0;
      expect((await save(t, q[1], 'A', ++seq)).body.data.accepted).toBe(true);
      const attempt = (await attemptOf('stu00027', 5))!;
      const otherNode = await s.reopen();
      try {
        await otherNode.db.updateTable('theory_attempts').set({ deadline_at: ago(60) }).where('id', '=', attempt.id).execute();
        await expect.poll(async () => (await save(t, q[1], 'B', ++seq)).body.message, { timeout: 5_000, interval: 200 }).toBe('考试时间到！');
      } finally {
        await otherNode.close();
      }
    });

    it('finishes abandoned attempts without any request from the student', async () => {
      const t = tokens.stu00025;
      await s.post('theory/start', { logid: 5 }, t);
      await save(t, q[3], '正确', 1);
      const attempt = (await attemptOf('stu00025', 5))!;
      await s.opened.db.updateTable('theory_attempts').set({ deadline_at: ago(60) }).where('id', '=', attempt.id).execute();
      expect(await finishOverdue(s.opened.db)).toBeGreaterThanOrEqual(1); // what the server's sweeper runs
      expect(await attemptOf('stu00025', 5)).toMatchObject({ status: 'expired', score: 5 });
    });

    it('reads an overdue attempt as expired without writing; the next POST records it (issue 14 #5)', async () => {
      const t = tokens.stu00026;
      await s.post('theory/start', { logid: 5 }, t);
      await save(t, q[1], 'C', 1);
      await save(t, q[5], '上下颌牙的接触关系', 2);
      const attempt = (await attemptOf('stu00026', 5))!;
      await s.opened.db.updateTable('theory_attempts').set({ deadline_at: ago(60) }).where('id', '=', attempt.id).execute();
      const snapshot = async () => ({
        attempts: await s.opened.db.selectFrom('theory_attempts').selectAll().orderBy('id').execute(),
        answers: await s.opened.db.selectFrom('theory_answers').selectAll().orderBy('id').execute(),
      });
      const before = await snapshot();

      const paper = await s.get('theory/test/5', {}, t);
      expect(paper.body.data).toMatchObject({ state: 'taken', is_test: 1, attempt: { status: 'expired', remaining: 0 } });
      const list = await s.get('theory/tests', {}, t);
      expect(list.body.data.data.find((x: any) => x.id === 5)).toMatchObject({ state: 'taken', user_score: 10 });
      const records = await s.get('theory/records', { logid: 5 }, t);
      expect(records.body.data.meta.attempt).toMatchObject({ status: 'expired', score: 10, pending: 1 });
      expect(records.body.data.data.find((r: any) => r.type === 1)).toMatchObject({ answer: 'C', isright: 1, poins: 10 });
      expect(await snapshot()).toEqual(before); // no GET wrote anything

      expect((await s.post('theory/start', { logid: 5 }, t)).body).toMatchObject({ code: 0, message: '试卷已提交，请勿重复提交' });
      expect(await attemptOf('stu00026', 5)).toMatchObject({ status: 'expired', score: 10 });
    });

    it('refuses a submit that arrives after the time limit', async () => {
      await s.opened.db.updateTable('theory_tests').set({ start_time: ago(3600), end_time: ago(-3600) }).where('id', '=', 1).execute();
      await s.post('theory/start', { logid: 1 }, demo);
      const attempt = (await attemptOf('demo', 1))!;
      await s.opened.db.updateTable('theory_attempts').set({ deadline_at: ago(30) }).where('id', '=', attempt.id).execute();
      const res = await s.post('theory/submit', { logid: 1 }, demo);
      expect(res.body).toMatchObject({ code: 0, message: '考试时间到！系统已按已保存的答案自动交卷' });
      expect(await attemptOf('demo', 1)).toMatchObject({ status: 'expired' });
    });

    it('shows the key in the review once the test is over', async () => {
      await s.opened.db.updateTable('theory_tests').set({ end_time: ago(10) }).where('id', '=', 5).execute();
      const rows = (await s.get('theory/records', { logid: 5 }, tokens.stu00022)).body.data.data;
      expect(rows.find((r: any) => r.type === 1).right_answer).toBe('C');
    });
  });
});
