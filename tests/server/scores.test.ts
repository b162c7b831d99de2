import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openFace, unicodeLookup } from '../../server/fonts/sfnt';
import { fontPath } from '../../server/fonts/subset';
import { DATABASES, startTestServer, type TestServer } from './harness';

/**
 * A small class built for these tests, in its own grade, so every figure can be worked out by hand:
 *   class X: A best 88, B best 88 (tie), C best 95, D best 59.5   -> class ranks C 1, A 2, B 2, D 4
 *   class Y (same grade): E best 96                                 -> grade ranks E 1, C 2, A 3, B 3, D 5
 * A's records: 88 on L1 (600 s), 50 on L2 (300 s), 60 on L2 (100 s).
 */
describe.each(DATABASES)('scores API on %s', (kind) => {
  let s: TestServer;
  let demo: string;
  let L1: { id: number; category_id: number };
  let L2: { id: number; category_id: number };
  const ids: Record<string, number> = {};
  const tokens: Record<string, string> = {};

  beforeAll(async () => {
    s = await startTestServer(kind);
    demo = await s.login();
    const db = s.opened.db;
    const pick = await db.selectFrom('learns').innerJoin('learn_categories', 'learn_categories.id', 'learns.category_id')
      .select(['learns.id', 'learns.category_id', 'learn_categories.parent_id']).where('learns.parent_learn_id', 'is', null).orderBy('learns.id').execute();
    L1 = pick[0];
    L2 = pick.find((l) => l.parent_id !== pick[0].parent_id)!;
    const major = await db.selectFrom('users').select(['major_id', 'depart_id', 'password_hash']).where('username', '=', 'demo').executeTakeFirstOrThrow();
    const grade = await db.insertInto('grades').values({ major_id: major.major_id!, grade_name: '测试年级' }).returning('id').executeTakeFirstOrThrow();
    const classX = await db.insertInto('classes').values({ grade_id: grade.id, class_name: '测试X班' }).returning('id').executeTakeFirstOrThrow();
    const classY = await db.insertInto('classes').values({ grade_id: grade.id, class_name: '测试Y班' }).returning('id').executeTakeFirstOrThrow();
    const people: [string, number, [number, number, number, string][]][] = [
      ['rankA', classX.id, [[L1.id, 88, 600, '2026-08-01 10:00:00'], [L2.id, 50, 300, '2026-08-02 10:00:00'], [L2.id, 60, 100, '2026-08-03 10:00:00']]],
      ['rankB', classX.id, [[L1.id, 88, 500, '2026-08-01 11:00:00'], [L1.id, 70, 500, '2026-08-01 12:00:00']]],
      ['rankC', classX.id, [[L1.id, 95, 400, '2026-08-01 09:00:00'], [L2.id, 90, 400, '2026-08-02 09:00:00']]],
      ['rankD', classX.id, [[L2.id, 59.5, 200, '2026-08-01 08:00:00']]],
      ['rankE', classY.id, [[L1.id, 96, 300, '2026-08-01 07:00:00']]],
    ];
    for (const [username, classId, records] of people) {
      const user = await db.insertInto('users').values({
        school_id: 100002, role: 'student', username, password_hash: major.password_hash, realname: username,
        depart_id: major.depart_id, major_id: major.major_id, grade_id: grade.id, class_id: classId,
      }).returning('id').executeTakeFirstOrThrow();
      ids[username] = user.id;
      for (const [learn_id, total_score, total_time, created_at] of records) {
        await db.insertInto('score_records').values({ user_id: user.id, learn_id, class_id: classId, grade_id: grade.id, total_score, total_time, created_at, detail: '[]' }).execute();
      }
      tokens[username] = await s.login(username);
    }
  });
  afterAll(async () => s?.close());

  const overview = async (who: string, form: Record<string, string | number> = {}) => (await s.post('score/get_student', form, tokens[who])).body;

  describe('score/get_student', () => {
    it('ranks by best score with competition ranking (ties share a rank, the next rank is skipped)', async () => {
      const expected: Record<string, [number, number]> = { rankA: [2, 3], rankB: [2, 3], rankC: [1, 2], rankD: [4, 5], rankE: [1, 1] };
      for (const [who, [classRank, gradeRank]] of Object.entries(expected)) {
        const data = (await overview(who)).data;
        expect([data.class.sort, data.grade.sort], who).toEqual([classRank, gradeRank]);
      }
    });

    it('summarises the records: count, time, best, bands at the 60 and 90 thresholds', async () => {
      const a = (await overview('rankA')).data;
      expect(a).toMatchObject({ times: 3, allTime: 1000, max_score: 88, allCount: 3, dabiao: { height: 0, middle: 2, low: 1 }, grade: { max_score: 88 } });
      const c = (await overview('rankC')).data;
      expect(c.dabiao).toEqual({ height: 2, middle: 0, low: 0 });
      const d = (await overview('rankD')).data;
      expect(d.dabiao).toEqual({ height: 0, middle: 0, low: 1 });
    });

    it('applies learn and category filters to the list, the figures and the ranks', async () => {
      const byLearn = (await overview('rankA', { learn_id: L2.id })).data;
      // On L2: C 90, A 60, D 59.5 (B has no L2 record) -> A second in class and grade.
      expect(byLearn).toMatchObject({ times: 2, allTime: 400, max_score: 60, class: { sort: 2 }, grade: { sort: 2 }, dabiao: { height: 0, middle: 1, low: 1 } });
      expect(byLearn.score.every((r: any) => r.learn_id === L2.id)).toBe(true);

      const byType = (await overview('rankA', { category_id: L1.category_id })).data;
      expect(byType).toMatchObject({ times: 1, max_score: 88, class: { sort: 2 }, grade: { sort: 3 } });
      const direction = await s.opened.db.selectFrom('learn_categories').select('parent_id').where('id', '=', L1.category_id).executeTakeFirstOrThrow();
      const byDirection = (await overview('rankA', { category_id: direction.parent_id })).data;
      expect(byDirection.times).toBe(1);

      const none = (await overview('rankE', { learn_id: L2.id })).data;
      expect(none).toMatchObject({ times: 0, allTime: 0, max_score: null, score: [], allPage: 0, class: { sort: null }, grade: { sort: null } });
    });

    it('pages the records newest first, with the learn name', async () => {
      const first = (await overview('rankA', { page: 1, page_size: 2 })).data;
      expect(first).toMatchObject({ allPage: 2, allCount: 3, page: 1, page_size: 2 });
      expect(first.score.map((r: any) => r.created_at)).toEqual(['2026-08-03 10:00:00', '2026-08-02 10:00:00']);
      const learn = await s.opened.db.selectFrom('learns').select('name').where('id', '=', L2.id).executeTakeFirstOrThrow();
      expect(first.score[0]).toMatchObject({ learn_id: L2.id, learn_name: learn.name, learn: { name: learn.name }, total_score: 60, total_time: 100 });
      const second = (await overview('rankA', { page: 2, page_size: 2 })).data;
      expect(second.score.map((r: any) => r.total_score)).toEqual([88]);
    });

    it("gives the demo student figures that match the database's records", async () => {
      const me = await s.opened.db.selectFrom('users').select('id').where('username', '=', 'demo').executeTakeFirstOrThrow();
      const rows = await s.opened.db.selectFrom('score_records').select(['total_score', 'total_time']).where('user_id', '=', me.id).execute();
      const data = (await s.post('score/get_student', { page_size: 8 }, demo)).body.data;
      expect(rows.length).toBeGreaterThanOrEqual(24);
      expect(data.times).toBe(rows.length);
      expect(data.allTime).toBe(rows.reduce((n, r) => n + Number(r.total_time), 0));
      expect(data.max_score).toBe(Math.max(...rows.map((r) => Number(r.total_score))));
      expect(data.dabiao).toEqual({
        height: rows.filter((r) => r.total_score >= 90).length,
        middle: rows.filter((r) => r.total_score >= 60 && r.total_score < 90).length,
        low: rows.filter((r) => r.total_score < 60).length,
      });
      expect(data.score).toHaveLength(8);
      expect(data.allPage).toBe(Math.ceil(rows.length / 8));
    });

    it("refuses another student's user_id, bad input and missing login", async () => {
      expect((await s.post('score/get_student', { user_id: ids.rankB }, tokens.rankA)).status).toBe(403);
      expect((await s.post('score/get_student', { page_size: 1000 }, demo)).status).toBe(422);
      expect((await s.post('score/get_student', { category_id: '1;drop' }, demo)).status).toBe(422);
      expect((await s.post('score/get_student', {})).status).toBe(401);
    });
  });

  describe('score/get_one_score', () => {
    it('returns one of my records with detail, and 404 for anyone else\'s', async () => {
      const mine = await s.opened.db.selectFrom('score_records').selectAll().where('user_id', '=', ids.rankA).orderBy('id').executeTakeFirstOrThrow();
      const reply = await s.post('score/get_one_score', { id: mine.id }, tokens.rankA);
      expect(reply.body.data).toMatchObject({ id: mine.id, learn_id: mine.learn_id, total_score: 88, total_time: 600, detail: '[]', evalue: 0 });
      const other = await s.post('score/get_one_score', { id: mine.id }, tokens.rankB);
      expect(other.status).toBe(404);
      expect(JSON.stringify(other.body)).not.toContain('600');
      expect((await s.post('score/get_one_score', { id: 99999999 }, demo)).status).toBe(404);
      expect((await s.post('score/get_one_score', {}, demo)).status).toBe(422);
      expect((await s.post('score/get_one_score', { id: mine.id })).status).toBe(401);
    });
  });

  describe('questionnaire', () => {
    const learnOf = async (username: string) => {
      const row = await s.opened.db.selectFrom('score_records').innerJoin('users', 'users.id', 'score_records.user_id')
        .select('score_records.learn_id').where('users.username', '=', username).orderBy('score_records.id').executeTakeFirstOrThrow();
      return row.learn_id;
    };

    it('serves four questions, the first two with options', async () => {
      const learn = await learnOf('stu00016');
      const token = await s.login('stu00016');
      const data = (await s.post('learn/getproblem', { learn_id: learn }, token)).body.data;
      expect(data.problem).toHaveLength(4);
      expect(data.problem[0].option.length).toBeGreaterThan(1);
      expect(data.problem[1].option.length).toBeGreaterThan(1);
      expect(data.problem[2].option).toEqual([]);
      expect(typeof data.learn).toBe('string');
      expect(data.answered).toBe(0);
      expect((await s.post('learn/getproblem', { learn_id: 99999 }, token)).status).toBe(404);
    });

    it('refuses incomplete answers, then stores a complete one once', async () => {
      const learn = await learnOf('stu00017');
      const token = await s.login('stu00017');
      const full = { learn_id: learn, estimate: 1, know: '[0,2]', resource: '希望增加病例', perspective: '很好' };
      for (const missing of ['estimate', 'know', 'resource', 'perspective'] as const) {
        const reply = await s.post('learn/addevaluate', { ...full, [missing]: missing === 'know' ? '[]' : '' }, token);
        expect(reply.body, missing).toMatchObject({ code: 0, message: '还有题目未完成，请完成填写' });
      }
      expect((await s.post('learn/addevaluate', { ...full, resource: '   ' }, token)).body.code).toBe(0);
      expect((await s.post('learn/addevaluate', { ...full, estimate: 9 }, token)).body).toMatchObject({ code: 0, message: '所选选项不存在，请重新选择' });

      expect((await s.post('learn/addevaluate', full, token)).body.code).toBe(200);
      const again = await s.post('learn/addevaluate', full, token);
      expect(again.body).toMatchObject({ code: 0, message: '您已提交过该实验的评价，每个实验只能评价一次' });
      const user = await s.opened.db.selectFrom('users').select('id').where('username', '=', 'stu00017').executeTakeFirstOrThrow();
      const rows = await s.opened.db.selectFrom('questionnaire_answers').selectAll().where('user_id', '=', user.id).execute();
      expect(rows).toHaveLength(1);
      expect(rows[0]).toMatchObject({ learn_id: learn, estimate: 1, know: '[0,2]', resource: '希望增加病例', perspective: '很好' });
      expect((await s.post('learn/getproblem', { learn_id: learn }, token)).body.data.answered).toBe(1);
    });

    it('accepts know as a comma list, and refuses experiments not trained and other users', async () => {
      const token = await s.login('stu00018');
      const learn = await learnOf('stu00018');
      expect((await s.post('learn/addevaluate', { learn_id: learn, estimate: 0, know: '1,3', resource: 'a', perspective: 'b' }, token)).body.code).toBe(200);
      const untrained = await s.opened.db.selectFrom('learns').select('id').where('id', 'not in',
        s.opened.db.selectFrom('score_records').innerJoin('users', 'users.id', 'score_records.user_id').select('score_records.learn_id').where('users.username', '=', 'stu00018'),
      ).orderBy('id').executeTakeFirstOrThrow();
      expect((await s.post('learn/addevaluate', { learn_id: untrained.id, estimate: 0, know: '1', resource: 'a', perspective: 'b' }, token)).body)
        .toMatchObject({ code: 0, message: '完成该实验的训练后才能评价' });
      expect((await s.post('learn/addevaluate', { user_id: ids.rankA, learn_id: learn, estimate: 0, know: '1', resource: 'a', perspective: 'b' }, token)).status).toBe(403);
      expect((await s.post('learn/addevaluate', { learn_id: learn, resource: 'x'.repeat(501) }, token)).body).toMatchObject({ code: 422, message: '教学资源建议最多 500 字' });
      expect((await s.post('learn/addevaluate', { learn_id: learn })).status).toBe(401);
    });
  });

  describe('score/pdf_font', () => {
    it.skipIf(!fontPath())('returns a small TrueType subset that maps exactly the requested characters', async () => {
      const reply = await s.post('score/pdf_font', { text: '成绩详情：全冠牙体预备 92.5分' }, demo);
      const font = Buffer.from(reply.body.data.base64, 'base64');
      expect(font.length).toBeLessThan(60_000);
      expect(font.readUInt32BE(0)).toBe(0x00010000);
      const lookup = unicodeLookup(openFace(font, ''));
      for (const ch of '成绩详情全冠牙体预备92.5分') expect(lookup(ch.codePointAt(0)!), ch).toBeGreaterThan(0);
      expect(lookup('龍'.codePointAt(0)!)).toBe(0);
      expect((await s.post('score/pdf_font', { text: '' }, demo)).status).toBe(422);
      expect((await s.post('score/pdf_font', { text: 'abc' })).status).toBe(401);
    });
  });
});
