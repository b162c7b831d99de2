import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { fromNow } from '../../server/db/time';
import { REMOTE_SYNC_MS } from '../../server/db/versions';
import { DATABASES, startTestServer, type TestServer } from './harness';

// The polls (new work every 60 s, unread counts every 10 s) answer 304 with no body when the caller's copy,
// named by its ETag, is still current; anything that changes what they show gives a new reply and ETag.
describe.each(DATABASES)('conditional polls on %s', (kind) => {
  let s: TestServer;
  let demo: string;
  beforeAll(async () => {
    s = await startTestServer(kind);
    demo = await s.login();
  });
  afterAll(async () => s?.close());

  const poll = async (name: string, token: string, etag?: string, form = '') => {
    const res = await s.app.inject({
      method: 'POST',
      url: `/api/${name}`,
      headers: { authorization: `Bearer ${token}`, host: 'localhost', 'content-type': 'application/x-www-form-urlencoded', ...(etag && { 'if-none-match': etag }) },
      payload: form,
    });
    return { status: res.statusCode, etag: res.headers.etag as string | undefined, body: res.body ? res.json() : null };
  };

  async function publishTo(studentToken: string, kindOf: 'homework' | 'exam') {
    const me = (await s.post('user/get_info', {}, studentToken)).body.data;
    const teacher = await s.opened.db.selectFrom('users').select('id').where('role', '=', 'teacher').where('school_id', '=', me.school_id).executeTakeFirstOrThrow();
    const { id } = await s.opened.db.insertInto('assignments')
      .values({ school_id: me.school_id, teacher_id: teacher.id, kind: kindOf, title: `新发布的${kindOf}`, start_time: fromNow(-60), end_time: fromNow(86400) })
      .returning('id').executeTakeFirstOrThrow();
    await s.opened.db.insertInto('assignment_classes').values({ assignment_id: id, class_id: me.class_id }).execute();
    return id;
  }

  for (const [name, kindOf] of [['assign/gettasklist', 'homework'], ['assign/getexamlist', 'exam']] as const) {
    it(`${name}: 304 while nothing changed, the new total once the teacher publishes more`, async () => {
      const first = await poll(name, demo);
      expect(first.status).toBe(200);
      expect(first.etag).toMatch(/^W\/".+"$/);
      const total = first.body.data.list.total as number;

      const again = await poll(name, demo, first.etag);
      expect(again.status).toBe(304);
      expect(again.body).toBeNull();

      await publishTo(demo, kindOf);
      const grown = await poll(name, demo, first.etag);
      expect(grown.status).toBe(200);
      expect(grown.body.data.list.total).toBe(total + 1);
      expect(grown.etag).not.toBe(first.etag);
      expect((await poll(name, demo, grown.etag)).status).toBe(304);
    });
  }

  it('a graded submission changes the homework list reply (no 304 for a stale copy)', async () => {
    const first = await poll('assign/gettasklist', demo);
    const me = (await s.post('user/get_info', {}, demo)).body.data;
    const mark = await s.opened.db.selectFrom('marks as m').innerJoin('assignments as a', 'a.id', 'm.assignment_id')
      .select(['m.id', 'm.score']).where('m.user_id', '=', me.id).where('a.kind', '=', 'homework').executeTakeFirst();
    if (mark) {
      await s.opened.db.updateTable('marks').set({ score: Number(mark.score ?? 0) === 77 ? 78 : 77, teacher_data: '{}' }).where('id', '=', mark.id).execute();
    } else {
      const id = await publishTo(demo, 'homework');
      await s.opened.db.insertInto('marks').values({ assignment_id: id, user_id: me.id, score: 77, teacher_data: '{}' }).execute();
    }
    const after = await poll('assign/gettasklist', demo, first.etag);
    expect(after.status).toBe(200);
    expect(after.etag).not.toBe(first.etag);
  });

  // The list states behind these polls are kept in memory while nothing they count is written (routes/assign.ts).
  it('a mark written through another node changes the reply within about a second', async () => {
    const me = (await s.post('user/get_info', {}, demo)).body.data;
    const exam = await publishTo(demo, 'exam');
    // This node reads the publication back from data_versions too; after that its copy stays until the next write.
    await new Promise((done) => setTimeout(done, REMOTE_SYNC_MS + 300));
    const fresh = await poll('assign/getexamlist', demo);
    expect((await poll('assign/getexamlist', demo, fresh.etag)).status).toBe(304);
    const otherNode = await s.reopen();
    try {
      await otherNode.db.insertInto('marks').values({ assignment_id: exam, user_id: me.id, score: 88, teacher_data: '{}' }).execute();
      await expect.poll(async () => (await poll('assign/getexamlist', demo, fresh.etag)).status, { timeout: 5_000, interval: 200 }).toBe(200);
    } finally {
      await otherNode.close();
    }
  });

  it('an exam that starts or ends changes the reply with no write at all', async () => {
    const me = (await s.post('user/get_info', {}, demo)).body.data;
    const teacher = await s.opened.db.selectFrom('users').select('id').where('role', '=', 'teacher').where('school_id', '=', me.school_id).executeTakeFirstOrThrow();
    const { id } = await s.opened.db.insertInto('assignments')
      .values({ school_id: me.school_id, teacher_id: teacher.id, kind: 'exam', title: '一分钟后开始的考试', start_time: fromNow(60), end_time: fromNow(180) })
      .returning('id').executeTakeFirstOrThrow();
    await s.opened.db.insertInto('assignment_classes').values({ assignment_id: id, class_id: me.class_id }).execute();
    const statusOf = (body: any) => body.data.list.data.find((a: { id: number }) => a.id === id)?.status;
    const upcoming = await poll('assign/getexamlist', demo);
    expect((await poll('assign/getexamlist', demo, upcoming.etag)).status).toBe(304);
    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() + 61_000 });
    try {
      const started = await poll('assign/getexamlist', demo, upcoming.etag);
      expect(started.status).toBe(200);
      expect(statusOf(started.body)).not.toBe(statusOf(upcoming.body));
      expect((await poll('assign/getexamlist', demo, started.etag)).status).toBe(304);
      vi.setSystemTime(Date.now() + 120_000);
      const ended = await poll('assign/getexamlist', demo, started.etag);
      expect(ended.status).toBe(200);
      expect(statusOf(ended.body)).not.toBe(statusOf(started.body));
    } finally {
      vi.useRealTimers();
    }
  });

  it('a copy held for other filters or by another student is answered in full', async () => {
    const first = await poll('assign/gettasklist', demo);
    expect((await poll('assign/gettasklist', demo, first.etag, 'page=2')).status).toBe(200);
    expect((await poll('assign/gettasklist', demo, first.etag, 'complete=2')).status).toBe(200);
    const other = await s.login('stu00036');
    const theirs = await poll('assign/gettasklist', other, first.etag);
    expect(theirs.status).toBe(200);
    expect(theirs.body.code).toBe(200);
  });

  it('message/get_class: 304 while the counts stand, the new unread count after a teacher writes', async () => {
    const first = await poll('message/get_class', demo);
    expect(first.status).toBe(200);
    const unread = first.body.data.unread as number;
    expect((await poll('message/get_class', demo, first.etag)).status).toBe(304);

    const me = (await s.post('user/get_info', {}, demo)).body.data;
    const teacher = await s.opened.db.selectFrom('users').select('id').where('role', '=', 'teacher').where('school_id', '=', me.school_id).executeTakeFirstOrThrow();
    await s.opened.db.insertInto('notifications').values({ user_id: me.id, teacher_id: teacher.id, content: '明天交作业' }).execute();
    const after = await poll('message/get_class', demo, first.etag);
    expect(after.status).toBe(200);
    expect(after.body.data.unread).toBe(unread + 1);
  });

  // The counts are kept in memory per student while that student's inbox version stands (db/inbox-versions.ts).
  it('message/get_class: a teacher\'s reply and the student\'s reading show at once, another node\'s notice within about a second', async () => {
    const me = (await s.post('user/get_info', {}, demo)).body.data;
    const teacherToken = await s.teacherLogin();
    const teacher = (await s.post('user/get_info', {}, teacherToken)).body.data;
    const chatUnread = (body: any) => body.data.list.find((c: { key: string }) => c.key === 'chat').unread as number;
    const start = await poll('message/get_class', demo);
    expect((await poll('message/get_class', demo, start.etag)).status).toBe(304);

    const sent = await s.post('teacher/reply', { student_id: me.id, message: '第三题再看一下' }, teacherToken);
    expect(sent.body.code, sent.body.message).toBe(200);
    const replied = await poll('message/get_class', demo, start.etag);
    expect(replied.status).toBe(200);
    expect(chatUnread(replied.body)).toBe(chatUnread(start.body) + 1);
    expect((await poll('message/get_class', demo, replied.etag)).status).toBe(304);

    expect((await s.post('answer/messageread', { teacher_id: teacher.id }, demo)).body.code).toBe(200);
    const read = await poll('message/get_class', demo, replied.etag);
    expect(read.status).toBe(200);
    expect(chatUnread(read.body)).toBe(0);

    // A notice to another student leaves this student's copy current.
    const other = await s.opened.db.selectFrom('users').select('id').where('username', '=', 'stu00036').executeTakeFirstOrThrow();
    await s.opened.db.insertInto('notifications').values({ user_id: other.id, teacher_id: teacher.id, content: '别人的通知' }).execute();
    expect((await poll('message/get_class', demo, read.etag)).status).toBe(304);

    const otherNode = await s.reopen();
    try {
      await otherNode.db.insertInto('notifications').values({ user_id: me.id, teacher_id: teacher.id, content: '另一台服务器写的通知' }).execute();
      await expect.poll(async () => (await poll('message/get_class', demo, read.etag)).status, { timeout: 5_000, interval: 200 }).toBe(200);
      expect((await poll('message/get_class', demo)).body.data.unread).toBe(read.body.data.unread + 1);
      await otherNode.db.deleteFrom('notifications').where('user_id', '=', me.id).where('content', '=', '另一台服务器写的通知').execute();
      await expect.poll(async () => (await poll('message/get_class', demo)).body.data.unread, { timeout: 5_000, interval: 200 }).toBe(read.body.data.unread);
    } finally {
      await otherNode.close();
    }
  });

  it('a poll without a valid token is refused, ETag or not', async () => {
    const res = await poll('assign/gettasklist', 'f'.repeat(64), 'W/"anything"');
    expect(res.status).toBe(401);
  });
});
