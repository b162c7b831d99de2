import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadContract, routeUrl } from '../../server/contract';
import { PASSWORD_PENDING } from '../../server/http/auth';
import { visibleCourses } from '../../server/services/catalogue';
import { adminPeople } from './admin-fixture';
import { CONFIG_DIR, DATABASES, startTestServer, type TestServer } from './harness';
import { PNG } from './work-files';

/**
 * A password an administrator set (new account, reset, import) must be changed before anything else: the server, not
 * only the client, refuses every route but get_info, edit_password and logout until it is — for students and teachers.
 */
describe.each(DATABASES)('must-change password enforced by the server on %s', (kind) => {
  let s: TestServer;
  let people: Awaited<ReturnType<typeof adminPeople>>;
  let klass: number;
  const contract = loadContract(CONFIG_DIR);
  const ok = (res: { status: number; body: any }) => {
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.code, res.body.message).toBe(200);
    return res.body.data;
  };
  const pending = (res: { status: number; body: any }) => {
    expect(res.status, JSON.stringify(res.body)).toBe(403);
    expect(res.body).toMatchObject({ code: 403, message: PASSWORD_PENDING });
  };
  /** Calls a contract entry as `token` with an empty body (the refusal comes before any input check). */
  const call = async (name: string, token: string) => {
    const entry = contract[name];
    const res = await s.app.inject({
      method: entry.method,
      url: routeUrl(name).replace(/:\w+/g, '1'),
      headers: { authorization: `Bearer ${token}`, ...(entry.method !== 'GET' && { 'content-type': 'application/json' }) },
      ...(entry.method !== 'GET' && { payload: '{}' }),
    });
    return { status: res.statusCode, body: res.json() };
  };
  const routesFor = (role: string) =>
    Object.entries(contract).filter(([, e]) => e.auth && !e.passwordPending && (e.role === role || e.role === 'any')).map(([name]) => name);

  beforeAll(async () => {
    s = await startTestServer(kind);
    people = await adminPeople(s);
    const a = people.adminA;
    const dept = ok(await s.postJson('admin/department/save', { department_name: '改密学院' }, a)).id;
    const major = ok(await s.postJson('admin/major/save', { depart_id: dept, major_name: '改密专业' }, a)).id;
    const grade = ok(await s.postJson('admin/grade/save', { major_id: major, grade_name: '2033级' }, a)).id;
    klass = ok(await s.postJson('admin/class/save', { grade_id: grade, class_name: '改密一班' }, a)).id;
  });
  afterAll(async () => s?.close());

  it('a new student with an initial password can call nothing else until it is changed; afterwards everything works', async () => {
    ok(await s.postJson('admin/student/save', { username: 'pend01', realname: '待改密', class_id: klass, password: 'abc12345' }, people.adminA));
    const token = await s.login('pend01', 'abc12345', 100002);
    const refusedRoutes = routesFor('student');
    expect(refusedRoutes).toEqual(expect.arrayContaining(['learn/get', 'score/get_student', 'user/edit_info', 'common/upload_file']));
    for (const name of refusedRoutes) pending(await call(name, token));
    // What the change-password page needs still answers.
    expect(ok(await s.post('user/get_info', {}, token))).toMatchObject({ username: 'pend01', must_change_password: 1 });

    ok(await s.post('user/edit_password', { old_password: 'abc12345', new_password: 'mine2026', new_password_repeat: 'mine2026' }, token));
    const fresh = await s.login('pend01', 'mine2026', 100002);
    expect(ok(await s.post('user/get_info', {}, fresh)).must_change_password).toBe(0);
    expect(ok(await s.post('learn/get', { page: 1 }, fresh))).toBeTruthy();
    ok(await s.post('score/get_student', {}, fresh));
  });

  it('a reset student may still log out', async () => {
    const demo = await s.opened.db.selectFrom('users').select('id').where('school_id', '=', 100002).where('username', '=', 'demo').executeTakeFirstOrThrow();
    const reset = ok(await s.postJson('admin/account/password', { id: demo.id }, people.adminA));
    const token = await s.login('demo', reset.initial_password, 100002);
    pending(await s.post('learn/get', { page: 1 }, token));
    ok(await s.post('user/loginout', {}, token));
    expect((await s.post('user/get_info', {}, token)).status).toBe(401);
  });

  it('course detail and uploaded files, which also serve visitors, refuse a must-change account too', async () => {
    const course = (await visibleCourses(s.opened.db, { school_id: 100002, class_id: null }).select('learns.id').orderBy('learns.id').executeTakeFirstOrThrow()).id;
    ok(await s.postJson('admin/student/save', { username: 'pend02', realname: '待改密二', class_id: klass, password: 'abc12345' }, people.adminA));
    const before = await s.login('pend02', 'abc12345', 100002);
    // Changed once, the student uploads a picture of their own; then the administrator resets the password.
    ok(await s.post('user/edit_password', { old_password: 'abc12345', new_password: 'mine2026', new_password_repeat: 'mine2026' }, before));
    const url = await s.upload(await s.login('pend02', 'mine2026', 100002), 'me.png', PNG);
    const id = (await s.opened.db.selectFrom('users').select('id').where('username', '=', 'pend02').executeTakeFirstOrThrow()).id;
    const reset = ok(await s.postJson('admin/account/password', { id }, people.adminA));
    const token = await s.login('pend02', reset.initial_password, 100002);
    const file = (t?: string) => s.app.inject({ method: 'GET', url, headers: t ? { authorization: `Bearer ${t}` } : {} });

    pending(await s.post('learn/detail', { learn_id: course }, token));
    const refused = await file(token);
    expect([refused.statusCode, refused.json().message]).toEqual([403, PASSWORD_PENDING]);
    // A visitor still reads the detail (no token), and gets no file.
    expect(ok(await s.post('learn/detail', { learn_id: course })).name).toBeTruthy();
    expect((await file()).statusCode).toBe(403);

    ok(await s.post('user/edit_password', { old_password: reset.initial_password, new_password: 'mine2027', new_password_repeat: 'mine2027' }, token));
    const fresh = await s.login('pend02', 'mine2027', 100002);
    expect(ok(await s.post('learn/detail', { learn_id: course }, fresh)).name).toBeTruthy();
    const served = await file(fresh);
    expect([served.statusCode, served.rawPayload.equals(PNG)]).toEqual([200, true]);
  });

  it('a teacher whose password was reset is refused every teacher route until the change, then works', async () => {
    const teacher = await s.opened.db.selectFrom('users').select('id').where('school_id', '=', 100002).where('username', '=', 'teacher1').executeTakeFirstOrThrow();
    ok(await s.postJson('admin/account/password', { id: teacher.id, password: 'teach2026x' }, people.adminA));
    const login = ok(await s.post('teacher/login', { username: 'teacher1', password: 'teach2026x', school_id: 100002 }));
    const refusedRoutes = routesFor('teacher');
    expect(refusedRoutes).toEqual(expect.arrayContaining(['teacher/conversations', 'staff/classes']));
    for (const name of refusedRoutes) pending(await call(name, login.token));
    expect(ok(await s.post('user/get_info', {}, login.token)).must_change_password).toBe(1);

    ok(await s.post('user/edit_password', { old_password: 'teach2026x', new_password: 'teach2027x', new_password_repeat: 'teach2027x' }, login.token));
    const fresh = ok(await s.post('teacher/login', { username: 'teacher1', password: 'teach2027x', school_id: 100002 })).token;
    ok(await s.get('teacher/conversations', {}, fresh));
    ok(await s.get('staff/classes', {}, fresh));
  });
});
