import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEV_PARTNER_SECRET } from '../../server/app';
import { DATABASES, startTestServer, type TestServer } from './harness';

describe.each(DATABASES)('landing single sign-on on %s', (kind) => {
  let s: TestServer;
  beforeAll(async () => {
    s = await startTestServer(kind);
  });
  afterAll(async () => s?.close());

  const issue = async (username: string, secret = DEV_PARTNER_SECRET) => {
    const res = await s.app.inject({
      method: 'POST', url: '/api/landing/issue_ticket',
      headers: { 'content-type': 'application/x-www-form-urlencoded', 'x-partner-secret': secret },
      payload: new URLSearchParams({ username, school_id: '100002' }).toString(),
    });
    return { status: res.statusCode, body: res.json() };
  };

  it('issues tickets only to the partner holding the secret', async () => {
    expect((await issue('stu00005', 'wrong')).status).toBe(403);
    expect((await issue('nobody')).body).toMatchObject({ code: 0, message: '用户不存在' });
    expect((await issue('stu00005')).body.data.ticket).toMatch(/^[0-9a-f]{48}$/);
  });

  it('exchanges a ticket once, then one code, then the 3D app redeems the code once', async () => {
    const { ticket } = (await issue('stu00005')).body.data;
    const exchanged = await s.post('landing/ticket', { ticket });
    const userId = exchanged.body.data.user_id;
    const user = await s.opened.db.selectFrom('users').select(['id', 'realname']).where('username', '=', 'stu00005').where('school_id', '=', 100002).executeTakeFirstOrThrow();
    expect(userId).toBe(user.id);
    expect((await s.post('landing/ticket', { ticket })).body).toMatchObject({ code: 0, message: expect.stringContaining('票据无效或已过期') });

    const code = (await s.post('landing/code', { user_id: userId })).body.data;
    expect(code).toMatch(/^[0-9a-f]{32}$/);
    expect((await s.post('landing/code', { user_id: userId })).body).toMatchObject({ code: 0, message: expect.stringContaining('非法访问') });

    const verified = await s.post('landing/verify_code', { code });
    expect(verified.body.data).toMatchObject({ user_id: user.id, realname: user.realname, school_name: '华康医科大学' });
    expect((await s.post('landing/verify_code', { code })).body).toMatchObject({ code: 0, message: '登录码无效或已使用' });
  });

  it('refuses a code for an arbitrary user without an exchanged ticket, but gives one for the configured reviewer', async () => {
    expect((await s.post('landing/code', { user_id: 1 })).body.code).toBe(0);
    const reviewer = await s.post('landing/code', { user_id: 17 });
    expect(reviewer.body.code).toBe(200);
    expect((await s.post('landing/verify_code', { code: reviewer.body.data })).body.data.role).toBe('reviewer');
  });

  it('refuses expired tickets and malformed input with clear messages', async () => {
    const { ticket } = (await issue('stu00006')).body.data;
    await s.opened.db.updateTable('partner_tickets').set({ expires_at: '2000-01-01 00:00:00' }).execute();
    expect((await s.post('landing/ticket', { ticket })).body.code).toBe(0);
    const bad = await s.post('landing/ticket', { ticket: 'not-hex!' });
    expect(bad.status).toBe(422);
    expect(bad.body.message).toBe('票据格式不正确');
    expect((await s.post('landing/code', { user_id: 'x' })).body.message).toBe('用户必须是数字');
  });
});
