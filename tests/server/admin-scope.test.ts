import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CONFIG_DIR, DATABASES, startTestServer, type TestServer } from './harness';
import { ADMIN_PASSWORD, adminPeople } from './admin-fixture';
import { loadContract } from '../../server/contract';

/**
 * Who may call the administration console: every admin/* and platform/* entry of the contract is tried without a login
 * and as each other role; a school administrator of school A reaches nothing of school B (IDOR).
 */
const contract = loadContract(CONFIG_DIR);
const guarded = Object.entries(contract).filter(([, e]) => e.auth && (e.role === 'admin' || e.role === 'platform')).map(([name, e]) => ({ name, ...e }));

describe.each(DATABASES)('admin console: roles and school scope on %s', (kind) => {
  let s: TestServer;
  let people: Awaited<ReturnType<typeof adminPeople>>;
  const db = () => s.opened.db;
  const call = (e: { name: string; method: string }, token?: string, body: Record<string, unknown> = { id: 1 }) =>
    e.method === 'GET' ? s.get(e.name, { id: 1 }, token) : s.postJson(e.name, body, token);

  /** The units of a school's first class: its id and those of its grade, major and department, and one of its students. */
  async function orgOf(schoolId: number) {
    const student = await db().selectFrom('users').select(['id', 'class_id', 'grade_id', 'major_id', 'depart_id']).where('school_id', '=', schoolId)
      .where('role', '=', 'student').where('class_id', 'is not', null).orderBy('id').executeTakeFirstOrThrow();
    return { student: student.id, klass: student.class_id!, grade: student.grade_id!, major: student.major_id!, depart: student.depart_id! };
  }

  beforeAll(async () => {
    s = await startTestServer(kind);
    people = await adminPeople(s);
  });
  afterAll(async () => s?.close());

  it('covers the console: the contract has admin and platform entries', () => {
    expect(guarded.filter((e) => e.role === 'admin').length).toBeGreaterThanOrEqual(20);
    expect(guarded.filter((e) => e.role === 'platform').length).toBeGreaterThanOrEqual(7);
  });

  it('answers 401 without a login and 403 to every other role, on every admin and platform route', async () => {
    for (const e of guarded) {
      expect((await call(e)).status, e.name).toBe(401);
      for (const token of [people.student, people.teacher]) expect((await call(e, token)).status, e.name).toBe(403);
      if (e.role === 'admin') {
        const res = await call(e, people.platform);
        expect([res.status, res.body.message], e.name).toEqual([403, '仅学校管理员可使用该功能']);
      } else {
        for (const token of [people.adminA, people.adminB]) {
          const res = await call(e, token);
          expect([res.status, res.body.message], e.name).toEqual([403, '仅平台管理员可使用该功能']);
        }
      }
    }
  });

  it('keeps a school administrator inside their school: records of another school are not found', async () => {
    const b = await orgOf(100045);
    const a = await orgOf(100002);
    const admin = people.adminA;
    const notFound = async (res: Promise<{ status: number; body: any }>, message: string) => {
      const r = await res;
      expect([r.status, r.body.message]).toEqual([404, message]);
    };
    await notFound(s.postJson('admin/department/save', { id: b.depart, department_name: '改名' }, admin), '院系不存在');
    await notFound(s.postJson('admin/department/delete', { id: b.depart }, admin), '院系不存在');
    await notFound(s.postJson('admin/major/save', { id: b.major, depart_id: a.depart, major_name: '改名' }, admin), '专业不存在');
    await notFound(s.postJson('admin/major/delete', { id: b.major }, admin), '专业不存在');
    await notFound(s.postJson('admin/grade/save', { id: b.grade, major_id: a.major, grade_name: '改名' }, admin), '年级不存在');
    await notFound(s.postJson('admin/grade/delete', { id: b.grade }, admin), '年级不存在');
    await notFound(s.get('admin/class', { id: b.klass }, admin), '班级不存在');
    await notFound(s.postJson('admin/class/save', { id: b.klass, grade_id: a.grade, class_name: '改名' }, admin), '班级不存在');
    await notFound(s.postJson('admin/class/delete', { id: b.klass }, admin), '班级不存在');
    await notFound(s.postJson('admin/student/move', { id: b.student, class_id: a.klass }, admin), '学生不存在');
    // A list with one student of school B moves nobody.
    const aOther = await db().selectFrom('users').select(['id', 'class_id']).where('school_id', '=', 100002).where('role', '=', 'student').where('class_id', '!=', a.klass).executeTakeFirstOrThrow();
    await notFound(s.postJson('admin/student/move', { ids: [aOther.id, b.student], class_id: a.klass }, admin), '学生不存在');
    expect((await db().selectFrom('users').select('class_id').where('id', '=', aOther.id).executeTakeFirstOrThrow()).class_id).toBe(aOther.class_id);
    await notFound(s.postJson('admin/application/approve', { id: b.student }, admin), '学生不存在');
    await notFound(s.postJson('admin/application/reject', { id: b.student, reason: '不行' }, admin), '学生不存在');
    // Another school's units as the parent of a new unit, or a student's new class: refused as unknown.
    expect((await s.postJson('admin/major/save', { depart_id: b.depart, major_name: '越界专业' }, admin)).body).toMatchObject({ code: 422, message: '院系不存在' });
    expect((await s.postJson('admin/grade/save', { major_id: b.major, grade_name: '越界年级' }, admin)).body).toMatchObject({ code: 422, message: '专业不存在' });
    expect((await s.postJson('admin/class/save', { grade_id: b.grade, class_name: '越界班级' }, admin)).body).toMatchObject({ code: 422, message: '年级不存在' });
    expect((await s.postJson('admin/student/move', { id: a.student, class_id: b.klass }, admin)).body).toMatchObject({ code: 422, message: '班级不存在' });
    // Nothing of school B changed.
    const bStudent = await db().selectFrom('users').select(['class_id', 'type']).where('id', '=', b.student).executeTakeFirstOrThrow();
    expect(bStudent.class_id).toBe(b.klass);
    expect(await db().selectFrom('departments').select('department_name').where('id', '=', b.depart).executeTakeFirstOrThrow()).not.toEqual({ department_name: '改名' });

    // Lists hold only the own school's rows.
    const ids = async (name: string, params: Record<string, string | number> = {}) => (await s.get(name, { page_size: 1000, ...params }, admin)).body.data.data.map((r: any) => r.id);
    expect(await ids('admin/departments')).not.toContain(b.depart);
    expect(await ids('admin/majors')).not.toContain(b.major);
    expect(await ids('admin/majors', { depart_id: b.depart })).toEqual([]);
    expect(await ids('admin/grades')).not.toContain(b.grade);
    expect(await ids('admin/classes')).not.toContain(b.klass);
    expect(await ids('admin/classes', { grade_id: b.grade })).toEqual([]);
    expect(await ids('admin/students', { class_id: b.klass })).toEqual([]);
    expect(await ids('admin/applications', { state: 'all' })).not.toContain(b.student);
    expect(await ids('admin/departments')).toContain(a.depart);
  });

  it('keeps the audit log per school; the platform administrator sees every school and can pick one', async () => {
    await s.postJson('admin/department/save', { department_name: '乙校新学院' }, people.adminB);
    const aLog = (await s.get('admin/audit', { page_size: 100 }, people.adminA)).body.data.data;
    expect(aLog.map((r: any) => r.summary)).not.toContain('新建院系 乙校新学院');
    expect((await s.get('admin/audit', { school_id: 100045 }, people.adminA)).status).toBe(404);
    const bLog = (await s.get('admin/audit', {}, people.adminB)).body.data.data;
    expect(bLog[0]).toMatchObject({ summary: '新建院系 乙校新学院', school_name: expect.any(String) });
    const all = (await s.get('platform/audit', { school_id: 100045 }, people.platform)).body.data.data;
    expect(all.map((r: any) => r.summary)).toContain('新建院系 乙校新学院');
    expect((await s.get('platform/audit', { school_id: 99999999 }, people.platform)).status).toBe(404);
  });

  it('signs administrators in only at the console, a school administrator only on their school', async () => {
    const wrongSchool = await s.post('admin/login', { username: 'admin-a', password: ADMIN_PASSWORD, school_id: 100045 });
    expect(wrongSchool.body).toMatchObject({ code: 0, message: '账号或密码错误' });
    expect((await s.post('admin/login', { username: 'demo', password: 'demo123', school_id: 100002 })).body.message).toBe('账号或密码错误');
    expect((await s.post('admin/login', { username: 'teacher1', password: 'teacher123', school_id: 100002 })).body.message).toBe('账号或密码错误');
    expect((await s.post('user/login', { username: 'admin-a', password: ADMIN_PASSWORD, school_id: 100002 })).body).toMatchObject({ code: 0, message: '管理员账号请登录管理后台' });
    expect((await s.post('teacher/login', { username: 'admin-a', password: ADMIN_PASSWORD, school_id: 100002 })).body.code).toBe(0);
    const info = (await s.post('user/get_info', {}, people.platform)).body.data;
    expect(info).toMatchObject({ role: 'platform', username: 'root' });
    expect((await s.post('admin/login', { username: '', password: 'x', school_id: 100002 })).status).toBe(422);
  });
});
