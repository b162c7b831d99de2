import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DATABASES, startTestServer, type TestServer } from './harness';

/** The teacher console's answers: replying to a student's question, and notices to whole classes. */
describe.each(DATABASES)('teacher console: topics and notices on %s', (kind) => {
  let s: TestServer;
  let teacher1: string;
  let teacher2: string;
  let partner: string;
  let student: string;
  let studentId: number;
  let t1: number;
  let demoClass: number;
  let learnId: number;
  const db = () => s.opened.db;

  beforeAll(async () => {
    s = await startTestServer(kind);
    teacher1 = await s.teacherLogin('teacher1');
    teacher2 = await s.teacherLogin('teacher2');
    partner = await s.teacherLogin('teacher1', 100045);
    const demo = await db().selectFrom('users').select(['id', 'class_id']).where('username', '=', 'stu00002').where('school_id', '=', 100002).executeTakeFirstOrThrow();
    studentId = demo.id;
    demoClass = demo.class_id!;
    student = await s.login('stu00002');
    t1 = (await db().selectFrom('users').select('id').where('username', '=', 'teacher1').where('school_id', '=', 100002).executeTakeFirstOrThrow()).id;
    learnId = (await s.post('learn/get', { page: 1, page_size: 1 }, student)).body.data.learn[0].id;
  });
  afterAll(async () => s?.close());

  it('shows a question to the teacher it is addressed to, and the reply to the student', async () => {
    const asked = await s.post('topic/add', { title: '卡环臂弯制角度', teacher_id: t1, learn_id: learnId, content: '颊侧臂总是翘起来怎么办？' }, student);
    expect(asked.body.code).toBe(200);
    const open = (await s.get('staff/topics', { state: 'open' }, teacher1)).body.data;
    const row = open.data.find((t: any) => t.title === '卡环臂弯制角度');
    expect(row).toMatchObject({ content: '颊侧臂总是翘起来怎么办？', answered: 0, reply: '' });
    expect((await s.get('staff/topics', {}, teacher2)).body.data.data.map((t: any) => t.id)).not.toContain(row.id);

    expect((await s.postJson('staff/topic/reply', { id: row.id, reply: '   ' }, teacher1)).body.message).toBe('请输入回复内容');
    const reply = await s.postJson('staff/topic/reply', { id: row.id, reply: '弯制前先在模型上比好弧度，用三德钳分段调整。' }, teacher1);
    expect(reply.body).toMatchObject({ code: 200, message: '回复成功' });

    const mine = (await s.get('topic/list', {}, student)).body.data.data.find((t: any) => t.id === row.id);
    expect(mine.reply).toBe('弯制前先在模型上比好弧度，用三德钳分段调整。');
    const notices = (await s.post('message/get_list', { page: 1 }, student)).body.data;
    expect(JSON.stringify(notices)).toContain('回复了您的提问“卡环臂弯制角度”');
    expect((await s.get('staff/topics', { state: 'answered' }, teacher1)).body.data.data.map((t: any) => t.id)).toContain(row.id);
  });

  it('lets only the addressed teacher reply (IDOR)', async () => {
    const topic = await db().selectFrom('topics').select(['id', 'reply']).where('teacher_id', '=', t1).executeTakeFirstOrThrow();
    for (const outsider of [teacher2, partner]) {
      expect((await s.postJson('staff/topic/reply', { id: topic.id, reply: '冒名回复' }, outsider)).status).toBe(404);
    }
    expect((await s.postJson('staff/topic/reply', { id: topic.id, reply: '学生自己回复' }, student)).status).toBe(403);
    expect((await s.get('staff/topics', {}, student)).status).toBe(403);
    expect((await s.get('staff/topics', {})).status).toBe(401);
    const after = await db().selectFrom('topics').select('reply').where('id', '=', topic.id).executeTakeFirstOrThrow();
    expect(after.reply).toBe(topic.reply);
  });

  it('sends a notice to every student of a taught class, and only to taught classes', async () => {
    const inClass = await db().selectFrom('users').select('id').where('class_id', '=', demoClass).where('role', '=', 'student').where('status', '=', 1).execute();
    const sent = await s.postJson('staff/notify', { class_ids: [demoClass], content: '周四下午实训课改到 302 实验室' }, teacher1);
    expect(sent.body).toMatchObject({ code: 200, data: { sent: inClass.length } });
    const got = await db().selectFrom('notifications').select('user_id').where('content', '=', '周四下午实训课改到 302 实验室').execute();
    expect(got.map((n) => n.user_id).sort()).toEqual(inClass.map((u) => u.id).sort());
    expect(got.map((n) => n.user_id)).toContain(studentId);

    const foreign = await s.postJson('staff/notify', { class_ids: [demoClass], content: '外校通知' }, partner);
    expect(foreign.status).toBe(422);
    expect(foreign.body.message).toBe('只能选择您任教的班级');
    expect((await s.postJson('staff/notify', { class_ids: [demoClass], content: '  ' }, teacher1)).body.message).toBe('请输入通知内容');
    expect((await s.postJson('staff/notify', { class_ids: [], content: '空班级' }, teacher1)).body.message).toBe('请选择班级');
    expect(await db().selectFrom('notifications').select('id').where('content', 'in', ['外校通知', '空班级']).execute()).toEqual([]);
  });
});
