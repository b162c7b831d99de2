import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DATABASES, startTestServer, type TestServer } from './harness';
import { staffPeople } from './staff-fixture';

/** 学生消息 in the teacher console: the conversation list (unread first) and one conversation's transcript. */
describe.each(DATABASES)('teacher console: conversations on %s', (kind) => {
  let s: TestServer;
  let teacher1: string;
  let teacher3: string;
  let partner: string;
  let student: string;
  let studentId: number;
  let teacher1Id: number;
  let name: string;

  beforeAll(async () => {
    s = await startTestServer(kind);
    let classmate: { id: number; realname: string | null };
    ({ teacher1, teacher3, partner, student, classmate } = await staffPeople(s));
    studentId = classmate.id;
    name = classmate.realname ?? '';
    teacher1Id = (await s.opened.db.selectFrom('users').select('id').where('username', '=', 'teacher1').where('school_id', '=', 100002).executeTakeFirstOrThrow()).id;
  });
  afterAll(async () => s?.close());

  it('lists unread conversations first; the transcript shows both sides; replying marks it read', async () => {
    const sent = await s.post('answer/addmessage', { teacher_id: teacher1Id, message: '老师，卡环臂总是翘起来怎么办？' }, student);
    expect(sent.body.code).toBe(200);
    const list = (await s.get('staff/conversations', {}, teacher1)).body.data;
    expect(list.data[0]).toMatchObject({ student_id: studentId, last_message: '老师，卡环臂总是翘起来怎么办？', unread: 1, from_me: 0 });
    const unread = list.data.filter((r: any) => r.unread > 0).length;
    expect(list.data.slice(0, unread).every((r: any) => r.unread > 0)).toBe(true);
    expect(list.data.slice(unread).every((r: any) => r.unread === 0)).toBe(true);
    expect((await s.get('staff/conversations', { keyword: name }, teacher1)).body.data.data.map((r: any) => r.student_id)).toContain(studentId);

    const one = (await s.get('staff/conversation', { student_id: studentId }, teacher1)).body.data;
    expect(one).toMatchObject({ student_id: studentId, realname: name });
    expect(one.transcript.split('\n').at(-1)).toMatch(new RegExp(`^${name}（.+）：老师，卡环臂总是翘起来怎么办？$`));

    expect((await s.post('teacher/reply', { student_id: studentId, message: '弯制前先退火，再分段弯。' }, teacher1)).body.code).toBe(200);
    const after = (await s.get('staff/conversations', { state: 'read' }, teacher1)).body.data.data.find((r: any) => r.student_id === studentId);
    expect(after).toMatchObject({ unread: 0, from_me: 1, last_message: '弯制前先退火，再分段弯。' });
    expect((await s.get('staff/conversation', { student_id: studentId }, teacher1)).body.data.transcript.split('\n').at(-1)).toMatch(/^我（.+）：弯制前先退火，再分段弯。$/);
    expect((await s.get('staff/conversations', { state: 'unread' }, teacher1)).body.data.data.map((r: any) => r.student_id)).not.toContain(studentId);
  });

  it("shows another teacher's conversation to nobody else (IDOR)", async () => {
    // Another school's teacher: the student is not there at all.
    const foreign = await s.get('staff/conversation', { student_id: studentId }, partner);
    expect(foreign.status).toBe(404);
    expect(foreign.body.message).toBe('会话不存在');
    expect((await s.get('staff/conversations', {}, partner)).body.data.data.map((r: any) => r.student_id)).not.toContain(studentId);
    // A colleague sees only their own conversation with the student (the seed may have one), never teacher1's messages.
    const t3 = (await s.opened.db.selectFrom('users').select('id').where('username', '=', 'teacher3').where('school_id', '=', 100002).executeTakeFirstOrThrow()).id;
    const own = await s.opened.db.selectFrom('conversations').select('id').where('teacher_id', '=', t3).where('student_id', '=', studentId).executeTakeFirst();
    const colleague = await s.get('staff/conversation', { student_id: studentId }, teacher3);
    if (own) {
      expect(colleague.status).toBe(200);
      expect(colleague.body.data.transcript).not.toMatch(/卡环臂总是翘起来|弯制前先退火/);
    } else {
      expect(colleague.status).toBe(404);
    }
    const theirs = (await s.get('staff/conversations', {}, teacher3)).body.data.data.find((r: any) => r.student_id === studentId);
    if (theirs) expect(theirs.last_message).not.toMatch(/弯制前先退火/);
    for (const name of ['staff/conversations', 'staff/conversation']) {
      expect((await s.get(name, { student_id: studentId })).status).toBe(401);
      expect((await s.get(name, { student_id: studentId }, student)).status).toBe(403);
    }
  });
});
