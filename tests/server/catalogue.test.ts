import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DATABASES, startTestServer, type TestServer } from './harness';

const PNG = Buffer.from('89504e470d0a1a0a0000000d4948445200000001000000010806000000', 'hex');

/** A multipart/form-data body with text fields and files, as a simulation would send it. */
function multipart(fields: Record<string, string | number>, files: { name: string; filename: string; data: Buffer }[] = []) {
  const boundary = `----sim${Math.random().toString(16).slice(2)}`;
  const parts: Buffer[] = [];
  for (const [name, value] of Object.entries(fields)) {
    parts.push(Buffer.from(`--${boundary}\r\ncontent-disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`));
  }
  for (const f of files) {
    parts.push(Buffer.from(`--${boundary}\r\ncontent-disposition: form-data; name="${f.name}"; filename="${f.filename}"\r\ncontent-type: application/octet-stream\r\n\r\n`), f.data, Buffer.from('\r\n'));
  }
  parts.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(parts), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

const ROWS = JSON.stringify([['序号', '考核项目', '满分', '得分'], [1, '术前准备', 40, 38], [2, '规范操作', 60, 51]]);

describe.each(DATABASES)('learning catalogue on %s', (kind) => {
  let s: TestServer;
  let token: string;
  let userId: number;
  beforeAll(async () => {
    s = await startTestServer(kind);
    token = await s.login('stu00011');
    userId = (await s.opened.db.selectFrom('users').select('id').where('username', '=', 'stu00011').where('school_id', '=', 100002).executeTakeFirstOrThrow()).id;
  });
  afterAll(async () => s?.close());

  it('the first-shape page (prepared) holds the same courses and child courses as the filtered path', async () => {
    const db = s.opened.db;
    // A withdrawn child must not show; the others in (sort, id) order.
    const parent = await db.selectFrom('learns').select('parent_learn_id').where('parent_learn_id', 'is not', null).executeTakeFirstOrThrow();
    const hidden = await db.selectFrom('learns').select('id').where('parent_learn_id', '=', parent.parent_learn_id).orderBy('id', 'desc').executeTakeFirstOrThrow();
    await db.updateTable('learns').set({ state: 0 }).where('id', '=', hidden.id).execute();
    try {
      // The three types together are the whole catalogue, through the general (filtered, two-query) path.
      const generalById = new Map<number, unknown>();
      for (const type of [0, 1, 2]) for (const c of (await s.post('learn/get', { page: 1, page_size: 9999, type }, token)).body.data.learn) generalById.set(c.id, c);
      for (const page of [1, 2]) {
        const plain = await s.post('learn/get', { page, page_size: 8 }, token);
        expect(plain.body.code).toBe(200);
        expect(plain.body.data.learn).toHaveLength(8);
        for (const course of plain.body.data.learn) {
          expect(Object.keys(course).sort()).toEqual(['category_id', 'change_time', 'childrens', 'id', 'introduce', 'name', 'rating', 'rating_count', 'thum', 'times', 'type', 'user_count']);
          const children = await db.selectFrom('learns').select(['id', 'name', 'thum']).where('parent_learn_id', '=', course.id).where('state', '=', 1).orderBy('sort').orderBy('id').execute();
          expect(course.childrens).toEqual(children);
        }
        for (const course of plain.body.data.learn) expect(course).toEqual(generalById.get(course.id));
      }
      const withParent = (await s.post('learn/get', { page: 1, page_size: 9999 }, token)).body.data.learn.find((c: any) => c.id === parent.parent_learn_id);
      expect(withParent.childrens.map((c: any) => c.id)).not.toContain(hidden.id);
      expect(withParent.childrens.length).toBeGreaterThan(0);
    } finally {
      await db.updateTable('learns').set({ state: 1 }).where('id', '=', hidden.id).execute();
    }
  });

  const launch = async (learnId: number, who = token) => {
    const res = await s.post('learn/getlearnurl', { learn_id: learnId }, who);
    expect(res.body.code, res.body.message).toBe(200);
    const url = new URL(res.body.data.url, 'http://localhost');
    return { url, token: url.searchParams.get('token')! };
  };
  const upload = async (fields: Record<string, string | number>, files: { name: string; filename: string; data: Buffer }[] = []) => {
    const body = multipart(fields, files);
    const res = await s.app.inject({ method: 'POST', url: '/api/sim/result', ...body });
    return { status: res.statusCode, body: res.json() };
  };

  describe('tree and list', () => {
    it('counts each training type as learn/get finds it, and pages to the last partial page', async () => {
      const tree = (await s.post('learn/cate/tree', {}, token)).body.data as any[];
      for (const type of tree.flatMap((n) => n.children).slice(0, 6)) {
        const list = await s.post('learn/get', { category_id: type.value, page_size: 100 }, token);
        expect(list.body.data.allCount, type.label).toBe(type.count);
      }
      const all = await s.post('learn/get', { page_size: 8, page: 1 }, token);
      const lastPage = all.body.data.allPage;
      const last = await s.post('learn/get', { page_size: 8, page: lastPage }, token);
      expect(last.body.data.learn.length).toBe(all.body.data.allCount - 8 * (lastPage - 1));
      expect((await s.post('learn/get', { page_size: 8, page: lastPage + 1 }, token)).body.data.learn).toEqual([]);
    });

    it('counts only the courses of the asked training type (online, model, smart device)', async () => {
      const tree = (await s.post('learn/cate/tree', { type: 1 }, token)).body.data as any[];
      const models = await s.post('learn/get', { type: 1, page_size: 100 }, token);
      expect(tree.reduce((n, c) => n + c.count, 0)).toBe(models.body.data.allCount);
      expect(models.body.data.learn.every((l: any) => l.type === 1)).toBe(true);
    });
  });

  describe('course detail', () => {
    it('gives sections, gallery files, resources, child courses and the favourite flag', async () => {
      const res = await s.post('learn/detail', { learn_id: 1 }, token);
      const d = res.body.data;
      expect(d).toMatchObject({ id: 1, is_favorite: 0, blocked: null, notice: null });
      expect(d.details.length).toBeGreaterThan(0);
      expect(d.details[0]).toEqual(expect.objectContaining({ title: expect.any(String), content: expect.stringContaining('<') }));
      expect(new Set(d.files.map((f: any) => f.type))).toEqual(new Set(['image', 'video']));
      expect(d.resources[0].path).toMatch(/^\/assets\/seed\/resources\//);
      expect(d.category).toEqual(expect.objectContaining({ id: expect.any(Number), parent_id: expect.any(Number) }));
      const file = await s.app.inject({ method: 'GET', url: d.resources[0].path });
      expect(file.statusCode).toBe(200);
      expect(file.body.length).toBeGreaterThan(10);
    });

    it('lists the children of a practice and opens a child course', async () => {
      const practice = (await s.post('learn/get', { learn_name: '根管治疗虚拟仿真训练' }, token)).body.data.learn[0];
      const detail = (await s.post('learn/detail', { learn_id: practice.id }, token)).body.data;
      expect(detail.childrens.map((c: any) => c.id)).toEqual(practice.childrens.map((c: any) => c.id));
      const child = await s.post('learn/detail', { learn_id: practice.childrens[0].id }, token);
      expect(child.body.data.parent_learn_id).toBe(practice.id);
    });

    it('answers 404 for an unknown course and for one restricted to another class; 422 without an id; 401 without login', async () => {
      const restricted = await s.opened.db.selectFrom('class_learns').innerJoin('classes', 'classes.id', 'class_learns.class_id').select(['learn_id', 'class_id']).execute();
      const own = await s.opened.db.selectFrom('users').select('class_id').where('id', '=', userId).executeTakeFirstOrThrow();
      const other = restricted.find((r) => r.class_id !== own.class_id)!;
      expect((await s.post('learn/detail', { learn_id: other.learn_id }, token)).status).toBe(404);
      expect((await s.post('learn/detail', { learn_id: 999999 }, token)).status).toBe(404);
      const missing = await s.post('learn/detail', {}, token);
      expect(missing.status).toBe(422);
      expect(missing.body.message).toBe('请选择实训项目');
      expect((await s.post('learn/favorite', { learn_id: 1 })).status).toBe(401);
      expect((await s.post('learn/start', { learn_id: 1 })).status).toBe(401);
    });
  });

  it('shows a visitor (no login) the course without favourite or class state, but not class-restricted courses', async () => {
    const anon = await s.post('learn/detail', { learn_id: 1 });
    expect(anon.body.data).toMatchObject({ id: 1, is_favorite: 0, blocked: null });
    const restricted = await s.opened.db.selectFrom('class_learns').select('learn_id').execute();
    for (const r of restricted) expect((await s.post('learn/detail', { learn_id: r.learn_id })).status).toBe(404);
  });

  describe('favourites', () => {
    it('sets, keeps (idempotent) and clears a favourite, and lists it newest first', async () => {
      const on = await s.post('learn/favorite', { learn_id: 3, favorite: 1 }, token);
      expect(on.body).toMatchObject({ code: 200, data: { learn_id: 3, is_favorite: 1 } });
      expect((await s.post('learn/favorite', { learn_id: 3, favorite: 1 }, token)).body.data.is_favorite).toBe(1);
      const rows = await s.opened.db.selectFrom('favorites').selectAll().where('user_id', '=', userId).where('learn_id', '=', 3).execute();
      expect(rows).toHaveLength(1);
      expect((await s.post('learn/detail', { learn_id: 3 }, token)).body.data.is_favorite).toBe(1);

      await s.post('learn/favorite', { learn_id: 5, favorite: 1 }, token);
      const list = await s.get('user/favorites', { page: 1, page_size: 8 }, token);
      const ownRows = await s.opened.db.selectFrom('favorites').select('learn_id').where('user_id', '=', userId).execute();
      expect(list.body.data.total).toBe(ownRows.length);
      expect(list.body.data.data.map((f: any) => f.learn_id)).toEqual(expect.arrayContaining([3, 5]));
      expect(list.body.data.data[0]).toEqual(expect.objectContaining({ learn_id: expect.any(Number), name: expect.any(String), thum: expect.any(String) }));

      expect((await s.post('learn/favorite', { learn_id: 3, favorite: 0 }, token)).body.data.is_favorite).toBe(0);
      expect((await s.post('learn/favorite', { learn_id: 3, favorite: 0 }, token)).body.data.is_favorite).toBe(0);
      expect((await s.post('learn/favorite', { learn_id: 3 }, token)).body.data.is_favorite).toBe(1);
      expect((await s.post('learn/favorite', { learn_id: 3 }, token)).body.data.is_favorite).toBe(0);
    });

    it("never lets a student favourite for another or read another's favourites", async () => {
      expect((await s.post('learn/favorite', { learn_id: 3, id: userId + 1 }, token)).status).toBe(403);
      const other = await s.login('stu00012');
      const theirs = await s.get('user/favorites', {}, other);
      const rows = await s.opened.db.selectFrom('favorites').select('learn_id').where('user_id', '=', userId + 1).execute();
      expect(theirs.body.data.total).toBe(rows.length);
      expect((await s.post('learn/favorite', { learn_id: 999999 }, token)).status).toBe(404);
      expect((await s.post('learn/favorite', { learn_id: 3, favorite: 2 }, token)).status).toBe(422);
    });
  });

  describe('starting to learn', () => {
    it('blocks pending, rejected and expired classes with the spec messages, and warns a probation class', async () => {
      const cases: [string, RegExp][] = [
        ['pending', /班级信息正在审核中/],
        ['rejected', /班级信息审核未通过.*个人中心/],
        ['expired', /试用期已于\d{4}-\d{2}-\d{2}结束/],
      ];
      for (const [username, message] of cases) {
        const t = await s.login(username);
        const start = await s.post('learn/start', { learn_id: 1 }, t);
        expect(start.status).toBe(200);
        expect(start.body.code).toBe(0);
        expect(start.body.message).toMatch(message);
        expect((await s.post('learn/getlearnurl', { learn_id: 1 }, t)).body.message).toMatch(message);
        expect((await s.post('learn/detail', { learn_id: 1 }, t)).body.data.blocked).toMatch(message);
      }
      const probation = await s.login('probation');
      await withTrialDate(probation, '2099-12-31 23:59:59', async () => {
        expect((await s.post('learn/start', { learn_id: 1 }, probation)).body.code).toBe(200);
        expect((await s.post('learn/detail', { learn_id: 1 }, probation)).body.data.notice).toMatch(/试用期将于2099-12-31结束/);
      });
    });

    /** Runs `check` with the trial date of the user's class set (the seed's date is relative to a fixed day, the rule to today). */
    async function withTrialDate(token: string, date: string, check: () => Promise<void>) {
      const classId = (await s.post('user/get_info', {}, token)).body.data.class_id as number;
      const classes = s.opened.db.selectFrom('classes').where('id', '=', classId);
      const { probation_date: seeded } = await classes.select('probation_date').executeTakeFirstOrThrow();
      await s.opened.db.updateTable('classes').set({ probation_date: date }).where('id', '=', classId).execute();
      try {
        await check();
      } finally {
        await s.opened.db.updateTable('classes').set({ probation_date: seeded }).where('id', '=', classId).execute();
      }
    }

    it('treats a probation class whose trial date has passed as expired, in the profile and when learning', async () => {
      const t = await s.login('probation');
      await withTrialDate(t, '2099-12-31 23:59:59', async () => {
        expect((await s.post('user/get_info', {}, t)).body.data.class).toMatchObject({ probation_status: 1, expired: false });
      });
      await withTrialDate(t, '2020-01-31 23:59:59', async () => {
        expect((await s.post('user/get_info', {}, t)).body.data.class).toMatchObject({ probation_status: 1, expired: true });
        const start = await s.post('learn/start', { learn_id: 1 }, t);
        expect(start.body.code).toBe(0);
        expect(start.body.message).toMatch(/试用期已于2020-01-31结束/);
      });
    });

    it('launches with a single-use token in the simulation URL and counts the learner once', async () => {
      const before = await s.opened.db.selectFrom('learns').select('user_count').where('id', '=', 2).executeTakeFirstOrThrow();
      expect((await s.post('learn/start', { learn_id: 2 }, token)).body).toMatchObject({ code: 200, data: { learn_id: 2 } });
      const first = await launch(2);
      const second = await launch(2);
      expect(first.url.pathname).toBe('/sim/2');
      expect(first.token).toMatch(/^[0-9a-f]{64}$/);
      expect(second.token).not.toBe(first.token);
      expect(first.url.searchParams.get('api')).toBe('http://localhost/api/');
      const after = await s.opened.db.selectFrom('learns').select('user_count').where('id', '=', 2).executeTakeFirstOrThrow();
      expect(after.user_count).toBe(before.user_count + 1);
      const stored = await s.opened.db.selectFrom('launch_tokens').select('token_hash').where('user_id', '=', userId).execute();
      expect(stored.some((r) => r.token_hash === first.token)).toBe(false);
      expect((await s.post('learn/getlearnurl', { learn_id: 2, user_id: userId + 1 }, token)).status).toBe(403);
    });
  });

  describe('simulation protocol', () => {
    it('exchanges the token for the student and course, records one result, answers an identical retry with the same record', async () => {
      const { token: launchToken } = await launch(4);
      const session = await s.post('sim/session', { token: launchToken });
      expect(session.body.data).toMatchObject({ user_id: userId, username: 'stu00011', learn_id: 4, result_detail: 'rows' });

      const fields = { token: launchToken, total_score: 89, total_time: 754, detail: ROWS, subtitle: '演示仿真' };
      const first = await upload(fields);
      expect(first.body, JSON.stringify(first.body)).toMatchObject({ code: 200, data: { learn_id: 4, total_score: 89, repeated: false } });
      const record = await s.opened.db.selectFrom('score_records').selectAll().where('id', '=', first.body.data.id).executeTakeFirstOrThrow();
      expect(record).toMatchObject({ user_id: userId, learn_id: 4, total_time: 754, subtitle: '演示仿真' });
      expect(Number(record.total_score)).toBe(89);
      expect(JSON.parse(record.detail)[0]).toEqual(['序号', '考核项目', '满分', '得分']);

      const retry = await upload(fields);
      expect(retry.body).toMatchObject({ code: 200, data: { id: first.body.data.id, repeated: true } });
      const replay = await upload({ ...fields, total_score: 100 });
      expect(replay.body).toMatchObject({ code: 0, message: '该启动令牌已提交过成绩，请从平台重新进入实训' });
      expect((await s.post('sim/session', { token: launchToken })).body.code).toBe(0);
      const count = await s.opened.db.selectFrom('score_records').select((eb) => eb.fn.countAll<number>().as('n')).where('user_id', '=', userId).where('learn_id', '=', 4).executeTakeFirstOrThrow();
      expect(Number(count.n)).toBe(1);

      const scores = await s.post('score/get_student', { page: 1, page_size: 8 }, token);
      if (scores.status === 200 && scores.body.code === 200) expect(JSON.stringify(scores.body.data)).toContain(String(first.body.data.id));
    });

    it('refuses an expired or unknown token', async () => {
      const { token: launchToken } = await launch(6);
      await s.opened.db.updateTable('launch_tokens').set({ expires_at: '2000-01-01 00:00:00' }).where('user_id', '=', userId).where('learn_id', '=', 6).execute();
      expect((await s.post('sim/session', { token: launchToken })).body).toMatchObject({ code: 0, message: '启动令牌已过期，请从平台重新进入实训' });
      expect((await upload({ token: launchToken, total_score: 80, total_time: 60, detail: ROWS })).body.message).toBe('启动令牌已过期，请从平台重新进入实训');
      expect((await upload({ token: 'f'.repeat(64), total_score: 80, total_time: 60, detail: ROWS })).body.message).toBe('启动令牌无效，请从平台重新进入实训');
      expect((await s.post('sim/session', {})).status).toBe(422);
    });

    it('rejects bad rows, wrong types and oversized images with clear messages, leaving the token usable', async () => {
      const { token: launchToken } = await launch(9);
      const base = { token: launchToken, total_score: 70, total_time: 300 };
      const bad: [Record<string, string | number>, string][] = [
        [{ ...base, detail: 'not json' }, '成绩明细必须是 JSON 数组'],
        [{ ...base, detail: '[["序号","得分"]]' }, '成绩明细至少需要表头行和一行数据'],
        [{ ...base, detail: '[[1,2],[1,2]]' }, '成绩明细第 1 行必须是表头：1 到 20 个非空文字'],
        [{ ...base, detail: '[["序号","得分"],[1]]' }, '成绩明细第 2 行必须有 2 列，与表头一致'],
        [{ ...base, detail: '[["序号","得分"],[1,{"x":1}]]' }, '成绩明细第 2 行第 2 列必须是文字（最多 200 字）或数字'],
        [{ ...base, detail: ROWS, total_score: 'abc' }, '总分必须是 0 到 100 之间的数字'],
        [{ ...base, detail: ROWS, total_score: 101 }, '总分必须是 0 到 100 之间的数字'],
        [{ ...base, detail: ROWS, total_time: 0 }, '用时必须是 1 到 86400 之间的整数（秒）'],
      ];
      for (const [fields, message] of bad) {
        const res = await upload(fields);
        expect(res.status, message).toBe(422);
        expect(res.body.message).toBe(message);
      }
      const pictures = await upload({ ...base, detail: ROWS }, [{ name: 'images', filename: 'a.png', data: PNG }]);
      expect(pictures.body.message).toBe('该实训项目不接收图片，请用 detail 提交成绩明细');
      expect((await s.post('sim/session', { token: launchToken })).body.code).toBe(200);
      expect((await upload({ ...base, detail: ROWS })).body.code).toBe(200);
    });

    it('takes images (checked by content, 2 MB at most) as the detail of image-detail courses 13 and 33', async () => {
      const { token: launchToken } = await launch(13);
      expect((await s.post('sim/session', { token: launchToken })).body.data.result_detail).toBe('images');
      const base = { token: launchToken, total_score: 92, total_time: 900 };
      const fake = await upload(base, [{ name: 'images', filename: 'x.png', data: Buffer.from('GIF89a not a png') }]);
      expect(fake.body.message).toBe('第 1 张图片不是 PNG 或 JPEG 图片');
      const big = Buffer.concat([PNG, Buffer.alloc(2 * 1024 * 1024)]);
      const oversize = await upload(base, [{ name: 'images', filename: 'big.png', data: big }]);
      expect(oversize.status).toBe(422);
      expect(oversize.body.message).toBe('第 1 张图片超过 2MB');
      expect((await upload(base)).body.message).toBe('该实训项目的成绩明细为图片，请上传至少 1 张图片');

      const ok = await upload(base, [{ name: 'images', filename: 'shot.bmp', data: PNG }, { name: 'images', filename: 'two.png', data: PNG }]);
      expect(ok.body.code, ok.body.message).toBe(200);
      const record = await s.opened.db.selectFrom('score_records').select('detail').where('id', '=', ok.body.data.id).executeTakeFirstOrThrow();
      const paths = JSON.parse(record.detail) as string[];
      expect(paths).toHaveLength(2);
      for (const p of paths) {
        expect(p).toMatch(/^\/files\/[0-9a-f]{32}\.png$/);
        const served = await s.app.inject({ method: 'GET', url: p, headers: { authorization: `Bearer ${token}` } });
        expect(served.statusCode).toBe(200);
        expect(served.rawPayload.subarray(0, 8)).toEqual(PNG.subarray(0, 8));
      }
    });

    it('serves the built-in demo simulation page', async () => {
      const page = await s.app.inject({ method: 'GET', url: '/sim/4?token=x' });
      expect(page.statusCode).toBe(200);
      expect(page.headers['content-type']).toMatch(/text\/html/);
      expect(page.body).toContain('<script src="/sim/assets/sim.js"></script>');
      const script = await s.app.inject({ method: 'GET', url: '/sim/assets/sim.js' });
      expect(script.statusCode).toBe(200);
      expect(script.body).toContain('sim/result');
      expect((await s.app.inject({ method: 'GET', url: '/sim/assets/index.html' })).statusCode).toBe(404);
    });
  });
});
