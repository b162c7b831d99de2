import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { visibleCourses } from '../../server/services/catalogue';
import { DATABASES, startTestServer, type TestServer } from './harness';
import { adminPeople } from './admin-fixture';

/**
 * Class applications: the seeded students `pending` (type 4 待审核) and `rejected` (type 5) of the demo class. Approving
 * opens learning; rejecting needs a reason, which the student is told where the 审核未通过 message shows.
 */
describe.each(DATABASES)('admin console: class applications on %s', (kind) => {
  let s: TestServer;
  let admin: string;
  const db = () => s.opened.db;
  const student = (username: string) => db().selectFrom('users').selectAll().where('username', '=', username).where('school_id', '=', 100002).executeTakeFirstOrThrow();
  /** What the course page tells the student about learning (blocked = why not). */
  async function blocked(token: string, username: string) {
    const user = await student(username);
    const course = await visibleCourses(db(), user).select('learns.id').orderBy('learns.id').executeTakeFirstOrThrow();
    return (await s.post('learn/detail', { learn_id: course.id }, token)).body.data.blocked as string | null;
  }

  beforeAll(async () => {
    s = await startTestServer(kind);
    ({ adminA: admin } = await adminPeople(s));
  });
  afterAll(async () => s?.close());

  it('lists the applications waiting for review first, with the class applied for', async () => {
    const list = (await s.get('admin/applications', { page_size: 100, state: 'all' }, admin)).body.data;
    const pending = await student('pending');
    expect(list.data[0]).toMatchObject({ id: pending.id, type: 4, type_name: '待审核', username: 'pending' });
    expect(list.data[0].class_name).not.toBe('');
    expect(list.data.map((r: any) => r.username)).toContain('rejected');
    const waiting = (await s.get('admin/applications', {}, admin)).body.data.data; // the work list: waiting ones only
    expect(waiting.length).toBeGreaterThan(0);
    expect(waiting.every((r: any) => r.type === 4)).toBe(true);
    expect((await s.get('admin/applications', { state: 'rejected' }, admin)).body.data.data.every((r: any) => r.type === 5)).toBe(true);
  });

  it('approves a pending application: the student keeps the class and may learn', async () => {
    const token = await s.login('pending');
    expect(await blocked(token, 'pending')).toBe('您的班级信息正在审核中，该功能暂不可用，请联系老师');
    const before = await student('pending');
    const res = await s.postJson('admin/application/approve', { id: before.id }, admin);
    expect(res.body).toMatchObject({ code: 200, message: '已通过' });
    const info = (await s.post('user/get_info', {}, token)).body.data;
    expect(info).toMatchObject({ type: 1, class_id: before.class_id, review_reason: '' });
    expect(info.class_name).not.toBe('');
    expect(await blocked(token, 'pending')).toBeNull();
    // Only a waiting application can be decided.
    expect((await s.postJson('admin/application/approve', { id: before.id }, admin)).body).toMatchObject({ code: 0, message: '该学生的班级申请不在待审核状态' });
    const log = (await s.get('admin/audit', { kind: 'application' }, admin)).body.data.data;
    expect(log[0]).toMatchObject({ action_name: '通过', summary: expect.stringMatching(/^通过 吴浩然 加入 .+ 的申请$/) });
  });

  it('rejects with a reason the student sees; resubmitting a class puts the application back in review', async () => {
    const applicant = await student('rejected');
    await db().updateTable('users').set({ type: 4 }).where('id', '=', applicant.id).execute(); // the student resubmitted
    const noReason = await s.postJson('admin/application/reject', { id: applicant.id, reason: '  ' }, admin);
    expect([noReason.status, noReason.body.message]).toEqual([422, '请填写驳回原因']);
    expect((await s.postJson('admin/application/reject', { id: applicant.id }, admin)).body.message).toBe('请填写驳回原因');
    const res = await s.postJson('admin/application/reject', { id: applicant.id, reason: '请选择你所在的行政班' }, admin);
    expect(res.body).toMatchObject({ code: 200, message: '已驳回' });

    const token = await s.login('rejected');
    const info = (await s.post('user/get_info', {}, token)).body.data;
    expect(info).toMatchObject({ type: 5, review_reason: '请选择你所在的行政班' });
    expect(await blocked(token, 'rejected')).toBe('您的班级信息审核未通过，请到个人中心修改后重新提交（驳回原因：请选择你所在的行政班）');
    expect((await s.postJson('admin/application/approve', { id: applicant.id }, admin)).body.message).toBe('该申请已驳回，学生修改班级信息后会重新进入待审核');
    const row = (await s.get('admin/applications', { state: 'rejected' }, admin)).body.data.data.find((r: any) => r.id === applicant.id);
    expect(row).toMatchObject({ type_name: '已驳回', review_reason: '请选择你所在的行政班' });
  });

  it('refuses an application of a student without a class, and unknown students', async () => {
    const loose = await student('demo');
    await db().updateTable('users').set({ type: 4, class_id: null }).where('id', '=', loose.id).execute();
    try {
      expect((await s.postJson('admin/application/approve', { id: loose.id }, admin)).body).toMatchObject({ code: 0, message: '该学生还没有选择班级，不能审核' });
    } finally {
      await db().updateTable('users').set({ type: loose.type, class_id: loose.class_id }).where('id', '=', loose.id).execute();
    }
    expect((await s.postJson('admin/application/approve', { id: 99999999 }, admin)).status).toBe(404);
    expect((await s.postJson('admin/application/approve', { id: 'x' }, admin)).status).toBe(422);
  });

  it('a registered student choosing a first class applies for it; once approved, changing class needs no review', async () => {
    await db().insertInto('users').values({ school_id: 100002, role: 'student', username: 'selfreg01', password_hash: (await student('demo')).password_hash, type: 1 }).execute();
    const token = await s.login('selfreg01', 'demo123', 100002);
    const org = await db().selectFrom('classes').innerJoin('grades', 'grades.id', 'classes.grade_id').innerJoin('majors', 'majors.id', 'grades.major_id')
      .innerJoin('departments', 'departments.id', 'majors.depart_id').select(['classes.id as class_id', 'grades.id as grade_id', 'majors.id as major_id', 'departments.id as depart_id'])
      .where('departments.school_id', '=', 100002).orderBy('classes.id').limit(2).execute();
    expect((await s.post('user/edit_info', org[0], token)).body.data).toMatchObject({ type: 4, class_id: org[0].class_id });
    expect(await blocked(token, 'selfreg01')).toBe('您的班级信息正在审核中，该功能暂不可用，请联系老师');
    const me = await student('selfreg01');
    expect((await s.get('admin/applications', {}, admin)).body.data.data.map((r: any) => r.id)).toContain(me.id);
    expect((await s.postJson('admin/application/approve', { id: me.id }, admin)).body.message).toBe('已通过');
    expect((await s.post('user/edit_info', org[1], token)).body.data).toMatchObject({ type: 1, class_id: org[1].class_id });
  });
});
