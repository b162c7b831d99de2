import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DATABASES, startTestServer, type TestServer } from './harness';

const ROWS = JSON.stringify([['序号', '考核项目', '满分', '得分'], [1, '术前准备', 40, 38]]);

/** Demo-school students other than the ones the recent-study cases use. */
const RATERS = ['stu00021', 'stu00022', 'stu00023'];

describe.each(DATABASES)('course ratings and 最近学习 on %s', (kind) => {
  let s: TestServer;
  let token: string;
  let userId: number;
  beforeAll(async () => {
    s = await startTestServer(kind);
    token = await s.login('stu00012');
    userId = (await s.opened.db.selectFrom('users').select('id').where('username', '=', 'stu00012').where('school_id', '=', 100002).executeTakeFirstOrThrow()).id;
  });
  afterAll(async () => s?.close());

  const catalogue = async () => (await s.post('learn/get', { page: 1, page_size: 9999 }, token)).body.data.learn as any[];

  /** A student answers the questionnaire of a course they have trained in (question 1: option `estimate`). */
  async function rate(username: string, learnId: number, estimate: number) {
    const db = s.opened.db;
    const user = await db.selectFrom('users').select(['id', 'class_id']).where('username', '=', username).where('school_id', '=', 100002).executeTakeFirstOrThrow();
    await db.insertInto('score_records').values({ user_id: user.id, learn_id: learnId, class_id: user.class_id, total_score: 80, total_time: 60, created_at: '2026-08-01 10:00:00' }).execute();
    const res = await s.post('learn/addevaluate', { learn_id: learnId, estimate, know: '0', resource: '无', perspective: '无' }, await s.login(username));
    expect(res.body.code, res.body.message).toBe(200);
  }

  describe('rating on the course cards', () => {
    it('averages the satisfaction answers (best option 5 stars, one fewer per option) with their count; nothing when unrated', async () => {
      const courses = await catalogue();
      const [rated, unrated] = courses.filter((c) => c.childrens.length === 0 && c.rating_count === 0);
      // 非常满意, 满意, 非常满意 -> (5 + 4 + 5) / 3 = 4.7; an answer shows at once (the cached page figures are cleared).
      for (const [i, username] of RATERS.entries()) await rate(username, rated.id, [0, 1, 0][i]);

      const after = await catalogue();
      expect(after.find((x) => x.id === rated.id)).toMatchObject({ rating: 4.7, rating_count: 3 });
      expect(after.find((x) => x.id === unrated.id)).toMatchObject({ rating: null, rating_count: 0 });
      // The same figures on the first-shape page (prepared query) and on a filtered one.
      const page = (await s.post('learn/get', { page: 1, page_size: 8 }, token)).body.data.learn as any[];
      for (const course of page) expect(course.rating_count).toBe(after.find((x) => x.id === course.id).rating_count);
      const searched = (await s.post('learn/get', { learn_name: rated.name, page_size: 50 }, token)).body.data.learn as any[];
      expect(searched.find((x) => x.id === rated.id)).toMatchObject({ rating: 4.7, rating_count: 3 });

      // A favourite card carries the same rating.
      await s.post('learn/favorite', { learn_id: rated.id, favorite: 1 }, token);
      const favorites = (await s.get('user/favorites', { page: 1, page_size: 100 }, token)).body.data.data as any[];
      expect(favorites.find((x) => x.learn_id === rated.id)).toMatchObject({ rating: 4.7, rating_count: 3 });
    });

    it('counts the answers given for the child courses on their practice, and each child its own on the channel page', async () => {
      const parent = (await catalogue()).find((c) => c.childrens.length >= 2 && c.rating_count === 0);
      const [first, second] = parent.childrens;
      await rate(RATERS[0], first.id, 2); // 一般: 3 stars
      await rate(RATERS[1], second.id, 3); // 不满意: 2 stars
      expect((await catalogue()).find((c) => c.id === parent.id)).toMatchObject({ rating: 2.5, rating_count: 2 });
      const detail = (await s.post('learn/detail', { learn_id: parent.id }, token)).body.data;
      expect(detail.childrens.find((c: any) => c.id === first.id)).toMatchObject({ rating: 3, rating_count: 1 });
      expect(detail.childrens.find((c: any) => c.id === second.id)).toMatchObject({ rating: 2, rating_count: 1 });
    });
  });

  describe('learn/recent', () => {
    const recent = async (who = token, params: Record<string, string | number> = {}) => s.post('learn/recent', params, who);

    it('lists the student\'s own courses newest first with the latest and best score, from score records', async () => {
      const db = s.opened.db;
      const res = await recent(token, { limit: 10 });
      expect(res.body.code).toBe(200);
      const records = await db.selectFrom('score_records').selectAll().where('user_id', '=', userId).orderBy('created_at', 'desc').orderBy('id', 'desc').execute();
      const expected = [...new Set(records.map((r) => r.learn_id))].slice(0, 10);
      expect(res.body.data.list.map((c: any) => c.learn_id)).toEqual(expected);
      for (const item of res.body.data.list) {
        const own = records.filter((r) => r.learn_id === item.learn_id);
        expect(item).toMatchObject({ attempts: own.length, last_score: Number(own[0].total_score), best_score: Math.max(...own.map((r) => Number(r.total_score))), last_time: own[0].created_at });
      }
    });

    it('puts a course just launched first (no score yet), then its score once the simulation reports it', async () => {
      const listed = new Set(((await recent(token, { limit: 10 })).body.data.list as any[]).map((c) => c.learn_id));
      const course = (await catalogue()).find((c) => c.childrens.length === 0 && !listed.has(c.id));
      const launched = await s.post('learn/getlearnurl', { learn_id: course.id }, token);
      expect(launched.body.code, launched.body.message).toBe(200);
      const first = (await recent()).body.data.list[0];
      expect(first).toMatchObject({ learn_id: course.id, name: course.name, attempts: 0, last_score: null, best_score: null });
      expect((await recent(token, { limit: 2 })).body.data.list).toHaveLength(2);

      const launchToken = new URL(launched.body.data.url, 'http://localhost').searchParams.get('token')!;
      const res = await s.app.inject({
        method: 'POST', url: '/api/sim/result', headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: new URLSearchParams({ token: launchToken, total_score: '73', total_time: '300', detail: ROWS }).toString(),
      });
      expect(res.json().code, res.body).toBe(200);
      expect((await recent()).body.data.list[0]).toMatchObject({ learn_id: course.id, attempts: 1, last_score: 73, best_score: 73 });
    });

    it('leaves out a course the student may no longer open', async () => {
      const db = s.opened.db;
      const first = (await recent()).body.data.list[0];
      await db.updateTable('learns').set({ state: 0 }).where('id', '=', first.learn_id).execute();
      try {
        expect(((await recent()).body.data.list as any[]).map((c) => c.learn_id)).not.toContain(first.learn_id);
      } finally {
        await db.updateTable('learns').set({ state: 1 }).where('id', '=', first.learn_id).execute();
      }
    });

    it('never shows another student\'s courses (IDOR), and is for students only', async () => {
      const other = await s.opened.db.selectFrom('users').select('id').where('username', '=', 'stu00013').where('school_id', '=', 100002).executeTakeFirstOrThrow();
      const asked = await recent(token, { user_id: other.id });
      expect(asked.status).toBe(403);
      expect(JSON.stringify(asked.body)).not.toContain('learn_id');

      // A course only this student launches shows in their list and never in the other student's.
      const otherToken = await s.login('stu00013');
      const theirRecords = new Set((await s.opened.db.selectFrom('score_records').select('learn_id').where('user_id', '=', other.id).execute()).map((r) => r.learn_id));
      const latest = (await recent()).body.data.list[0]?.learn_id;
      const course = (await catalogue()).find((c) => c.childrens.length === 0 && !theirRecords.has(c.id) && c.id !== latest);
      expect((await s.post('learn/getlearnurl', { learn_id: course.id }, token)).body.code).toBe(200);
      expect((await recent()).body.data.list[0].learn_id).toBe(course.id);
      const theirs = ((await recent(otherToken, { limit: 10 })).body.data.list as any[]).map((c) => c.learn_id);
      expect(theirs).not.toContain(course.id);
      expect(theirs.every((id) => theirRecords.has(id))).toBe(true);

      const teacher = await s.teacherLogin();
      expect((await recent(teacher)).status).toBe(403);
      expect((await s.post('learn/recent', { limit: 99 }, token)).status).toBe(422);
    });
  });
});
