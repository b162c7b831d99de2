import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fromNow } from '../../server/db/time';
import { DATABASES, startTestServer, type TestServer } from './harness';
import { staffPeople } from './staff-fixture';
import { DOCX, JPEG } from './work-files';

/** A homework's attachments and linked simulation course (teacher console) and who may open the attachments. */
describe.each(DATABASES)('teacher console: attachments and linked course on %s', (kind) => {
  let s: TestServer;
  let teacher1: string;
  let teacher3: string; // same school, other classes
  let partner: string; // another school
  let student: string; // in the demo class, which teacher1 teaches
  let outsider: string; // a student of a class teacher1 does not teach
  let demoClass: number;

  const db = () => s.opened.db;
  const homework = (extra: Record<string, unknown> = {}) => ({
    kind: 'homework', title: `铸造流程${Math.random().toString(36).slice(2, 6)}`, classify: 2, content: '<p>见附件</p>',
    start_time: fromNow(-3600).slice(0, 16), end_time: fromNow(86400).slice(0, 16), class_ids: [demoClass], ...extra,
  });
  const file = (url: string, token: string) => s.app.inject({ method: 'GET', url, headers: { authorization: `Bearer ${token}`, host: 'localhost' } });

  beforeAll(async () => {
    s = await startTestServer(kind);
    let otherClass: number;
    ({ teacher1, teacher3, partner, student, demoClass, otherClass } = await staffPeople(s));
    const other = await db().selectFrom('users').select('username').where('class_id', '=', otherClass).where('role', '=', 'student')
      .where('type', '=', 1).orderBy('id').executeTakeFirstOrThrow();
    outsider = await s.login(other.username);
  });
  afterAll(async () => s?.close());

  it('stores attachments under the uploaded names; the class sees them and may open them, nobody else', async () => {
    const guide = await s.upload(teacher1, '铸造步骤.docx', DOCX);
    const photo = await s.upload(teacher1, '示例.jpg', JPEG);
    const saved = await s.postJson('staff/assignment/save', homework({ annex: [{ name: '改过的名字.exe', url: guide }, { name: '示例.jpg', url: photo }] }), teacher1);
    expect(saved.body.code).toBe(200);
    const id = saved.body.data.id;
    expect((await s.get('staff/assignment', { id }, teacher1)).body.data.annex).toEqual([{ name: '铸造步骤.docx', url: guide }, { name: '示例.jpg', url: photo }]);

    const detail = (await s.get('assign/getassign', { id }, student)).body.data;
    expect(detail.files).toEqual([{ name: '铸造步骤.docx', url: guide }, { name: '示例.jpg', url: photo }]);
    const download = await file(guide, student);
    expect(download.statusCode).toBe(200);
    expect(download.headers['content-disposition']).toContain(encodeURIComponent('铸造步骤.docx'));
    expect((await file(photo, student)).statusCode).toBe(200);

    for (const stranger of [outsider, teacher3, partner]) {
      const refused = await file(guide, stranger);
      expect(refused.statusCode).toBe(403);
      expect(refused.json().message).toBe('无权查看该文件');
    }
    // A draft's attachments are not the students' yet.
    await s.postJson('staff/assignment/publish', { id, published: 0 }, teacher1);
    expect((await file(guide, student)).statusCode).toBe(403);
    expect((await file(guide, teacher1)).statusCode).toBe(200);
  });

  it('refuses an attachment that is not an upload of this teacher', async () => {
    const theirs = await s.upload(student, 'mine.jpg', JPEG);
    for (const annex of [[{ name: 'x.jpg', url: theirs }], [{ name: 'x', url: 'https://example.invalid/a.docx' }], [{ name: 'x', url: '/files/../../etc/passwd' }]]) {
      const res = await s.postJson('staff/assignment/save', homework({ annex }), teacher1);
      expect(res.status).toBe(422);
      expect(res.body.message).toBe('附件无效，请重新上传');
    }
    const many = Array.from({ length: 11 }, (_, i) => ({ name: `${i}.jpg`, url: theirs }));
    const tooMany = await s.postJson('staff/assignment/save', homework({ annex: many }), teacher1);
    expect(tooMany.status).toBe(422);
    expect(tooMany.body.message).toBe('最多上传 10 个附件');
  });

  it('removes an attachment on edit; the class can no longer open it', async () => {
    const first = await s.upload(teacher1, 'a.jpg', JPEG);
    const second = await s.upload(teacher1, 'b.jpg', JPEG);
    const id = (await s.postJson('staff/assignment/save', homework({ annex: [{ name: 'a', url: first }, { name: 'b', url: second }] }), teacher1)).body.data.id;
    const edited = await s.postJson('staff/assignment/save', homework({ id, annex: [{ name: 'b.jpg', url: second }] }), teacher1);
    expect(edited.body.code).toBe(200);
    expect((await s.get('staff/assignment', { id }, teacher1)).body.data.annex).toEqual([{ name: 'b.jpg', url: second }]);
    expect((await file(first, student)).statusCode).toBe(403);
  });

  it('links a simulation course the school sees, and lists only those', async () => {
    const courses = (await s.get('staff/courses', {}, teacher1)).body.data as { id: number; name: string }[];
    expect(courses.length).toBeGreaterThan(0);
    const visible = await db().selectFrom('learns').select('id').where('parent_learn_id', 'is', null).where('state', '=', 1)
      .where((eb) => eb.or([eb('school_id', '=', 100002), eb('school_id', 'is', null)])).execute();
    expect(courses.map((c) => c.id).sort()).toEqual(visible.map((r) => r.id).sort());
    const foreign = await db().selectFrom('learns').select('id').where('school_id', '=', 100045).executeTakeFirst();
    if (foreign) expect(courses.map((c) => c.id)).not.toContain(foreign.id);

    const learnId = courses[0].id;
    const id = (await s.postJson('staff/assignment/save', homework({ classify: 1, learn_id: learnId }), teacher1)).body.data.id;
    expect((await s.get('staff/assignment', { id }, teacher1)).body.data.learn_id).toBe(learnId);
    const seen = (await s.get('assign/getassign', { id }, student)).body.data;
    expect(seen).toMatchObject({ learn_id: learnId, learn_name: courses[0].name });
    // Unset on edit: the field is left out.
    await s.postJson('staff/assignment/save', homework({ id, classify: 1 }), teacher1);
    expect((await s.get('staff/assignment', { id }, teacher1)).body.data).not.toHaveProperty('learn_id');
    if (foreign) {
      const refused = await s.postJson('staff/assignment/save', homework({ learn_id: foreign.id }), teacher1);
      expect(refused.status).toBe(422);
    }
  });

  it('answers staff/courses to teachers only', async () => {
    expect((await s.get('staff/courses', {})).status).toBe(401);
    expect((await s.get('staff/courses', {}, student)).status).toBe(403);
  });
});
