import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DATABASES, startTestServer, type TestServer } from './harness';

describe.each(DATABASES)('question topics API on %s', (kind) => {
  let s: TestServer;
  let stu: string;
  let me: { id: number; class_id: number | null };
  let teacher: { id: number; realname: string };
  let partnerTeacher: { id: number };
  let learn: { id: number; name: string };

  const db = () => s.opened.db;
  const myTopics = () => db().selectFrom('topics').selectAll().where('user_id', '=', me.id).orderBy('id').execute();
  const good = () => ({ title: '如何控制预备量', teacher_id: teacher.id, learn_id: learn.id, content: '邻面预备量总是偏多，怎么控制？' });

  beforeAll(async () => {
    s = await startTestServer(kind);
    stu = await s.login('stu00037');
    me = await db().selectFrom('users').select(['id', 'class_id']).where('username', '=', 'stu00037').where('school_id', '=', 100002).executeTakeFirstOrThrow();
    const teachers = await db().selectFrom('users').select(['id', 'realname', 'school_id']).where('role', '=', 'teacher').orderBy('id').execute();
    teacher = teachers.find((t) => t.school_id === 100002)!;
    partnerTeacher = teachers.find((t) => t.school_id === 100045)!;
    learn = (await s.post('learn/get', { page: 1, page_size: 9999 }, stu)).body.data.learn[0];
  });
  afterAll(async () => s?.close());

  it('needs a login for every call', async () => {
    expect((await s.get('topic/list')).status).toBe(401);
    expect((await s.get('topic/teachers')).status).toBe(401);
    expect((await s.post('topic/add', good())).status).toBe(401);
  });

  it("lists the teachers of the student's school only, as id and name", async () => {
    const list = (await s.get('topic/teachers', {}, stu)).body.data;
    const expected = await db().selectFrom('users').select(['id', 'realname']).where('role', '=', 'teacher').where('school_id', '=', 100002).where('status', '=', 1).orderBy('id').execute();
    expect(list).toEqual(expected.map((t) => ({ id: t.id, name: t.realname })));
    expect(list.some((t: { id: number }) => t.id === partnerTeacher.id)).toBe(false);
  });

  it('lists only the own topics, newest first, with teacher and experiment names, 8 per page', async () => {
    const demo = await s.login();
    const demoId = (await db().selectFrom('users').select('id').where('username', '=', 'demo').executeTakeFirstOrThrow()).id;
    const res = (await s.get('topic/list', { page: 1 }, demo)).body.data;
    const stored = await db().selectFrom('topics').selectAll().where('user_id', '=', demoId).execute();
    expect(res.total).toBe(stored.length);
    expect(res.page_size).toBe(8);
    expect(res.data.map((t: { id: number }) => t.id).sort()).toEqual(stored.map((t) => t.id).sort());
    const first = res.data[0];
    expect(first.teacher.name).toBeTruthy();
    expect(first.learn.name).toBeTruthy();
    expect(res.data.map((t: { created_at: string }) => t.created_at)).toEqual([...res.data.map((t: { created_at: string }) => t.created_at)].sort().reverse());
    // A student with no topics sees none of the demo student's.
    expect((await s.get('topic/list', {}, stu)).body.data).toMatchObject({ data: [], total: 0, current_page: 1 });
    expect((await s.get('topic/list', { user_id: demoId }, stu)).status).toBe(403);
  });

  it('adds a topic and shows it in the list', async () => {
    const res = await s.post('topic/add', { ...good(), title: '  如何控制预备量  ' }, stu);
    expect(res.body).toMatchObject({ code: 200, message: '提交成功' });
    const rows = await myTopics();
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ title: '如何控制预备量', teacher_id: teacher.id, learn_id: learn.id, content: good().content });
    const list = (await s.get('topic/list', { page: 1, page_size: 8 }, stu)).body.data;
    expect(list.total).toBe(1);
    expect(list.data[0]).toMatchObject({ id: rows[0].id, title: '如何控制预备量', teacher: { id: teacher.id, name: teacher.realname }, learn: { id: learn.id, name: learn.name } });
  });

  it('pages by 8', async () => {
    for (let i = 0; i < 8; i++) expect((await s.post('topic/add', { ...good(), title: `第${i}个问题` }, stu)).body.code).toBe(200);
    const one = (await s.get('topic/list', { page: 1 }, stu)).body.data;
    const two = (await s.get('topic/list', { page: 2 }, stu)).body.data;
    expect(one.data).toHaveLength(8);
    expect(two.data).toHaveLength(1);
    expect(one.total).toBe(9);
    expect(one.last_page).toBe(2);
  });

  it('refuses incomplete or blank input with Chinese messages and stores nothing', async () => {
    const before = (await myTopics()).length;
    const cases: [Record<string, string | number>, string, string][] = [
      [{ ...good(), title: '   ' }, 'title', '请输入标题'],
      [{ ...good(), content: ' \n ' }, 'content', '请输入内容！'],
      [{ ...good(), title: '题'.repeat(51) }, 'title', '标题不能超过50个字'],
      [{ ...good(), content: '长'.repeat(501) }, 'content', '问题描述不能超过500个字'],
      [{ ...good(), teacher_id: '' }, 'teacher_id', '请选择提问老师'],
      [{ ...good(), learn_id: 'abc' }, 'learn_id', '请选择相关实验'],
    ];
    for (const [form, field, message] of cases) {
      const res = await s.post('topic/add', form, stu);
      expect(res.status, field).toBe(422);
      expect(res.body.errors[field]).toContain(message);
    }
    const { title: _t, ...noTitle } = good();
    expect((await s.post('topic/add', noTitle, stu)).body.errors.title).toContain('请输入标题');
    expect(await myTopics()).toHaveLength(before);
  });

  it("refuses a teacher of another school and an experiment the student cannot see", async () => {
    const before = (await myTopics()).length;
    const other = await s.post('topic/add', { ...good(), teacher_id: partnerTeacher.id }, stu);
    expect(other.status).toBe(422);
    expect(other.body.errors.teacher_id).toContain('请选择本校的提问老师');
    expect((await s.post('topic/add', { ...good(), teacher_id: me.id }, stu)).status).toBe(422);

    const hidden = await db().selectFrom('class_learns').select('learn_id').where('class_id', '!=', me.class_id ?? -1).executeTakeFirstOrThrow();
    const child = await db().selectFrom('learns').select('id').where('parent_learn_id', 'is not', null).executeTakeFirst();
    for (const learnId of [hidden.learn_id, child?.id ?? 999999, 999999]) {
      const res = await s.post('topic/add', { ...good(), learn_id: learnId }, stu);
      expect(res.status).toBe(422);
      expect(res.body.errors.learn_id).toContain('所选实验不存在或未对您开放');
    }
    expect(await myTopics()).toHaveLength(before);
  });

  it('is for students only', async () => {
    const teacherToken = (await s.post('teacher/login', { username: 'teacher1', password: 'teacher123', school_id: 100002 })).body.data.token;
    expect((await s.get('topic/list', {}, teacherToken)).status).toBe(403);
    expect((await s.post('topic/add', good(), teacherToken)).status).toBe(403);
  });
});
