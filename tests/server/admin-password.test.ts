import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_PASSWORD, adminPeople } from './admin-fixture';
import { DATABASES, startTestServer, type TestServer } from './harness';

/** School and platform administrators change their own password (修改密码 in their console), by the administrators' rule. */
describe.each(DATABASES)('administrators change their own password on %s', (kind) => {
  let s: TestServer;
  let people: Awaited<ReturnType<typeof adminPeople>>;
  const change = (token: string, old_password: string, next: string) =>
    s.post('user/edit_password', { old_password, new_password: next, new_password_repeat: next }, token);

  beforeAll(async () => {
    s = await startTestServer(kind);
    people = await adminPeople(s);
  });
  afterAll(async () => s?.close());

  it('a school administrator: a weak password is refused, a good one ends the sessions and is the one that signs in', async () => {
    for (const weak of ['abcdefgh', '12345678', 'abc1234']) {
      const res = await change(people.adminA, ADMIN_PASSWORD, weak);
      expect([res.status, res.body.code]).toEqual([422, 422]);
      expect(res.body.message).toBe('密码至少 8 位，且须同时包含字母和数字');
    }
    expect((await change(people.adminA, 'wrong1234', 'Better2027')).body.message).toBe('原密码不正确');
    expect((await change(people.adminA, ADMIN_PASSWORD, 'Better2027')).body).toMatchObject({ code: 200, message: '密码修改成功，请重新登录' });
    expect((await s.get('admin/students', {}, people.adminA)).status).toBe(401);
    expect((await s.post('admin/login', { username: 'admin-a', password: ADMIN_PASSWORD, school_id: 100002 })).body.code).not.toBe(200);
    const fresh = (await s.post('admin/login', { username: 'admin-a', password: 'Better2027', school_id: 100002 })).body.data.token;
    expect((await s.get('admin/students', {}, fresh)).body.code).toBe(200);
  });

  it('a platform administrator changes only its own password, and signs in with it on any school site', async () => {
    expect((await change(people.platform, ADMIN_PASSWORD, 'Platform2027')).body.code).toBe(200);
    const fresh = (await s.post('admin/login', { username: 'root', password: 'Platform2027', school_id: 100045 })).body.data.token;
    expect((await s.get('platform/schools', {}, fresh)).body.code).toBe(200);
    // School B's administrator was not touched.
    expect((await s.post('admin/login', { username: 'admin-b', password: ADMIN_PASSWORD, school_id: 100045 })).body.code).toBe(200);
  });
});
