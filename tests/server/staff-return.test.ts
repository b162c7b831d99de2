import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fromNow } from '../../server/db/time';
import { DATABASES, startTestServer, type TestServer } from './harness';
import { staffPeople } from './staff-fixture';
import { JPEG } from './work-files';

/** 退回重做: the grader hands a submission back; the student sees why, hands in again, and it waits to be graded. */
describe.each(DATABASES)('teacher console: returning work for resubmission on %s', (kind) => {
  let s: TestServer;
  let teacher1: string;
  let teacher3: string;
  let partner: string;
  let student: string;
  let demoClass: number;

  const homework = (extra: Record<string, unknown> = {}) => ({
    kind: 'homework', title: `退回练习${Math.random().toString(36).slice(2, 6)}`, classify: 2,
    start_time: fromNow(-3600).slice(0, 16), end_time: fromNow(86400).slice(0, 16), class_ids: [demoClass], ...extra,
  });
  /** Publishes a homework and hands in one photo as the student: the assignment and the submission's id. */
  async function handedIn() {
    const id = (await s.postJson('staff/assignment/save', homework(), teacher1)).body.data.id as number;
    const photo = await s.upload(student, 'clasp.jpg', JPEG);
    expect((await s.post('assign/insertmark', { assignment_id: id, student_answer: JSON.stringify([photo]), student_des: '第一次' }, student)).body.code).toBe(200);
    const subs = (await s.get('staff/submissions', { assignment_id: id, state: 'submitted' }, teacher1)).body.data;
    return { id, markId: subs.data[0].mark_id as number, photo };
  }
  const state = async (id: number) => (await s.get('staff/submissions', { assignment_id: id, state: 'all', page_size: 100 }, teacher1)).body.data.data
    .filter((r: any) => r.state !== 'missing');

  beforeAll(async () => {
    s = await startTestServer(kind);
    ({ teacher1, teacher3, partner, student, demoClass } = await staffPeople(s));
  });
  afterAll(async () => s?.close());

  it('hands work back with the reason; the student sees it and submits again; the teacher grades the new work', async () => {
    const { id, markId, photo } = await handedIn();
    const back = await s.postJson('staff/return', { id: markId, comment: '照片模糊，请重拍舌侧。' }, teacher1);
    expect(back.body).toMatchObject({ code: 200, message: '已退回，学生可以重新提交' });
    expect(await state(id)).toEqual([]);
    const row = (await s.get('staff/assignments', { keyword: '退回练习', page_size: 50 }, teacher1)).body.data.data.find((a: any) => a.id === id);
    expect(row).toMatchObject({ submitted: 0, ungraded: 0 });

    const seen = (await s.get('assign/getassign', { id }, student)).body.data;
    expect(seen).toMatchObject({ type: '未完成', mark_id: null, mark: null, returned: { comment: '照片模糊，请重拍舌侧。' } });
    // The returned submission is kept as it was (returned_work).
    const old = await s.opened.db.selectFrom('returned_work').select(['student_answer', 'student_des', 'teacher_id']).where('assignment_id', '=', id).executeTakeFirstOrThrow();
    expect(old).toMatchObject({ student_des: '第一次' });
    expect(old.student_answer).toContain(photo);

    const again = await s.upload(student, 'clasp2.jpg', JPEG);
    const resubmitted = await s.post('assign/insertmark', { assignment_id: id, student_answer: JSON.stringify([again]), student_des: '重拍了' }, student);
    expect(resubmitted.body).toMatchObject({ code: 200, message: '提交成功' });
    expect((await s.get('assign/getassign', { id }, student)).body.data).toMatchObject({ type: '已完成', returned: null });
    const waiting = await state(id);
    expect(waiting).toHaveLength(1);
    expect(waiting[0]).toMatchObject({ state: 'ungraded', late: false });
    const work = (await s.get('staff/submission', { id: waiting[0].mark_id }, teacher1)).body.data;
    expect(work).toMatchObject({ description: '重拍了', files: [{ url: again }] });
    expect((await s.postJson('staff/grade', { id: waiting[0].mark_id, score: 88, comment: '好' }, teacher1)).body.code).toBe(200);
  });

  it('lets returned work come back after the deadline, marked late; others still cannot hand in late', async () => {
    const { id, markId } = await handedIn();
    await s.opened.db.updateTable('assignments').set({ end_time: fromNow(-60) }).where('id', '=', id).execute();
    expect((await s.postJson('staff/return', { id: markId, comment: '缺少颊侧照片' }, teacher1)).body.code).toBe(200);
    const photo = await s.upload(student, 'late.jpg', JPEG);
    expect((await s.post('assign/insertmark', { assignment_id: id, student_answer: JSON.stringify([photo]) }, student)).body.code).toBe(200);
    expect((await state(id))[0]).toMatchObject({ state: 'ungraded', late: true });
  });

  it('needs a reason of 1–500 characters', async () => {
    const { markId } = await handedIn();
    for (const comment of ['', '   ']) {
      const res = await s.postJson('staff/return', { id: markId, comment }, teacher1);
      expect(res.status).toBe(422);
      expect(res.body.message).toBe('请写明退回原因');
    }
    const long = await s.postJson('staff/return', { id: markId, comment: '长'.repeat(501) }, teacher1);
    expect(long.body.message).toBe('退回原因最多 500 个字');
  });

  it('keeps other schools, other classes and students out (IDOR)', async () => {
    const { id, markId } = await handedIn();
    for (const stranger of [teacher3, partner]) {
      const res = await s.postJson('staff/return', { id: markId, comment: '重做' }, stranger);
      expect(res.status).toBe(404);
      expect(res.body.message).toBe('提交记录不存在');
    }
    expect((await s.postJson('staff/return', { id: markId, comment: '重做' }, student)).status).toBe(403);
    expect((await s.postJson('staff/return', { id: markId, comment: '重做' })).status).toBe(401);
    expect(await state(id)).toHaveLength(1); // still there
  });
});
