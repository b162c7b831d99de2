// Security review (issue 14, item 11): changing the mobile number needs the SMS code sent to the new number, so
// nobody can take a number they cannot receive texts on (and lock its owner out of registering or recovering with it).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DATABASES, startTestServer, type TestServer } from './harness';

// The development SMS outbox is read at app build time.
process.env.DEV_HOOKS = '1';

describe.each(DATABASES)('changing the mobile number on %s', (kind) => {
  let s: TestServer;
  let token: string;
  const VICTIM = '13611110001'; // nobody's number yet: the attacker wants it

  const db = () => s.opened.db;
  const mobileOf = async (username: string) => (await db().selectFrom('users').select('mobile').where('username', '=', username).where('school_id', '=', 100002).executeTakeFirstOrThrow()).mobile;
  const smsCode = async (mobile: string) => {
    const res = await s.app.inject({ method: 'GET', url: `/api/dev/sms?mobile=${mobile}` });
    return res.json().data?.code as string | undefined;
  };

  beforeAll(async () => {
    s = await startTestServer(kind);
    token = await s.login('stu00033');
  });
  afterAll(async () => s?.close());

  it('refuses a new number sent without a code, or with a wrong one, and changes nothing', async () => {
    const before = await mobileOf('stu00033');
    expect((await s.post('user/edit_info', { mobile: VICTIM }, token)).body).toMatchObject({ code: 0, message: '请获取验证码！' });
    expect((await s.post('user/edit_info', { mobile: VICTIM, realname: '王五', verification_key: 'f'.repeat(32), verification_code: '123456' }, token)).body).toMatchObject({ code: 0, message: '验证码已失效，请重新获取' });
    expect(await mobileOf('stu00033')).toBe(before);
    expect((await db().selectFrom('users').select('realname').where('username', '=', 'stu00033').executeTakeFirstOrThrow()).realname).not.toBe('王五');
    // The number is still free for its owner.
    expect((await s.post('verificationCodes', { phone: VICTIM, school_id: 100002 })).body.code).toBe(200);
  });

  it('changes the number with the code sent to it, once; the key only works for the number it was sent to', async () => {
    const sent = await s.post('user/mobile_code', { phone: '13611110002' }, token);
    expect(sent.body).toMatchObject({ code: 200, data: { key: expect.stringMatching(/^[0-9a-f]{32}$/) } });
    const key = sent.body.data.key;
    const code = (await smsCode('13611110002'))!;
    expect(code).toMatch(/^\d{6}$/);
    // The code of one number does not let the student take another.
    expect((await s.post('user/edit_info', { mobile: '13611110003', verification_key: key, verification_code: code }, token)).body.code).toBe(0);
    expect((await s.post('user/edit_info', { mobile: '13611110002', verification_key: key, verification_code: String((Number(code) + 1) % 1e6).padStart(6, '0') }, token)).body).toMatchObject({ code: 0, message: '请输入正确验证码' });
    const ok = await s.post('user/edit_info', { mobile: '13611110002', verification_key: key, verification_code: code }, token);
    expect(ok.body).toMatchObject({ code: 200, message: '保存成功', data: { mobile: '13611110002' } });
    expect(await mobileOf('stu00033')).toBe('13611110002');
    // Used up: it cannot be replayed by another student.
    const other = await s.login('stu00034');
    expect((await s.post('user/edit_info', { mobile: '13611110002', verification_key: key, verification_code: code }, other)).body.code).toBe(0);
  });

  it('needs no code when the number is unchanged', async () => {
    const mobile = await mobileOf('stu00033');
    const res = await s.post('user/edit_info', { mobile: mobile!, realname: '赵六' }, token);
    expect(res.body).toMatchObject({ code: 200, data: { realname: '赵六', mobile } });
  });

  it('sends codes only to a signed-in student, for a valid number that is not taken nor the current one', async () => {
    expect((await s.post('user/mobile_code', { phone: '13611110004' })).status).toBe(401);
    expect((await s.post('user/mobile_code', { phone: '1390000' }, token)).status).toBe(422);
    const taken = (await db().selectFrom('users').select('mobile').where('school_id', '=', 100002).where('mobile', 'is not', null).where('username', '!=', 'stu00033').executeTakeFirstOrThrow()).mobile!;
    expect((await s.post('user/mobile_code', { phone: taken }, token)).body).toMatchObject({ code: 0, message: '该手机号已被注册' });
    expect((await s.post('user/mobile_code', { phone: await mobileOf('stu00033') as string }, token)).body).toMatchObject({ code: 0, message: '新手机号与当前手机号相同' });
  });
});
