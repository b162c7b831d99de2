import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DATABASES, startTestServer, type TestServer } from './harness';

describe.each(DATABASES)('messaging API on %s', (kind) => {
  let s: TestServer;
  let stu31: string;
  let stu32: string;
  let teacher1: string;
  let t1: { id: number; realname: string };
  let t2: { id: number };
  let partnerTeacher: { id: number };
  let student31: { id: number; class_id: number | null };

  const db = () => s.opened.db;
  const teacherToken = async (username: string, schoolId: number) =>
    (await s.post('teacher/login', { username, password: 'teacher123', school_id: schoolId })).body.data.token as string;

  beforeAll(async () => {
    s = await startTestServer(kind);
    stu31 = await s.login('stu00031');
    stu32 = await s.login('stu00032');
    teacher1 = await teacherToken('teacher1', 100002);
    const teachers = await db().selectFrom('users').select(['id', 'realname', 'school_id']).where('role', '=', 'teacher').orderBy('id').execute();
    [t1, t2] = teachers.filter((t) => t.school_id === 100002);
    partnerTeacher = teachers.find((t) => t.school_id === 100045)!;
    student31 = (await db().selectFrom('users').select(['id', 'class_id']).where('username', '=', 'stu00031').where('school_id', '=', 100002).executeTakeFirstOrThrow());
  });
  afterAll(async () => s?.close());

  it('needs a login for every call', async () => {
    for (const name of ['answer/messagelist', 'answer/messageinfo', 'teacher/conversations']) expect((await s.get(name, { teacher_id: 1, student_id: 1 })).status).toBe(401);
    for (const name of ['answer/addmessage', 'answer/messagedelete', 'message/get_list', 'message/read', 'message/get_class', 'teacher/reply']) expect((await s.post(name, { teacher_id: 1, student_id: 1 })).status).toBe(401);
  });

  it("lists the demo student's conversations with the teacher, last message and unread state", async () => {
    const demo = await s.login();
    const list = (await s.get('answer/messagelist', {}, demo)).body.data;
    expect(list).toHaveLength(2);
    const withT1 = list.find((c: any) => c.teacher_id === t1.id);
    expect(withT1).toMatchObject({ status: 1, author_id: t1.id, teacher: { realname: t1.realname }, unread: 1 });
    expect(withT1.teacher.head_img).toMatch(/avatar/);
    expect(list.every((c: any) => c.student.id === withT1.student_id)).toBe(true);
  });

  it('refuses empty, whitespace-only and over-long messages with a message', async () => {
    for (const message of ['', '   \n\t ']) {
      const res = await s.post('answer/addmessage', { teacher_id: t1.id, message }, stu31);
      expect(res.status).toBe(422);
      expect(res.body.message).toBe('请输入内容！');
    }
    const long = await s.post('answer/addmessage', { teacher_id: t1.id, message: '长'.repeat(501) }, stu31);
    expect(long.status).toBe(422);
    expect(long.body.message).toBe('消息内容不能超过500个字');
    expect(await db().selectFrom('messages').select('id').where('student_id', '=', student31.id).execute()).toHaveLength(0);
  });

  it('writes only to teachers of the own school', async () => {
    expect((await s.post('answer/addmessage', { teacher_id: partnerTeacher.id, message: '你好' }, stu31)).status).toBe(404);
    expect((await s.post('answer/addmessage', { teacher_id: 999999, message: '你好' }, stu31)).status).toBe(404);
    expect((await s.post('answer/addmessage', { teacher_id: student31.id, message: '你好' }, stu31)).status).toBe(404);
  });

  it('sends a message, stored as text, and shows it in the list and the history', async () => {
    const text = '<b>老师</b>好，肩台怎么做？';
    const res = await s.post('answer/addmessage', { teacher_id: t1.id, message: `  ${text}  ` }, stu31);
    expect(res.body).toMatchObject({ code: 200, message: '发送成功' });
    const stored = await db().selectFrom('messages').selectAll().where('student_id', '=', student31.id).execute();
    expect(stored).toHaveLength(1);
    expect(stored[0]).toMatchObject({ message: text, author_id: student31.id, teacher_id: t1.id });

    const list = (await s.get('answer/messagelist', {}, stu31)).body.data;
    expect(list).toEqual([expect.objectContaining({ teacher_id: t1.id, message: text, author_id: student31.id, status: 0 })]);
    const info = (await s.get('answer/messageinfo', { teacher_id: t1.id }, stu31)).body.data;
    expect(info.map((m: any) => m.message)).toEqual([text]);
    expect(info[0]).toMatchObject({ student: { id: student31.id }, teacher: { id: t1.id, realname: t1.realname } });
  });

  it("never shows or deletes another student's conversation", async () => {
    expect((await s.get('answer/messageinfo', { teacher_id: t1.id }, stu32)).body.data).toEqual([]);
    expect((await s.get('answer/messagelist', {}, stu32)).body.data).toEqual([]);
    expect((await s.post('answer/messagedelete', { teacher_id: t1.id }, stu32)).status).toBe(404);
    const conv = await db().selectFrom('conversations').selectAll().where('student_id', '=', student31.id).executeTakeFirstOrThrow();
    expect(conv.deleted_by_student).toBe(0);
  });

  it('keeps the two roles apart', async () => {
    expect((await s.get('answer/messagelist', {}, teacher1)).status).toBe(403);
    expect((await s.get('teacher/conversations', {}, stu31)).status).toBe(403);
    expect((await s.post('teacher/login', { username: 'stu00031', password: 'demo123', school_id: 100002 })).body).toMatchObject({ code: 0, message: '账号或密码错误' });
    expect((await s.post('teacher/login', { username: 'teacher1', password: 'nope', school_id: 100002 })).body.code).toBe(0);
    // A teacher only reaches students of the own school.
    const partner = await teacherToken('teacher1', 100045);
    expect((await s.post('teacher/reply', { student_id: student31.id, message: '你好' }, partner)).status).toBe(404);
    expect((await s.post('teacher/messageread', { student_id: student31.id }, partner)).status).toBe(404);
    expect((await s.post('answer/messageread', { teacher_id: student31.id }, stu31)).status).toBe(404); // not a teacher
    expect((await s.post('teacher/messageread', { student_id: student31.id }, stu31)).status).toBe(403);
  });

  it('lets the teacher read and reply; the student sees the reply unread until reading it', async () => {
    const mine = (await s.get('teacher/conversations', {}, teacher1)).body.data;
    expect(mine.find((c: any) => c.student_id === student31.id)).toMatchObject({ unread: 1, author_id: student31.id });
    expect((await s.get('teacher/messageinfo', { student_id: student31.id }, teacher1)).body.data).toHaveLength(1);
    // Reading changes nothing; the teacher's client marks it read with a POST.
    expect((await db().selectFrom('conversations').select('unread_teacher').where('student_id', '=', student31.id).executeTakeFirstOrThrow()).unread_teacher).toBe(1);
    expect((await s.post('teacher/messageread', { student_id: student31.id }, teacher1)).body.code).toBe(200);
    expect((await db().selectFrom('conversations').select('unread_teacher').where('student_id', '=', student31.id).executeTakeFirstOrThrow()).unread_teacher).toBe(0);

    expect((await s.post('teacher/reply', { student_id: student31.id, message: '肩台宽度 1.0mm 左右。' }, teacher1)).body.code).toBe(200);
    const [conv] = (await s.get('answer/messagelist', {}, stu31)).body.data;
    expect(conv).toMatchObject({ status: 1, author_id: t1.id, message: '肩台宽度 1.0mm 左右。', unread: 1 });
    const counts = (await s.post('message/get_class', {}, stu31)).body.data;
    expect(counts.list.find((c: any) => c.key === 'chat')).toMatchObject({ total: 1, unread: 1 });

    const info = (await s.get('answer/messageinfo', { teacher_id: t1.id }, stu31)).body.data;
    expect(info.map((m: any) => m.author_id)).toEqual([student31.id, t1.id]);
    // A GET never writes (a link from another site carries the cookie): still unread until the chat POSTs.
    expect((await s.get('answer/messagelist', {}, stu31)).body.data[0]).toMatchObject({ status: 1, unread: 1 });
    expect((await s.app.inject({ method: 'GET', url: `/api/answer/messageinfo?teacher_id=${t1.id}`, headers: { cookie: `token=${stu31}`, referer: 'https://elsewhere.example/' } })).statusCode).toBe(200);
    expect((await s.get('answer/messagelist', {}, stu31)).body.data[0]).toMatchObject({ status: 1, unread: 1 });
    expect((await s.post('answer/messageread', { teacher_id: t1.id }, stu31)).body.code).toBe(200);
    const after = (await s.get('answer/messagelist', {}, stu31)).body.data[0];
    expect(after).toMatchObject({ status: 0, unread: 0 });
    expect((await s.post('message/get_class', {}, stu31)).body.data.unread).toBe(0);
  });

  it('deletes a conversation for the student only; a new message starts a fresh history', async () => {
    expect((await s.post('answer/messagedelete', { teacher_id: t1.id }, stu31)).body).toMatchObject({ code: 200 });
    expect((await s.get('answer/messagelist', {}, stu31)).body.data).toEqual([]);
    expect((await s.get('answer/messageinfo', { teacher_id: t1.id }, stu31)).body.data).toEqual([]);
    expect((await s.post('answer/messagedelete', { teacher_id: t1.id }, stu31)).status).toBe(404);
    expect((await s.get('teacher/messageinfo', { student_id: student31.id }, teacher1)).body.data).toHaveLength(2);

    await s.post('teacher/reply', { student_id: student31.id, message: '还有问题吗？' }, teacher1);
    const list = (await s.get('answer/messagelist', {}, stu31)).body.data;
    expect(list).toEqual([expect.objectContaining({ teacher_id: t1.id, status: 1 })]);
    expect((await s.get('answer/messageinfo', { teacher_id: t1.id }, stu31)).body.data.map((m: any) => m.message)).toEqual(['还有问题吗？']);
  });

  it('shows each teacher of the school in the teacher list with the latest message', async () => {
    const teachers = (await s.get('answer/getteacher', {}, stu31)).body.data;
    expect(teachers.map((t: any) => t.id)).toContain(t2.id);
    expect(teachers.find((t: any) => t.id === t1.id)).toMatchObject({ teacher_id: t1.id, message: '还有问题吗？' });
    expect(teachers.some((t: any) => t.id === partnerTeacher.id)).toBe(false);
  });

  it('lists notifications with paging, marks them read and updates the counts', async () => {
    const demo = await s.login();
    const page = (await s.post('message/get_list', { page: 1, page_size: 4 }, demo)).body.data;
    expect(page).toMatchObject({ allCount: 6, allPage: 2, unread: 3 });
    expect(page.list).toHaveLength(4);
    expect(page.list[0]).toMatchObject({ realname: expect.any(String), head_img: expect.stringMatching(/avatar/), content: expect.any(String) });
    expect(page.list.map((n: any) => n.created_at)).toEqual([...page.list.map((n: any) => n.created_at)].sort().reverse());

    const hans = await s.login('stu00033');
    const other = page.list[0].id;
    expect((await s.post('message/read', { id: other }, hans)).status).toBe(404);

    const sent = await s.post('teacher/notify', { student_id: (await db().selectFrom('users').select('id').where('username', '=', 'stu00033').where('school_id', '=', 100002).executeTakeFirstOrThrow()).id, content: '明天实训课改到 301 教室。' }, teacher1);
    expect(sent.body.code).toBe(200);
    const mine = (await s.post('message/get_list', {}, hans)).body.data;
    expect(mine).toMatchObject({ allCount: 1, unread: 1, list: [{ content: '明天实训课改到 301 教室。', status: 0, status_text: '未读', teacher_id: t1.id }] });
    expect((await s.post('message/read', { id: mine.list[0].id }, hans)).body.data).toEqual({ unread: 0 });
    expect((await s.post('message/get_list', {}, hans)).body.data.list[0]).toMatchObject({ status: 1, status_text: '已读' });
    expect((await s.post('message/get_class', {}, hans)).body.data.list.find((c: any) => c.key === 'notice')).toMatchObject({ total: 1, unread: 0 });
  });

  it("refuses another class's id in message/get_class", async () => {
    expect((await s.post('message/get_class', { class_id: (student31.class_id ?? 0) + 1 }, stu31)).status).toBe(403);
    expect((await s.post('message/get_class', { class_id: student31.class_id ?? 0 }, stu31)).body.code).toBe(200);
  });
});
