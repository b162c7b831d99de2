import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fromNow } from '../../server/db/time';
import { DATABASES, startTestServer, type TestServer } from './harness';
import { staffPeople } from './staff-fixture';
import { JPEG } from './work-files';

/** The teacher console's homework loop: publish → student submits → grade → student sees it; and its scope. */
describe.each(DATABASES)('teacher console: assignments and grading on %s', (kind) => {
  let s: TestServer;
  let teacher1: string; // teaches every class the seed publishes homework to
  let teacher3: string; // same school, other classes
  let partner: string; // a teacher of school 100045
  let student: string; // a student of the demo class
  let demoClass: number;
  let otherClass: number; // a class of the demo school teacher1 does not teach

  const db = () => s.opened.db;
  const upload = (token: string) => s.upload(token, 'photo.jpg', JPEG);
  const homework = (extra: Record<string, unknown> = {}) => ({
    kind: 'homework', title: `卡环弯制练习${Math.random().toString(36).slice(2, 6)}`, classify: 2, cate_id: 2,
    content: '<p>请拍照上传<strong>两张</strong>照片</p>', start_time: fromNow(-3600).slice(0, 16), end_time: fromNow(86400).slice(0, 16),
    class_ids: [demoClass], ...extra,
  });

  beforeAll(async () => {
    s = await startTestServer(kind);
    ({ teacher1, teacher3, partner, student, demoClass, otherClass } = await staffPeople(s));
  });
  afterAll(async () => s?.close());

  it('answers only teachers: 401 without a login, 403 for a student', async () => {
    for (const name of ['staff/classes', 'staff/assignments', 'staff/submissions', 'staff/comments']) {
      expect((await s.get(name, { assignment_id: 1 })).status).toBe(401);
      const asStudent = await s.get(name, { assignment_id: 1 }, student);
      expect(asStudent.status).toBe(403);
      expect(asStudent.body.message).toBe('仅教师账号可使用该功能');
    }
    for (const name of ['staff/assignment/save', 'staff/grade', 'staff/assignment/publish', 'staff/assignment/delete']) {
      expect((await s.postJson(name, { id: 1 })).status).toBe(401);
      expect((await s.postJson(name, { id: 1 }, student)).status).toBe(403);
    }
  });

  it('lists the classes a teacher teaches, with their students', async () => {
    const mine = (await s.get('staff/classes', {}, teacher1)).body.data;
    expect(mine.map((c: any) => c.id)).toContain(demoClass);
    const inClass = await db().selectFrom('users').select('id').where('class_id', '=', demoClass).where('role', '=', 'student').execute();
    expect(mine.find((c: any) => c.id === demoClass).students).toBe(inClass.length);
    const theirs = (await s.get('staff/classes', {}, partner)).body.data;
    expect(theirs.length).toBeGreaterThan(0);
    expect(theirs.map((c: any) => c.id)).not.toContain(demoClass);
  });

  it('publishes homework the class sees; a draft stays hidden until published', async () => {
    const draft = await s.postJson('staff/assignment/save', homework({ published: 0 }), teacher1);
    expect(draft.body).toMatchObject({ code: 200, message: '已保存为草稿' });
    const id = draft.body.data.id;
    const titles = async () => (await s.post('assign/gettasklist', { page_size: 100 }, student)).body.data.list.data.map((a: any) => a.id);
    expect(await titles()).not.toContain(id);
    expect((await s.get('assign/getassign', { id }, student)).status).toBe(404);
    expect((await s.postJson('staff/assignment/publish', { id, published: 1 }, teacher1)).body.message).toBe('已发布');
    expect(await titles()).toContain(id);
    const detail = (await s.get('assign/getassign', { id }, student)).body.data;
    expect(detail.content).toBe('<p>请拍照上传<strong>两张</strong>照片</p>');
  });

  it('stores requirements HTML without scripts or handlers', async () => {
    const res = await s.postJson('staff/assignment/save', homework({ content: '<p onclick="x()">看<img src=x onerror="alert(1)"></p><script>alert(2)</script><a href="javascript:alert(3)">链接</a>' }), teacher1);
    const stored = await db().selectFrom('assignments').select('content').where('id', '=', res.body.data.id).executeTakeFirstOrThrow();
    expect(stored.content).not.toMatch(/script|onerror|onclick|javascript:/i);
    expect(stored.content).toContain('链接');
  });

  it('refuses bad input field by field, in Chinese', async () => {
    const backwards = await s.postJson('staff/assignment/save', homework({ start_time: fromNow(86400).slice(0, 16), end_time: fromNow(3600).slice(0, 16) }), teacher1);
    expect(backwards.status).toBe(422);
    expect(backwards.body.errors.end_time).toEqual(['截止时间必须晚于开始时间']);
    const notTaught = await s.postJson('staff/assignment/save', homework({ class_ids: [otherClass] }), teacher1);
    expect(notTaught.status).toBe(422);
    expect(notTaught.body.message).toBe('只能选择您任教的班级');
    const noTitle = await s.postJson('staff/assignment/save', homework({ title: '' }), teacher1);
    expect(noTitle.status).toBe(422);
    expect(noTitle.body.message).toBe('请输入标题');
    const badTime = await s.postJson('staff/assignment/save', homework({ start_time: '2026-02-30 10:00' }), teacher1);
    expect(badTime.body.errors.start_time).toEqual(['请选择正确的时间']);
    expect((await s.postJson('staff/assignment/save', homework({ class_ids: [] }), teacher1)).body.message).toBe('请选择班级');
  });

  it('runs the whole loop: publish, the student submits photos, the teacher sees them and grades, the student sees the grade', async () => {
    const id = (await s.postJson('staff/assignment/save', homework(), teacher1)).body.data.id;
    const photo = await upload(student);
    const submitted = await s.post('assign/insertmark', { assignment_id: id, student_answer: JSON.stringify([photo]), student_des: '两张都拍了' }, student);
    expect(submitted.body.code).toBe(200);

    const list = (await s.get('staff/assignments', { keyword: '卡环弯制练习', page_size: 50 }, teacher1)).body.data;
    const row = list.data.find((a: any) => a.id === id);
    expect(row).toMatchObject({ submitted: 1, graded: 0, ungraded: 1, published: 1 });
    expect(row.missing).toBe(row.students - 1);

    const subs = (await s.get('staff/submissions', { assignment_id: id }, teacher1)).body.data;
    expect(subs.data[0]).toMatchObject({ state: 'ungraded', late: false });
    expect(subs.total).toBe(row.students);
    const markId = subs.data[0].mark_id;
    const work = (await s.get('staff/submission', { id: markId }, teacher1)).body.data;
    expect(work).toMatchObject({ description: '两张都拍了', graded: false, files: [{ url: photo }] });

    // The teacher can open the student's photo; a teacher of another school cannot.
    const file = (token: string) => s.app.inject({ method: 'GET', url: photo, headers: { authorization: `Bearer ${token}`, host: 'localhost' } });
    expect((await file(teacher1)).statusCode).toBe(200);
    expect((await file(partner)).statusCode).toBe(403);
    expect((await file(teacher3)).statusCode).toBe(403);

    const graded = await s.postJson('staff/grade', { id: markId, score: 86, comment: '卡环臂弧度准确，注意与基牙贴合。' }, teacher1);
    expect(graded.body).toMatchObject({ code: 200, message: '批阅成功' });
    const mine = (await s.post('assign/getmark', { assignment_id: id }, student)).body.data;
    expect(mine).toMatchObject({ score: 86, teacher_comment: '卡环臂弧度准确，注意与基牙贴合。' });
    expect(mine.graded_at).toBeTruthy();

    // A changed grade keeps its history; the comment library offers the comment again.
    await s.postJson('staff/grade', { id: markId, score: 90, comment: '卡环臂弧度准确，注意与基牙贴合。' }, teacher1);
    const events = await db().selectFrom('grade_events').select(['score']).where('mark_id', '=', markId).orderBy('id').execute();
    expect(events.map((e) => e.score)).toEqual([86, 90]);
    const library = (await s.get('staff/comments', {}, teacher1)).body.data;
    expect(library[0]).toEqual({ comment: '卡环臂弧度准确，注意与基牙贴合。', uses: 2 });
    expect((await s.get('staff/assignments', { keyword: '卡环弯制练习', page_size: 50 }, teacher1)).body.data.data.find((a: any) => a.id === id)).toMatchObject({ graded: 1, ungraded: 0 });

    // Work already handed in cannot be deleted away.
    const del = await s.postJson('staff/assignment/delete', { id }, teacher1);
    expect(del.body.message).toBe('已有学生提交，不能删除；可以取消发布');
  });

  it('shows on the home page the work waiting, nearest deadline first, with what else waits', async () => {
    const home = (await s.get('staff/home', {}, teacher1)).body.data;
    expect(home.data.length).toBeGreaterThan(0);
    expect(home.data.every((a: any) => a.ungraded > 0)).toBe(true);
    const ends = home.data.map((a: any) => a.end_time);
    expect([...ends].sort()).toEqual(ends);
    const t1 = await db().selectFrom('users').select('id').where('username', '=', 'teacher1').where('school_id', '=', 100002).executeTakeFirstOrThrow();
    const openTopics = await db().selectFrom('topics').select('id').where('teacher_id', '=', t1.id).where('reply', '=', '').execute();
    expect(home.counts.topics).toBe(openTopics.length);
    expect(home.counts.ungraded).toBeGreaterThanOrEqual(home.data.reduce((n: number, a: any) => n + a.ungraded, 0));
    expect((await s.get('staff/home', {}, partner)).body.data.data.map((a: any) => a.id)).not.toContain(home.data[0].id);
    expect((await s.get('staff/home', {}, student)).status).toBe(403);
  });

  it('refuses a score outside 0–100', async () => {
    const markId = (await db().selectFrom('marks').select('id').where('assignment_id', '=', 2).executeTakeFirstOrThrow()).id;
    for (const score of [-1, 101, 'abc']) {
      const res = await s.postJson('staff/grade', { id: markId, score }, teacher1);
      expect(res.status).toBe(422);
      expect(res.body.message).toBe('分数须为 0 到 100 的整数');
    }
  });

  it('keeps other schools and other classes out of reach (IDOR)', async () => {
    const id = (await s.postJson('staff/assignment/save', homework(), teacher1)).body.data.id;
    const photo = await upload(student);
    await s.post('assign/insertmark', { assignment_id: id, student_answer: JSON.stringify([photo]) }, student);
    const markId = (await db().selectFrom('marks').select('id').where('assignment_id', '=', id).executeTakeFirstOrThrow()).id;
    for (const outsider of [partner, teacher3]) {
      expect((await s.get('staff/assignment', { id }, outsider)).status).toBe(404);
      expect((await s.get('staff/submissions', { assignment_id: id }, outsider)).status).toBe(404);
      expect((await s.get('staff/submission', { id: markId }, outsider)).status).toBe(404);
      expect((await s.postJson('staff/grade', { id: markId, score: 0, comment: '改分' }, outsider)).status).toBe(404);
      expect((await s.postJson('staff/assignment/save', homework({ id, title: '被改' }), outsider)).status).toBe(404);
      expect((await s.postJson('staff/assignment/publish', { id, published: 0 }, outsider)).status).toBe(404);
      expect((await s.postJson('staff/assignment/delete', { id }, outsider)).status).toBe(404);
      const listed = (await s.get('staff/assignments', { page_size: 100 }, outsider)).body.data.data.map((a: any) => a.id);
      expect(listed).not.toContain(id);
    }
    const after = await db().selectFrom('assignments').select(['title', 'published']).where('id', '=', id).executeTakeFirstOrThrow();
    expect(after.published).toBe(1);
    expect(after.title).not.toBe('被改');
    expect((await db().selectFrom('marks').select('score').where('id', '=', markId).executeTakeFirstOrThrow()).score).toBeNull();
    // A teacher cannot publish to a class of another school either.
    const foreign = await s.postJson('staff/assignment/save', homework({ class_ids: [demoClass] }), partner);
    expect(foreign.status).toBe(422);
  });

  it('deletes its own assignment while nothing was handed in', async () => {
    const id = (await s.postJson('staff/assignment/save', homework({ published: 0 }), teacher1)).body.data.id;
    expect((await s.postJson('staff/assignment/delete', { id }, teacher1)).body.message).toBe('删除成功');
    expect(await db().selectFrom('assignments').select('id').where('id', '=', id).executeTakeFirst()).toBeUndefined();
  });

  it('pages, sorts and filters the list on the server', async () => {
    const all = (await s.get('staff/assignments', { page_size: 100 }, teacher1)).body.data;
    const page1 = (await s.get('staff/assignments', { page_size: 3, sort: 'title', order: 'asc' }, teacher1)).body.data;
    expect(page1.total).toBe(all.total);
    expect(page1.data).toHaveLength(3);
    const titles = page1.data.map((a: any) => a.title);
    expect([...titles].sort()).toEqual(titles);
    const exams = (await s.get('staff/assignments', { kind: 'exam', page_size: 100 }, teacher1)).body.data.data;
    expect(exams.length).toBeGreaterThan(0);
    expect(exams.every((a: any) => a.kind === 'exam')).toBe(true);
    expect((await s.get('staff/assignments', { sort: 'password' }, teacher1)).status).toBe(422);
  });
});
