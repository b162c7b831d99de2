import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fromNow } from '../../server/db/time';
import { DATABASES, startTestServer, type TestServer } from './harness';
import { staffPeople } from './staff-fixture';
import { JPEG } from './work-files';

/** 各班情况: one homework's students, hand-ins, grades, missing and late work per taught class it went to. */
describe.each(DATABASES)('teacher console: an assignment class by class on %s', (kind) => {
  let s: TestServer;
  let people: Awaited<ReturnType<typeof staffPeople>>;
  let classes: number[];

  beforeAll(async () => {
    s = await startTestServer(kind);
    people = await staffPeople(s);
    const t1 = await s.opened.db.selectFrom('users').select('id').where('username', '=', 'teacher1').where('school_id', '=', 100002).executeTakeFirstOrThrow();
    const taught = (await s.opened.db.selectFrom('teacher_classes').select('class_id').where('teacher_id', '=', t1.id).orderBy('class_id').execute()).map((r) => r.class_id);
    classes = [people.demoClass, ...taught.filter((c) => c !== people.demoClass).slice(0, 1)];
  });
  afterAll(async () => s?.close());

  const studentsOf = async (classId: number) => Number((await s.opened.db.selectFrom('users').select((eb) => eb.fn.countAll<number>().as('n'))
    .where('class_id', '=', classId).where('role', '=', 'student').executeTakeFirstOrThrow()).n);

  async function handedIn(classIds = classes) {
    const id = (await s.postJson('staff/assignment/save', {
      kind: 'homework', title: `各班练习${Math.random().toString(36).slice(2, 6)}`, classify: 2,
      start_time: fromNow(-3600).slice(0, 16), end_time: fromNow(86400).slice(0, 16), class_ids: classIds,
    }, people.teacher1)).body.data.id as number;
    const photo = await s.upload(people.student, 'clasp.jpg', JPEG);
    expect((await s.post('assign/insertmark', { assignment_id: id, student_answer: JSON.stringify([photo]) }, people.student)).body.code).toBe(200);
    return id;
  }

  it('counts each class on its own row: students, handed in, graded, waiting, missing and late', async () => {
    const id = await handedIn();
    const first = (await s.get('staff/assignment/classes', { id }, people.teacher1)).body.data;
    expect(first.data.map((r: any) => r.class_id).sort()).toEqual([...classes].sort());
    const row = (rows: any[], classId: number) => rows.find((r) => r.class_id === classId);
    const demo = await studentsOf(people.demoClass);
    expect(row(first.data, people.demoClass)).toMatchObject({ students: demo, submitted: 1, graded: 0, ungraded: 1, missing: demo - 1, late: 0 });
    if (classes[1]) expect(row(first.data, classes[1])).toMatchObject({ students: await studentsOf(classes[1]), submitted: 0, graded: 0, ungraded: 0, late: 0 });
    expect(first.submitted).toBe(1);

    const mark = await s.opened.db.selectFrom('marks').select('id').where('assignment_id', '=', id).executeTakeFirstOrThrow();
    expect((await s.postJson('staff/grade', { id: mark.id, score: 85, comment: '' }, people.teacher1)).body.code).toBe(200);
    await s.opened.db.updateTable('marks').set({ created_at: fromNow(2 * 86400) }).where('id', '=', mark.id).execute();
    const after = row((await s.get('staff/assignment/classes', { id }, people.teacher1)).body.data.data, people.demoClass);
    expect(after).toMatchObject({ submitted: 1, graded: 1, ungraded: 0, late: 1 });
  });

  it('keeps other schools, other classes and students out (IDOR)', async () => {
    const id = await handedIn([people.demoClass]);
    for (const stranger of [people.teacher3, people.partner]) {
      const res = await s.get('staff/assignment/classes', { id }, stranger);
      expect(res.status).toBe(404);
      expect(res.body.message).toBe('作业不存在');
    }
    expect((await s.get('staff/assignment/classes', { id }, people.student)).status).toBe(403);
    expect((await s.get('staff/assignment/classes', { id })).status).toBe(401);
    const bad = await s.get('staff/assignment/classes', { id: 'x' }, people.teacher1);
    expect(bad.status).toBe(422);
    expect(bad.body.message).toMatch(/作业ID/);
  });
});
