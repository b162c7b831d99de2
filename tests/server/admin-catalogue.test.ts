import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DATABASES, startTestServer, type TestServer } from './harness';
import { adminPeople } from './admin-fixture';
import { multipart, PNG, PLAIN_ZIP } from './work-files';

/**
 * The school administrator's catalogue (issue 17 #3): categories, courses with their content and simulation, which
 * classes see a course; a course registered here reaches a student of the chosen class through learn/get, launches,
 * and its result comes back with the launch token. School B's administrator can neither see nor change it.
 */
describe.each(DATABASES)('admin console: catalogue on %s', (kind) => {
  let s: TestServer;
  let people: Awaited<ReturnType<typeof adminPeople>>;
  const db = () => s.opened.db;
  const ok = (res: { status: number; body: any }) => {
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.code, res.body.message).toBe(200);
    return res.body.data;
  };
  /** Two students of school A in different classes, with their passwords reset to a known one. */
  async function twoStudents() {
    const rows = await db().selectFrom('users').select(['id', 'username', 'class_id']).where('school_id', '=', 100002).where('role', '=', 'student')
      .where('type', '=', 1).where('status', '=', 1).where('class_id', 'is not', null).orderBy('id').execute();
    const first = rows.find((r) => r.username === 'demo') ?? rows[0];
    const other = rows.find((r) => r.class_id !== first.class_id)!;
    return { first, other };
  }

  beforeAll(async () => {
    s = await startTestServer(kind);
    people = await adminPeople(s);
  });
  afterAll(async () => s?.close());

  it('edits the category tree: a direction, a type without a link (暂未开放), shared ones read-only', async () => {
    const admin = people.adminA;
    const direction = ok(await s.postJson('admin/category/save', { name: '全科实训', link: '/ucenter/practiceList', sort: 50 }, admin)).id;
    const closed = ok(await s.postJson('admin/category/save', { name: '急救', parent_id: direction, link: '' }, admin)).id;
    const list = ok(await s.get('admin/categories', {}, admin));
    expect(list.data).toContainEqual(expect.objectContaining({ id: direction, level: 1, open: 1, shared: 0, children: 1 }));
    expect(list.data).toContainEqual(expect.objectContaining({ id: closed, level: 2, open: 0, path: '全科实训 / 急救', parent_name: '全科实训' }));
    expect(list.data.some((r: any) => r.shared === 1)).toBe(true);
    // The student's tree shows the new type as 暂未开放 (link null).
    const student = await s.login('demo');
    const tree = (await s.post('learn/cate/tree', {}, student)).body.data as any[];
    const node = tree.find((n) => n.value === direction);
    expect(node.children).toEqual([expect.objectContaining({ value: closed, label: '急救', link: null })]);

    // Bad input: clear Chinese 4xx.
    expect((await s.postJson('admin/category/save', { name: '急救', parent_id: direction }, admin)).body).toMatchObject({ code: 422, message: '该方向下已有同名类型' });
    expect((await s.postJson('admin/category/save', { name: '三级', parent_id: closed }, admin)).body).toMatchObject({ code: 422, message: '只能有两级：上级须是一个方向' });
    expect((await s.postJson('admin/category/save', { name: 'x', link: 'javascript:alert(1)' }, admin)).body).toMatchObject({ code: 422 });
    expect((await s.postJson('admin/category/save', { name: '  ' }, admin)).body.message).toBe('请输入分类名称');
    expect((await s.postJson('admin/category/delete', { id: direction }, admin)).body.message).toContain('下还有 1 个类型');
    // Shared categories (the seed's) and school B's admin: not found.
    const shared = list.data.find((r: any) => r.shared === 1);
    expect((await s.postJson('admin/category/save', { id: shared.id, name: '改名' }, admin)).status).toBe(404);
    expect((await s.postJson('admin/category/delete', { id: direction }, people.adminB)).status).toBe(404);
    expect(ok(await s.get('admin/categories', {}, people.adminB)).data.map((r: any) => r.id)).not.toContain(direction);
    ok(await s.postJson('admin/category/delete', { id: closed }, admin));
  });

  it('registers a course with its simulation; only the chosen class sees it, launches it and gets a score', async () => {
    const admin = people.adminA;
    const { first, other } = await twoStudents();
    const type = (await db().selectFrom('learn_categories').select('id').where('school_id', 'is', null).where('parent_id', '!=', 0).orderBy('id').executeTakeFirstOrThrow()).id;
    const course = {
      name: '甲校心肺复苏仿真', category_id: type, type: 0, times: 45, introduce: '成人心肺复苏', state: 1, questionnaire: 1,
      url: '/sim/0', sim_steps: ['评估环境', '胸外按压', '人工呼吸'],
      details: [{ title: '实验目的', content: '<p onclick="x()">掌握<b>按压</b></p><script>alert(1)</script>' }, { title: '实验步骤', content: '第一步\n第二步' }],
      files: [{ type: 'image', path: '/assets/seed/landing/op-1.svg', title: '示意' }, { type: 'video', path: 'https://video.example.edu.cn/cpr.mp4', cover: '/assets/a.png' }],
      resources: [{ title: '操作手册', path: '/assets/manual.pdf', size: 1024 }],
    };
    const id = ok(await s.postJson('admin/course/save', course, admin)).id;
    // The launch address names the course itself: the built-in demo simulation serves /sim/<id>.
    ok(await s.postJson('admin/course/save', { ...course, id, url: `/sim/${id}` }, admin));
    const saved = ok(await s.get('admin/course', { id }, admin));
    expect(saved).toMatchObject({ name: '甲校心肺复苏仿真', url: `/sim/${id}`, sim_steps: ['评估环境', '胸外按压', '人工呼吸'], questionnaire: 1, times: 45 });
    expect(saved.details[0].content).toBe('<p>掌握<b>按压</b></p>');
    expect(saved.details[1].content).toContain('第一步');
    expect(saved.files).toHaveLength(2);
    expect(saved.resources).toEqual([{ title: '操作手册', path: '/assets/manual.pdf', size: 1024 }]);

    // Only the first student's class sees it.
    ok(await s.postJson('admin/course/classes/save', { id, class_ids: [first.class_id] }, admin));
    expect(ok(await s.get('admin/course/classes', { id }, admin)).class_ids).toEqual([first.class_id]);
    expect(ok(await s.get('admin/courses', { keyword: '甲校心肺复苏' }, admin)).data).toEqual([expect.objectContaining({ id, visible_to: '1 个班级', state: 1 })]);
    await db().updateTable('users').set({ password_hash: (await db().selectFrom('users').select('password_hash').where('username', '=', 'demo').where('school_id', '=', 100002).executeTakeFirstOrThrow()).password_hash })
      .where('id', 'in', [first.id, other.id]).execute();
    const mine = await s.login(first.username);
    const notMine = await s.login(other.username);
    const names = async (token: string) => (await s.post('learn/get', { learn_name: '甲校心肺复苏', page_size: 50 }, token)).body.data.learn.map((l: any) => l.id);
    expect(await names(mine)).toEqual([id]);
    expect(await names(notMine)).toEqual([]);
    expect((await s.post('learn/getlearnurl', { learn_id: id }, notMine)).status).toBe(404);

    // Launch, the simulation learns the step names, the result is recorded with the questionnaire flag.
    const launched = ok(await s.post('learn/getlearnurl', { learn_id: id }, mine));
    const url = new URL(launched.url, 'http://localhost');
    expect(url.pathname).toBe(`/sim/${id}`);
    const token = url.searchParams.get('token')!;
    const session = ok(await s.post('sim/session', { token }));
    expect(session).toMatchObject({ learn_id: id, learn_name: '甲校心肺复苏仿真', steps: ['评估环境', '胸外按压', '人工呼吸'], result_detail: 'rows' });
    const detail = JSON.stringify([['步骤', '得分'], ['评估环境', 30], ['胸外按压', 40], ['人工呼吸', 18]]);
    const result = ok(await s.post('sim/result', { token, total_score: 88, total_time: 600, detail }));
    const record = await db().selectFrom('score_records').selectAll().where('id', '=', result.id).executeTakeFirstOrThrow();
    expect(record).toMatchObject({ user_id: first.id, learn_id: id, total_score: 88, total_time: 600, evalue: 1 });

    // A course with records cannot be deleted; the audit names what was done.
    expect((await s.postJson('admin/course/delete', { id }, admin)).body.message).toContain('已有学生学习记录');
    const log = ok(await s.get('admin/audit', { kind: 'catalogue', page_size: 10 }, admin)).data.map((r: any) => r.summary);
    expect(log).toContain(`设置课程 甲校心肺复苏仿真 仅对 ${(await db().selectFrom('classes').select('class_name').where('id', '=', first.class_id!).executeTakeFirstOrThrow()).class_name} 可见`);

    // Back to the whole school: the other class sees it too.
    ok(await s.postJson('admin/course/classes/save', { id, class_ids: [] }, admin));
    expect(await names(notMine)).toEqual([id]);
  });

  it('stores a cover image checked by content and serves it to students who see the course', async () => {
    const admin = people.adminA;
    const type = (await db().selectFrom('learn_categories').select('id').where('school_id', 'is', null).where('parent_id', '!=', 0).orderBy('id').executeTakeFirstOrThrow()).id;
    const id = ok(await s.postJson('admin/course/save', { name: '封面测试课程', category_id: type, state: 1, url: '/sim/1' }, admin)).id;
    const send = async (data: Buffer, filename: string, token = admin, courseId = id) => {
      const form = multipart('file', filename, data);
      const res = await s.app.inject({ method: 'POST', url: `/api/admin/course/image?id=${courseId}`, payload: form.body, headers: { 'content-type': form.contentType, authorization: `Bearer ${token}` } });
      return { status: res.statusCode, body: res.json() };
    };
    expect((await send(PLAIN_ZIP, 'cover.png')).body).toMatchObject({ code: 422, message: '课程封面须是 PNG 或 JPEG 图片' });
    expect((await send(Buffer.from('not an image'), 'cover.png')).status).toBe(422);
    expect((await send(PNG, 'cover.png', people.adminB)).status).toBe(404);
    const thum = ok(await send(PNG, 'renamed.txt')).thum as string;
    expect(thum).toMatch(/^\/files\/[0-9a-f]{32}\.png$/);
    const student = await s.login('demo');
    const open = (token: string) => s.app.inject({ method: 'GET', url: thum, headers: { authorization: `Bearer ${token}` } });
    expect((await open(student)).statusCode).toBe(200);
    expect((await open(admin)).statusCode).toBe(200);
    expect((await open(people.adminB)).statusCode).toBe(403);
    expect((await s.post('learn/get', { learn_name: '封面测试', page_size: 5 }, student)).body.data.learn[0].thum).toBe(thum);
  });

  it('refuses bad courses with Chinese messages and keeps school B out', async () => {
    const admin = people.adminA;
    const direction = (await db().selectFrom('learn_categories').select('id').where('school_id', 'is', null).where('parent_id', '=', 0).orderBy('id').executeTakeFirstOrThrow()).id;
    const type = (await db().selectFrom('learn_categories').select('id').where('parent_id', '=', direction).orderBy('id').executeTakeFirstOrThrow()).id;
    const base = { name: '一门课', category_id: type };
    const message = async (body: Record<string, unknown>) => {
      const res = await s.postJson('admin/course/save', body, admin);
      expect(res.status, JSON.stringify(res.body)).toBeGreaterThanOrEqual(400);
      expect(res.status).toBeLessThan(500);
      return res.body.message as string;
    };
    expect(await message({ ...base, category_id: direction })).toBe('课程须放在二级分类（类型）下，请选择一个类型');
    expect(await message({ ...base, url: 'javascript:alert(1)' })).toBe('启动地址须以 / 开头（本站地址）或以 http:// 、https:// 开头');
    expect(await message({ ...base, state: 1 })).toBe('发布的课程须填写仿真启动地址');
    expect(await message({ ...base, sim_steps: ['a', 'a'] })).toBe('步骤“a”重复');
    expect(await message({ ...base, name: '' })).toBe('请输入课程名称');
    expect(await message({ ...base, times: -1 })).toBe('学时须为 0 到 10000 的整数（分钟）');
    expect(await message({ ...base, files: [{ type: 'image', path: 'data:image/png;base64,AAAA' }] })).toBe('第 1 个图片或视频的地址须以 / 开头（本站地址）或以 http:// 、https:// 开头');
    expect(await message({ ...base, category_id: 99999999 })).toBe('分类不存在');

    // A course of school B: invisible and unchangeable for school A's administrator, and the other way round.
    const bType = ok(await s.postJson('admin/category/save', { name: '乙校方向', link: '/ucenter/practiceList' }, people.adminB)).id;
    const bSub = ok(await s.postJson('admin/category/save', { name: '乙校类型', parent_id: bType, link: '/ucenter/practiceList' }, people.adminB)).id;
    const bCourse = ok(await s.postJson('admin/course/save', { name: '乙校课程', category_id: bSub, state: 1, url: '/sim/1' }, people.adminB)).id;
    expect(await message({ ...base, category_id: bSub })).toBe('分类不存在');
    for (const res of [
      await s.get('admin/course', { id: bCourse }, admin),
      await s.postJson('admin/course/save', { ...base, id: bCourse }, admin),
      await s.postJson('admin/course/delete', { id: bCourse }, admin),
      await s.get('admin/course/classes', { id: bCourse }, admin),
      await s.postJson('admin/course/classes/save', { id: bCourse, class_ids: [] }, admin),
    ]) expect([res.status, res.body.message]).toEqual([404, '课程不存在']);
    expect(ok(await s.get('admin/courses', { page_size: 1000 }, admin)).data.map((c: any) => c.id)).not.toContain(bCourse);
    // A class of school B cannot be given a course of school A; seeded shared courses are not the school's to restrict.
    const aCourse = ok(await s.postJson('admin/course/save', base, admin)).id;
    const bClass = (await db().selectFrom('users').select('class_id').where('school_id', '=', 100045).where('class_id', 'is not', null).executeTakeFirstOrThrow()).class_id!;
    expect((await s.postJson('admin/course/classes/save', { id: aCourse, class_ids: [bClass] }, admin)).body).toMatchObject({ code: 422, message: '班级不存在' });
    const shared = (await db().selectFrom('learns').select('id').where('school_id', 'is', null).executeTakeFirstOrThrow()).id;
    expect((await s.postJson('admin/course/classes/save', { id: shared, class_ids: [] }, admin)).status).toBe(404);
    expect(await db().selectFrom('learns').select('name').where('id', '=', bCourse).executeTakeFirstOrThrow()).toEqual({ name: '乙校课程' });
    // A course a teacher set as homework stays (the assignment would lose its course).
    const teacher = (await db().selectFrom('users').select('id').where('username', '=', 'teacher1').where('school_id', '=', 100002).executeTakeFirstOrThrow()).id;
    const assignment = await db().insertInto('assignments').values({ school_id: 100002, teacher_id: teacher, kind: 'homework', title: '练习', learn_id: aCourse,
      start_time: '2026-01-01 00:00:00', end_time: '2026-12-31 00:00:00' }).returning('id').executeTakeFirstOrThrow();
    expect((await s.postJson('admin/course/delete', { id: aCourse }, admin)).body.message).toBe('课程“一门课”已被老师布置为作业或考试，不能删除；可将其设为未发布');
    await db().deleteFrom('assignments').where('id', '=', assignment.id).execute();
    ok(await s.postJson('admin/course/delete', { id: aCourse }, admin));
    expect(await db().selectFrom('learns').select('id').where('id', '=', aCourse).executeTakeFirst()).toBeUndefined();
  });
});
