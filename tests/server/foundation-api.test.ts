import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadContract, routeUrl } from '../../server/contract';
import { CONFIG_DIR, DATABASES, startTestServer, type TestServer } from './harness';

describe.each(DATABASES)('foundation API on %s', (kind) => {
  let s: TestServer;
  let token: string;
  beforeAll(async () => {
    s = await startTestServer(kind);
    token = await s.login();
  });
  afterAll(async () => s?.close());

  describe('health, config and OpenAPI', () => {
    it('answers health when ready', async () => {
      expect(await s.get('health')).toEqual({ status: 200, body: { code: 200, data: { status: 'ok' }, message: 'success' } });
    });

    it('serves the config of the school named by the host, falling back to the demo school', async () => {
      const demo = await s.get('config', {}, undefined, 'demo.localhost:8080');
      expect(demo.body.data.school).toMatchObject({ id: 100002, school_name: '华康医科大学' });
      expect(demo.body.data.branding.name).toBe('华康医科大学');
      expect(demo.body.data.screens.practiceList ?? Object.values(demo.body.data.screens).find((x: any) => x.route === '/ucenter/practiceList')).toBeTruthy();
      expect(demo.body.data.endpoints['user/login']).toMatchObject({ method: 'POST' });

      const partner = await s.get('config', {}, undefined, 'jnkq.localhost');
      expect(partner.body.data.school.id).toBe(100045);
      expect(partner.body.data.features.qaCentre).toBe(true);
      expect(demo.body.data.features.qaCentre).toBe(false);

      for (const host of ['localhost:8080', '127.0.0.1:8080', 'nosuchschool.localhost']) {
        expect((await s.get('config', {}, undefined, host)).body.data.school.id).toBe(100002);
      }
      const platform = await s.get('config', { school_id: 100001 });
      expect(platform.body.data.school.type).toBe('1');
      expect(platform.body.data.features.multiSchool).toBe(true);
    });

    it("uses the signed-in user's school over the host", async () => {
      const partnerToken = await s.login('reviewer', 'demo123', 100045);
      expect((await s.get('config', {}, partnerToken, 'demo.localhost')).body.data.school.id).toBe(100045);
    });

    it("carries the signed-in user's own profile (as user/get_info answers it), and none for a visitor or a bad token", async () => {
      const config = (await s.get('config', {}, token)).body.data;
      const info = (await s.post('user/get_info', {}, token)).body.data;
      expect(info).toMatchObject({ username: 'demo', school_id: 100002 });
      expect(config.user).toEqual(info);
      expect((await s.get('config', {})).body.data).not.toHaveProperty('user');
      expect((await s.get('config', {}, 'not-a-token')).body.data).not.toHaveProperty('user');
    });

    it('publishes an OpenAPI document generated from the route schemas', async () => {
      const res = await s.app.inject({ method: 'GET', url: '/api/openapi.json' });
      const doc = res.json();
      expect(doc.openapi).toMatch(/^3\./);
      expect(doc.paths['/api/learn/get'].post.requestBody).toBeTruthy();
      expect(doc.paths['/api/user/login']).toBeTruthy();
      expect(doc.paths['/api/common/upload_file'].post).toBeTruthy(); // upload routes live in scopes of their own
    });

    it('serves every call of the API contract (config/endpoints.yaml), with its method', () => {
      const contract = loadContract(CONFIG_DIR);
      expect(Object.keys(contract).length).toBeGreaterThan(5);
      for (const [name, entry] of Object.entries(contract)) {
        expect(s.app.hasRoute({ method: entry.method, url: routeUrl(name) }), name).toBe(true);
      }
    });

    it('answers unknown API paths with a JSON 404', async () => {
      const res = await s.get('no/such/call');
      expect(res.status).toBe(404);
      expect(res.body).toMatchObject({ code: 404, message: '接口不存在' });
    });
  });

  describe('school/get_info', () => {
    it('finds a school by domain_name or school_id', async () => {
      expect((await s.post('school/get_info', { domain_name: 'demo' })).body.data).toMatchObject({ id: 100002, school_name: '华康医科大学', type: '0' });
      expect((await s.post('school/get_info', { school_id: 100045 })).body.data).toMatchObject({ school_name: '江南口腔医学院' });
    });
    it('refuses unknown schools and empty requests with a message', async () => {
      const unknown = await s.post('school/get_info', { domain_name: 'nope' });
      expect(unknown.status).toBe(404);
      expect(unknown.body.message).toBe('学校不存在');
      const empty = await s.post('school/get_info', {});
      expect(empty.status).toBe(422);
      expect(empty.body.code).toBe(422);
      const bad = await s.post('school/get_info', { school_id: 'abc' });
      expect(bad.status).toBe(422);
      expect(bad.body.message).toContain('学校ID');
    });
  });

  describe('user/login, get_info, loginout', () => {
    it('logs in with flat key/value data and a random token', async () => {
      const res = await s.post('user/login', { username: 'demo', password: 'demo123', school_id: 100002 });
      expect(res.body.code).toBe(200);
      expect(res.body.data).toMatchObject({ user_id: 1, school_id: 100002, username: 'demo' });
      expect(res.body.data.token).toMatch(/^[0-9a-f]{64}$/);
      expect(res.body.data.token).not.toBe(token);
      for (const value of Object.values(res.body.data)) expect(typeof value === 'object').toBe(false);
    });

    it('resolves the school from the host when school_id is absent', async () => {
      const res = await s.post('user/login', { username: 'demo', password: 'demo123' }, undefined, 'demo.localhost');
      expect(res.body.code).toBe(200);
      const other = await s.post('user/login', { username: 'demo', password: 'demo123' }, undefined, 'jnkq.localhost');
      expect(other.body).toMatchObject({ code: 0, message: '账号或密码错误' });
    });

    it('refuses a wrong password with a Chinese message and stores no plain password', async () => {
      const res = await s.post('user/login', { username: 'demo', password: 'wrong-pass', school_id: 100002 });
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({ code: 0, message: '账号或密码错误', data: null });
      const row = await s.opened.db.selectFrom('users').select('password_hash').where('id', '=', 1).executeTakeFirstOrThrow();
      expect(row.password_hash).not.toContain('demo123');
      expect(row.password_hash).toMatch(/scrypt/);
    });

    it('validates input instead of failing', async () => {
      const res = await s.post('user/login', { password: 'x' });
      expect(res.status).toBe(422);
      expect(res.body.message).toBe('请输入账号');
      expect(res.body.errors.username).toEqual(['请输入账号']);
      const long = await s.post('user/login', { username: 'a'.repeat(21), password: 'x' });
      expect(long.body.errors.username).toBeTruthy();
      const garbage = await s.app.inject({ method: 'POST', url: '/api/user/login', headers: { 'content-type': 'application/json' }, payload: '{"username":' });
      expect(garbage.statusCode).toBe(400);
      expect(garbage.json().message).toBe('请求内容格式不正确：不是有效的 JSON');
    });

    it('blocks an account after five failed logins in a row', async () => {
      for (let i = 0; i < 5; i++) await s.post('user/login', { username: 'stu00002', password: 'nope', school_id: 100002 });
      const blocked = await s.post('user/login', { username: 'stu00002', password: 'demo123', school_id: 100002 });
      expect(blocked.status).toBe(429);
      expect(blocked.body.message).toMatch(/登录失败次数过多，请\d+分钟后再试/);
    });

    it('returns the profile with school, class and probation state', async () => {
      const res = await s.post('user/get_info', {}, token);
      expect(res.body.data).toMatchObject({
        id: 1, username: 'demo', realname: '张晓雨', school_id: 100002, school_name: '华康医科大学',
        class_name: '口腔医学2023级1班', grade_name: '2023级', major_name: '口腔医学', depart_name: '口腔医学院', type: 1,
        school: { id: 100002, type: '0' }, class: { probation_status: 0 },
      });
      expect(res.body.data.classKey).toMatch(/^[A-Z0-9]{6}$/);
      expect(res.body.data).not.toHaveProperty('password_hash');
    });

    it('accepts the token from the cookie the client keeps', async () => {
      const res = await s.app.inject({ method: 'POST', url: '/api/user/get_info', headers: { cookie: `token=${token}` } });
      expect(res.json().data.username).toBe('demo');
    });

    it('needs a valid token', async () => {
      for (const bad of [undefined, 'nonsense', 'f'.repeat(64)]) {
        const res = await s.post('user/get_info', {}, bad);
        expect(res.status).toBe(401);
        expect(res.body).toMatchObject({ code: 401, message: '登录信息已失效，请重新登录！' });
      }
    });

    it('revokes the token on logout', async () => {
      const own = await s.login();
      expect((await s.post('user/get_info', {}, own)).status).toBe(200);
      expect((await s.post('user/loginout', {}, own)).body.code).toBe(200);
      expect((await s.post('user/get_info', {}, own)).status).toBe(401);
      expect((await s.post('user/get_info', {}, token)).status).toBe(200);
    });
  });

  describe('learn/cate/tree', () => {
    it('gives the two-level tree with course counts that add up', async () => {
      const res = await s.post('learn/cate/tree', { user_id: 1 }, token);
      const tree = res.body.data as any[];
      expect(tree.map((n) => n.label)).toEqual(['口腔医学', '临床医学', '口腔执业医师考试', '护理学', '医学影像']);
      for (const node of tree) expect(node.count).toBe(node.children.reduce((n: number, c: any) => n + c.count, 0));
      const list = await s.post('learn/get', { page_size: 100 }, token);
      expect(tree.reduce((n, c) => n + c.count, 0)).toBe(list.body.data.allCount);
      expect(tree.find((n) => n.label === '医学影像').link).toBeNull();
      expect(tree[0].children.map((c: any) => c.value)).toContain(2);
    });
    it("refuses another student's user_id", async () => {
      const res = await s.post('learn/cate/tree', { user_id: 2 }, token);
      expect(res.status).toBe(403);
    });
  });

  describe('learn/get', () => {
    it('pages the courses the student can see, 8 at a time', async () => {
      const p1 = await s.post('learn/get', { user_id: 1, page: 1, page_size: 8 }, token);
      expect(p1.body.data.learn).toHaveLength(8);
      expect(p1.body.data.allCount).toBe(35);
      expect(p1.body.data.allPage).toBe(5);
      const p2 = await s.post('learn/get', { user_id: 1, page: 2, page_size: 8 }, token);
      const ids1 = p1.body.data.learn.map((l: any) => l.id);
      expect(p2.body.data.learn.some((l: any) => ids1.includes(l.id))).toBe(false);
      const course = p1.body.data.learn[0];
      expect(Object.keys(course)).toEqual(expect.arrayContaining(['id', 'name', 'thum', 'change_time', 'user_count', 'childrens']));
      expect(course.change_time).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
    });

    it('lists the child courses of a practice', async () => {
      const res = await s.post('learn/get', { learn_name: '根管治疗虚拟仿真训练' }, token);
      expect(res.body.data.learn[0].childrens.map((c: any) => c.name)).toEqual(['开髓与根管口定位', '根管预备', '根管充填', '根管治疗分模块计时训练']);
    });

    it('searches by name, treating LIKE wildcards literally', async () => {
      const res = await s.post('learn/get', { learn_name: '穿刺' }, token);
      expect(res.body.data.learn.map((l: any) => l.name).sort()).toEqual(['胸腔穿刺术', '腰椎穿刺术', '腹腔穿刺术'].sort());
      expect(res.body.data.learn.every((l: any) => l.name.includes('穿刺'))).toBe(true);
      expect((await s.post('learn/get', { learn_name: '%' }, token)).body.data.allCount).toBe(0);
    });

    it('filters by training type, by direction (all its types) and by a list of types', async () => {
      const type = await s.post('learn/get', { category_id: 10, page_size: 50 }, token);
      expect(type.body.data.allCount).toBe(3);
      const direction = await s.post('learn/get', { category_id: 8, page_size: 50 }, token);
      const tree = (await s.post('learn/cate/tree', {}, token)).body.data;
      expect(direction.body.data.allCount).toBe(tree.find((n: any) => n.value === 8).count);
      const shortcut = await s.post('learn/get', { category_id: '2,17', page_size: 50 }, token);
      expect(shortcut.body.data.learn.every((l: any) => [2, 17].includes(l.category_id))).toBe(true);
      expect(shortcut.body.data.allCount).toBe(5);
      expect((await s.post('learn/get', { category_id: '2;drop' }, token)).status).toBe(422);
    });

    it('hides courses restricted to another class, which that class sees', async () => {
      const partner = await s.opened.db.selectFrom('class_learns').selectAll().execute();
      const hidden = partner.map((r) => r.learn_id);
      const all = await s.post('learn/get', { page_size: 100 }, token);
      const demo = await s.opened.db.selectFrom('users').select('class_id').where('id', '=', 1).executeTakeFirstOrThrow();
      const demoClassCourse = partner.find((r) => r.class_id === demo.class_id);
      expect(demoClassCourse).toBeTruthy();
      expect(hidden.length).toBe(2);
      const visibleIds = all.body.data.learn.map((l: any) => l.id);
      for (const id of hidden) expect(visibleIds.includes(id)).toBe(id === demoClassCourse?.learn_id);
    });

    it("refuses another student's user_id or class_id, and checks paging bounds", async () => {
      expect((await s.post('learn/get', { user_id: 5 }, token)).status).toBe(403);
      expect((await s.post('learn/get', { class_id: 999 }, token)).status).toBe(403);
      const bad = await s.post('learn/get', { page: 0 }, token);
      expect(bad.status).toBe(422);
      expect(bad.body.message).toBe('页码不能小于1');
      expect((await s.post('learn/get', { page_size: 10000 }, token)).status).toBe(422);
      expect((await s.post('learn/get', {})).status).toBe(401);
    });
  });

  describe('answer/getteacher', () => {
    it("lists only the student's own school's teachers, with conversation state", async () => {
      const res = await s.get('answer/getteacher', {}, token);
      expect(res.body.data.length).toBe(6);
      const ids = res.body.data.map((t: any) => t.id);
      const schools = await s.opened.db.selectFrom('users').select('school_id').where('id', 'in', ids).execute();
      expect(new Set(schools.map((r) => r.school_id))).toEqual(new Set([100002]));
      expect(res.body.data[0]).toEqual(expect.objectContaining({ realname: expect.any(String), head_img: expect.any(String), status: expect.any(Number) }));
      expect(res.body.data.some((t: any) => t.message)).toBe(true);
      const partner = await s.get('answer/getteacher', {}, await s.login('reviewer', 'demo123', 100045));
      expect(partner.body.data.length).toBe(3);
      expect(partner.body.data.map((t: any) => t.id).some((id: number) => ids.includes(id))).toBe(false);
    });
  });
});

describe('transfer', () => {
  let s: TestServer;
  beforeAll(async () => {
    s = await startTestServer('sqlite');
  });
  afterAll(async () => s?.close());

  it('gzips larger replies for clients that accept it, and leaves them plain for those that do not', async () => {
    const zipped = await s.app.inject({ method: 'GET', url: '/api/openapi.json', headers: { 'accept-encoding': 'gzip' } });
    expect(zipped.headers['content-encoding']).toBe('gzip');
    const plain = await s.app.inject({ method: 'GET', url: '/api/openapi.json' });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(zipped.rawPayload.length).toBeLessThan(plain.rawPayload.length / 3);
    expect(JSON.parse(plain.payload).openapi).toMatch(/^3\./);
  });
});
