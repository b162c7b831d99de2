import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminPeople } from './admin-fixture';
import { DATABASES, startTestServer, type TestServer } from './harness';

/**
 * A school administrator's content: articles (sanitised HTML, the school's own editable, shared ones read-only), the
 * questionnaire of a course, and branding / feature switches shown read-only with the YAML file and line behind each.
 */
describe.each(DATABASES)('admin console: content on %s', (kind) => {
  let s: TestServer;
  let people: Awaited<ReturnType<typeof adminPeople>>;
  const db = () => s.opened.db;
  const ok = (res: { status: number; body: any }) => {
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.code, res.body.message).toBe(200);
    return res.body.data;
  };
  const status = async (res: Promise<{ status: number; body: any }>, expected: number, message?: string) => {
    const r = await res;
    expect(r.status, JSON.stringify(r.body)).toBe(expected);
    if (message) expect(r.body.message).toBe(message);
  };

  beforeAll(async () => {
    s = await startTestServer(kind);
    people = await adminPeople(s);
  });
  afterAll(async () => s?.close());

  it('creates and edits articles as sanitised HTML; the shared ones and the registration agreement are marked', async () => {
    const a = people.adminA;
    const before = ok(await s.get('admin/articles', {}, a));
    expect(before.data).toEqual(expect.arrayContaining([
      expect.objectContaining({ id: 1, title: '用户服务协议', shared: 1, agreement: 1 }),
      expect.objectContaining({ id: 3, shared: 0, agreement: 0 }),
    ]));
    const id = ok(await s.postJson('admin/article/save', { title: ' 实训室守则 ', content: '<p onclick="steal()">进入实训室须<b>穿白大褂</b></p><script>alert(1)</script><img src="javascript:alert(1)">' }, a)).id;
    const saved = ok(await s.get('admin/article', { id }, a));
    expect(saved).toEqual({ id, title: '实训室守则', content: '<p>进入实训室须<b>穿白大褂</b></p><img />' });
    // Students read it through the public article call, already clean.
    expect(ok(await s.post('web/get_article_info', { article_id: id })).content).not.toMatch(/script|onclick|javascript/);
    // Plain text becomes paragraphs.
    ok(await s.postJson('admin/article/save', { id, title: '实训室守则', content: '第一条 保持安静\n\n第二条 爱护器械' }, a));
    expect(ok(await s.get('admin/article', { id }, a)).content).toBe('<p>第一条 保持安静</p><p>第二条 爱护器械</p>');
    await status(s.postJson('admin/article/save', { title: '空', content: '<script>x</script>' }, a), 422, '正文里没有可显示的内容');
    await status(s.postJson('admin/article/save', { title: '', content: 'x' }, a), 422, '请输入标题');

    const log = await db().selectFrom('audit_log').select(['action', 'summary']).where('kind', '=', 'content').where('target_id', '=', id).execute();
    expect(log.map((e) => e.action)).toEqual(['create', 'update']);
    ok(await s.postJson('admin/article/delete', { id }, a));
    await status(s.get('admin/article', { id }, a), 404, '文章不存在');
  });

  it('keeps articles inside the school: shared ones are read-only, another school\'s are not found', async () => {
    const a = people.adminA;
    const id = ok(await s.postJson('admin/article/save', { title: '甲校须知', content: '仅甲校' }, a)).id;
    const b = people.adminB;
    expect(ok(await s.get('admin/articles', {}, b)).data.map((r: any) => r.id)).not.toContain(id);
    await status(s.get('admin/article', { id }, b), 404, '文章不存在');
    await status(s.postJson('admin/article/save', { id, title: '改掉', content: '乙校改的' }, b), 404, '文章不存在');
    await status(s.postJson('admin/article/delete', { id }, b), 404, '文章不存在');
    await status(s.postJson('admin/article/save', { id: 1, title: '改共享协议', content: '不行' }, a), 404, '文章不存在');
    await status(s.postJson('admin/article/delete', { id: 1 }, a), 404, '文章不存在');
    expect(ok(await s.get('admin/article', { id }, a)).title).toBe('甲校须知');
  });

  it('edits a course\'s questionnaire, which its students then answer; locked once answers exist', async () => {
    const a = people.adminA;
    const type = (await db().selectFrom('learn_categories').select('id').where('school_id', 'is', null).where('parent_id', '!=', 0).orderBy('id').executeTakeFirstOrThrow()).id;
    const id = ok(await s.postJson('admin/course/save', { name: '问卷测试课程', category_id: type, state: 1, questionnaire: 1, url: '/sim/1' }, a)).id;
    const start = ok(await s.get('admin/course/questionnaire', { id }, a));
    expect(start).toMatchObject({ id, own: 0, answers: 0, q1: '您对本实验项目的总体满意度如何？' });
    expect(start.q1_options).toHaveLength(4);

    const mine = { id, q1: '本实验难度如何？', q1_options: ['偏难', '适中', '偏易'], q2: '哪些环节最有收获？', q2_options: ['术前评估', '操作', '复盘'], q3: '还缺什么资料？', q4: '其他建议' };
    ok(await s.postJson('admin/course/questionnaire/save', mine, a));
    expect(ok(await s.get('admin/course/questionnaire', { id }, a))).toMatchObject({ own: 1, q1: '本实验难度如何？', q2_options: ['术前评估', '操作', '复盘'] });
    const shown = ok(await s.post('learn/getproblem', { learn_id: id }, people.student));
    expect(shown.problem.map((p: any) => p.topic)).toEqual(['本实验难度如何？', '哪些环节最有收获？', '还缺什么资料？', '其他建议']);
    expect(shown.problem[0].option).toEqual(['偏难', '适中', '偏易']);

    await status(s.postJson('admin/course/questionnaire/save', { ...mine, q1_options: ['只有一个'] }, a), 422, '第 1 题的选项至少 2 个');
    await status(s.postJson('admin/course/questionnaire/save', { ...mine, q2_options: ['同', '同'] }, a), 422, '选项不能重复');
    await status(s.get('admin/course/questionnaire', { id }, people.adminB), 404);
    await status(s.postJson('admin/course/questionnaire/save', mine, people.adminB), 404);

    const demo = await db().selectFrom('users').select('id').where('school_id', '=', 100002).where('username', '=', 'demo').executeTakeFirstOrThrow();
    await db().insertInto('questionnaire_answers').values({ user_id: demo.id, learn_id: id, estimate: 1, know: '[0]', resource: '无', perspective: '好' }).execute();
    await status(s.postJson('admin/course/questionnaire/save', { ...mine, q1: '改题' }, a), 200, '已有 1 名学生提交了该课程的评价，问卷不能再修改');
  });

  it('shows branding and feature switches read-only, each with the YAML file and line that set it', async () => {
    const mine = ok(await s.get('admin/settings', {}, people.adminA));
    expect(mine.file).toBe('config/schools/100002.yaml');
    expect(mine.data).toEqual(expect.arrayContaining([
      expect.objectContaining({ path: 'branding.name', title: expect.any(String), value: '华康医科大学', source: expect.stringMatching(/^config\/schools\/100002\.yaml:\d+$/) }),
      expect.objectContaining({ path: 'features.register', title: '允许注册', group: '功能开关', value: expect.stringMatching(/^(开启|关闭)$/), source: expect.stringMatching(/^config\/schools\/(default|100002)\.yaml:\d+$/) }),
    ]));
    expect(mine.data.every((r: any) => /^(branding|features)\./.test(r.path))).toBe(true);
    const theirs = ok(await s.get('admin/settings', {}, people.adminB));
    expect(theirs.file).toBe('config/schools/100045.yaml');
    expect(theirs.data.find((r: any) => r.path === 'branding.name').value).not.toBe('华康医科大学');
  });
});
