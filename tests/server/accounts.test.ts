import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { verifyPassword } from '../../server/db/password';
import { fromNow } from '../../server/db/time';
import { DATABASES, startTestServer, type TestServer } from './harness';
import { readQrDataUrl } from './qr-read';

// Development hooks (image-code answers, SMS outbox, fake social-login callback) are read at app build time.
process.env.DEV_HOOKS = '1';

describe.each(DATABASES)('accounts API on %s', (kind) => {
  let s: TestServer;
  beforeAll(async () => {
    s = await startTestServer(kind);
  });
  afterAll(async () => s?.close());

  const dev = async (path: string, query: Record<string, string>) => {
    const res = await s.app.inject({ method: 'GET', url: `/api/dev/${path}?${new URLSearchParams(query)}` });
    return res.json().data;
  };
  const captcha = async () => {
    const { key, img } = (await s.get('captcha')).body.data;
    return { key: key as string, img: img as string, code: (await dev('captcha', { key })).code as string };
  };
  const smsCode = async (mobile: string) => (await dev('sms', { mobile }))?.code as string;
  const user = (username: string) => s.opened.db.selectFrom('users').selectAll().where('username', '=', username).where('school_id', '=', 100002).executeTakeFirst();

  describe('image code (captcha)', () => {
    it('issues a key and an SVG image, checked by the server and usable once', async () => {
      const c = await captcha();
      expect(c.key).toMatch(/^[0-9a-f]{32}$/);
      expect(c.img).toMatch(/^data:image\/svg\+xml;base64,/);
      expect(c.code).toMatch(/^[abcdefhijkmnprstwxyz0-9]{4}$/);
      const row = await s.opened.db.selectFrom('captchas').selectAll().where('key', '=', c.key).executeTakeFirstOrThrow();
      expect(row.answer_hash).not.toContain(c.code);
      // the characters are drawn as outlines: nothing in the SVG spells the answer
      const svg = Buffer.from(c.img.split(',')[1], 'base64').toString('utf8');
      expect(svg).not.toMatch(/<text|font-family/);
      expect(svg.match(/<path d="M[^"]+Z"/g)).toHaveLength(4);

      const ok = await s.post('user/login', { username: 'stu00036', password: 'demo123', school_id: 100002, captcha_key: c.key, captcha_code: c.code.toUpperCase() });
      expect(ok.body.code).toBe(200);
      const again = await s.post('user/login', { username: 'stu00036', password: 'demo123', school_id: 100002, captcha_key: c.key, captcha_code: c.code });
      expect(again.body).toMatchObject({ code: 0, message: '验证码已失效，请刷新后重试' });
    });

    it('refuses a wrong code and burns it, so the right answer no longer works', async () => {
      const c = await captcha();
      const wrong = c.code === 'aaaa' ? 'bbbb' : 'aaaa';
      expect((await s.post('user/login', { username: 'stu00036', password: 'demo123', captcha_key: c.key, captcha_code: wrong })).body).toMatchObject({ code: 0, message: '验证码不正确' });
      expect((await s.post('user/login', { username: 'stu00036', password: 'demo123', captcha_key: c.key, captcha_code: c.code })).body.code).toBe(0);
      expect((await s.post('user/login', { username: 'stu00036', password: 'demo123', captcha_key: c.key, captcha_code: '12345' })).body.message).toBe('验证码格式不正确');
    });

    it('requires the image code from any client once an account has failed three times', async () => {
      for (let i = 0; i < 3; i++) expect((await s.post('user/login', { username: 'stu00038', password: 'wrong1' })).body.message).toBe('账号或密码错误');
      expect((await s.post('user/login', { username: 'stu00038', password: 'demo123' })).body).toMatchObject({ code: 0, message: '请输入验证码' });
      const c = await captcha();
      expect((await s.post('user/login', { username: 'stu00038', password: 'demo123', captcha_key: c.key, captcha_code: c.code })).body.code).toBe(200);
    });

    it('limits image codes per IP', async () => {
      // The address a request comes from (no proxy is trusted by default, so X-Forwarded-For does not change it).
      await s.opened.db.deleteFrom('rate_limits').where('key', '=', 'captcha-ip:127.0.0.1').execute();
      await s.opened.db.insertInto('rate_limits').values({ key: 'captcha-ip:127.0.0.1', count: 900, window_start: fromNow(0), blocked_until: fromNow(60) }).execute();
      const res = await s.app.inject({ method: 'GET', url: '/api/captcha', headers: { 'x-forwarded-for': '10.9.9.9' } });
      expect(res.statusCode).toBe(429);
      expect(res.json().message).toMatch(/请求过于频繁/);
      await s.opened.db.deleteFrom('rate_limits').where('key', '=', 'captcha-ip:127.0.0.1').execute();
    });
  });

  describe('registration', () => {
    const mobile = '13612340001';

    it('sends an SMS code only for new numbers, once per 60 s, and keeps no plain code', async () => {
      expect((await s.post('verificationCodes', { phone: '13800000000' })).body).toMatchObject({ code: 0, message: '该手机号已被注册' });
      expect((await s.post('verificationCodes', { phone: '2380000000' })).body).toMatchObject({ code: 422, message: '请输入正确的手机号' });
      const first = await s.post('verificationCodes', { phone: mobile });
      expect(first.body.data.key).toMatch(/^[0-9a-f]{32}$/);
      const again = await s.post('verificationCodes', { phone: mobile });
      expect(again.body.code).toBe(0);
      expect(again.body.message).toMatch(/^验证码发送过于频繁，请\d+秒后再试$/);
      const rows = await s.opened.db.selectFrom('verification_codes').selectAll().where('mobile', '=', mobile).execute();
      expect(rows).toHaveLength(1);
      expect(rows[0].code_hash).not.toContain(await smsCode(mobile));
    });

    it('applies the validation table server-side', async () => {
      const base = { verification_key: 'k', verification_code: '1', mobile, username: 'newuser1', password: 'secret12' };
      const msg = async (over: Record<string, string>) => (await s.post('user/register', { ...base, ...over })).body.errors;
      expect((await msg({ username: 'ab' })).username).toEqual(['账号最少为4位']);
      expect((await msg({ username: 'ab_cd' })).username).toEqual(['账号只能为数字或字母']);
      expect((await msg({ username: 'a'.repeat(21) })).username).toEqual(['账号过长,最长为20位']);
      expect((await msg({ password: 'x'.repeat(17) })).password).toEqual(['密码过长,最长为16位']);
      expect((await msg({ mobile: '1234' })).mobile).toEqual(['请输入正确的手机号']);
      expect((await msg({ verification_code: '' })).verification_code).toEqual(['验证码不能为空']);
      const noKey = await s.post('user/register', { verification_code: '1', mobile, username: 'newuser1', password: 'secret12' });
      expect(noKey.body.errors.verification_key).toEqual(['请获取验证码！']);
    });

    it('refuses a wrong code, a taken username, then registers and the new account logs in', async () => {
      const key = (await s.opened.db.selectFrom('verification_codes').select('key').where('mobile', '=', mobile).executeTakeFirstOrThrow()).key;
      const code = await smsCode(mobile);
      const wrong = code === '000000' ? '111111' : '000000';
      expect((await s.post('user/register', { verification_key: key, verification_code: wrong, mobile, username: 'newuser1', password: 'secret12' })).body.message).toBe('请输入正确验证码');
      expect((await s.post('user/register', { verification_key: key, verification_code: code, mobile, username: 'demo', password: 'secret12' })).body.message).toBe('该账号已被注册');
      const ok = await s.post('user/register', { verification_key: key, verification_code: code, mobile, username: 'newuser1', password: 'secret12' });
      expect(ok.body).toMatchObject({ code: 200, message: '注册成功' });
      const row = await user('newuser1');
      expect(row).toMatchObject({ mobile, role: 'student', school_id: 100002, type: 1 });
      expect(await verifyPassword('secret12', row!.password_hash)).toBe(true);
      await expect(s.login('newuser1', 'secret12')).resolves.toMatch(/^[0-9a-f]{64}$/);
      // the code was used up
      expect((await s.post('user/register', { verification_key: key, verification_code: code, mobile: '13612340001', username: 'newuser2', password: 'secret12' })).body.message).toBe('验证码已失效，请重新获取');
    });

    it('expires codes and stops accepting one after five wrong tries', async () => {
      const m1 = '13612340002';
      const { key } = (await s.post('verificationCodes', { phone: m1 })).body.data;
      await s.opened.db.updateTable('verification_codes').set({ expires_at: fromNow(-1) }).where('key', '=', key).execute();
      expect((await s.post('user/register', { verification_key: key, verification_code: await smsCode(m1), mobile: m1, username: 'newuser3', password: 'secret12' })).body.message).toBe('验证码已失效，请重新获取');

      const m2 = '13612340003';
      const k2 = (await s.post('verificationCodes', { phone: m2 })).body.data.key;
      const right = await smsCode(m2);
      for (let i = 0; i < 5; i++) await s.post('user/register', { verification_key: k2, verification_code: right === '999999' ? '888888' : '999999', mobile: m2, username: 'newuser4', password: 'secret12' });
      expect((await s.post('user/register', { verification_key: k2, verification_code: right, mobile: m2, username: 'newuser4', password: 'secret12' })).body.message).toBe('验证码错误次数过多，请重新获取');
      expect(await user('newuser4')).toBeUndefined();
    });

    it('limits SMS requests per IP', async () => {
      const headers = { 'content-type': 'application/x-www-form-urlencoded' };
      await s.opened.db.deleteFrom('rate_limits').where('key', '=', 'sms-ip:127.0.0.1').execute(); // earlier tests' SMS
      const codes: number[] = [];
      for (let i = 0; i < 21; i++) {
        const res = await s.app.inject({ method: 'POST', url: '/api/verificationCodes', headers, payload: `phone=1361235${String(i).padStart(4, '0')}` });
        codes.push(res.statusCode);
      }
      expect(codes.slice(0, 20).every((c) => c === 200)).toBe(true);
      expect(codes.at(-1)).toBe(429);
      await s.opened.db.deleteFrom('rate_limits').where('key', '=', 'sms-ip:127.0.0.1').execute(); // later tests send SMS too
    });
  });

  describe('forgot password', () => {
    const mobile = '13900000039'; // stu00039

    it('needs a valid image code and a registered number before sending the SMS', async () => {
      const c = await captcha();
      expect((await s.post('verificationCodes2', { phone: mobile, captcha_key: c.key, captcha_code: 'zzzz' === c.code ? 'yyyy' : 'zzzz' })).body.message).toBe('验证码不正确');
      const c2 = await captcha();
      expect((await s.post('verificationCodes2', { phone: '13612349999', captcha_key: c2.key, captcha_code: c2.code })).body.message).toBe('该手机号未注册');
    });

    it('resets the password with the SMS code: old password and old sessions stop working', async () => {
      const oldToken = await s.login('stu00039', 'demo123');
      const c = await captcha();
      const { key } = (await s.post('verificationCodes2', { phone: mobile, captcha_key: c.key, captcha_code: c.code })).body.data;
      const code = await smsCode(mobile);
      const form = { mobile, verification_code: code, verification_key: key, new_password: 'Reset2026', new_password_repeat: 'Reset2026' };
      expect((await s.post('user/forgetPassword', { ...form, new_password_repeat: 'Other2026' })).body.message).toBe('两次输入密码不一致!');
      expect((await s.post('user/forgetPassword', { ...form, new_password: 'bad pass!', new_password_repeat: 'bad pass!' })).body.errors.new_password).toEqual(['密码只能为数字或者英文']);
      expect((await s.post('user/forgetPassword', { ...form, new_password_repeat: '' })).body.errors.new_password_repeat).toEqual(['请确认新密码']);
      expect((await s.post('user/forgetPassword', form)).body).toMatchObject({ code: 200, message: '密码重置成功' });
      expect((await s.post('user/get_info', {}, oldToken)).status).toBe(401);
      expect((await s.post('user/login', { username: 'stu00039', password: 'demo123' })).body.code).toBe(0);
      await expect(s.login('stu00039', 'Reset2026')).resolves.toBeTruthy();
      expect((await s.post('user/check_mobile', { mobile, verification_code: code, new_password: 'Again2026', new_password_repeat: 'Again2026' })).body.message).toBe('验证码已失效，请重新获取');
    });
  });

  describe('profile: edit_info and edit_password', () => {
    it('needs a login', async () => {
      expect((await s.post('user/edit_info', { realname: '张三' })).status).toBe(401);
      expect((await s.post('user/edit_password', { old_password: 'a', new_password: 'b', new_password_repeat: 'b' })).status).toBe(401);
    });

    it('edits the own profile with the validation table and unique mobile', async () => {
      const token = await s.login('stu00037');
      expect((await s.post('user/edit_info', { realname: '一二三四五六七' }, token)).body.errors.realname).toEqual(['姓名过长']);
      expect((await s.post('user/edit_info', { mobile: '13800000000' }, token)).body.message).toBe('该手机号已被注册');
      expect((await s.post('user/edit_info', { head_img: 'https://evil.example/x.png' }, token)).body.code).toBe(0);
      // A new mobile number needs its SMS code: tests/server/mobile-change.test.ts.
      const mobile = (await user('stu00037'))!.mobile;
      const res = await s.post('user/edit_info', { realname: '李四', mobile: mobile ?? '', user_id: 1 }, token);
      expect(res.body).toMatchObject({ code: 200, data: { username: 'stu00037', realname: '李四' } });
      expect(await user('demo')).toMatchObject({ realname: '张晓雨' });
      expect(await user('stu00037')).toMatchObject({ realname: '李四', mobile });
    });

    it('accepts only a class chain of the own school, and resubmits a rejected class for review', async () => {
      const token = await s.login('rejected');
      const me = (await user('rejected'))!;
      const klass = await s.opened.db.selectFrom('classes').innerJoin('grades', 'grades.id', 'classes.grade_id').innerJoin('majors', 'majors.id', 'grades.major_id').innerJoin('departments', 'departments.id', 'majors.depart_id')
        .select(['classes.id as class_id', 'grades.id as grade_id', 'majors.id as major_id', 'departments.id as depart_id']).where('departments.school_id', '=', 100002).where('classes.id', '!=', me.class_id!).executeTakeFirstOrThrow();
      expect((await s.post('user/edit_info', { ...klass, grade_id: klass.grade_id + 100000 }, token)).body.message).toBe('请按照要求选择院系、专业、年级和班级');
      expect((await s.post('user/edit_info', klass, token)).body.code).toBe(200);
      expect(await user('rejected')).toMatchObject({ class_id: klass.class_id, type: 4 });
    });

    it('changes the password and revokes every session', async () => {
      const token = await s.login('stu00037');
      expect((await s.post('user/edit_password', { old_password: 'nope', new_password: 'Change123', new_password_repeat: 'Change123' }, token)).body.message).toBe('原密码不正确');
      expect((await s.post('user/edit_password', { old_password: 'demo123', new_password: 'Change123', new_password_repeat: 'Change124' }, token)).body.message).toBe('两次密码不一致！');
      expect((await s.post('user/edit_password', { old_password: 'demo123', new_password: 'Change123', new_password_repeat: 'Change123' }, token)).body.code).toBe(200);
      expect((await s.post('user/get_info', {}, token)).status).toBe(401);
      await expect(s.login('stu00037', 'Change123')).resolves.toBeTruthy();
    });
  });

  describe('scan login', () => {
    it('waits, then logs in the user who confirmed the scene, once', async () => {
      const { sceneId, qrCodeUrl, expiresIn } = (await s.get('user/generateQRCode')).body.data;
      // A real QR code: what a phone's scanner reads from it is the scene the desktop waits for.
      expect(readQrDataUrl(qrCodeUrl)).toBe(sceneId);
      expect(expiresIn).toBe(180);
      expect((await s.get('user/checkQRCode', { scene: sceneId })).body).toMatchObject({ code: 0, message: '等待扫码' });
      expect((await s.post('user/qr_confirm', { scene: sceneId })).status).toBe(401);
      const phone = await s.login('probation');
      expect((await s.post('user/qr_confirm', { scene: sceneId }, phone)).body.code).toBe(200);
      const done = await s.get('user/checkQRCode', { scene: sceneId });
      expect(done.body).toMatchObject({ code: 200, data: { username: 'probation', school_id: 100002 } });
      expect((await s.post('user/get_info', {}, done.body.data.token)).body.data.username).toBe('probation');
      expect((await s.get('user/checkQRCode', { scene: sceneId })).body.message).toBe('二维码已被使用');
    });

    it('expires a scene after 180 s', async () => {
      const { sceneId } = (await s.get('user/generateQRCode')).body.data;
      await s.opened.db.updateTable('qr_scenes').set({ expires_at: fromNow(-1) }).where('scene_id', '=', sceneId).execute();
      expect((await s.get('user/checkQRCode', { scene: sceneId })).body.message).toBe('二维码已过期');
      expect((await s.post('user/qr_confirm', { scene: sceneId }, await s.login('probation'))).body.code).toBe(0);
    });
  });

  describe('third-party login, bind and complete information', () => {
    it('asks an unlinked account to bind, binds with username and password, then logs in automatically', async () => {
      const first = await dev('oauth', { open_id: 'wx-open-0001' });
      expect(first.need_bind).toBe(1);
      expect((await s.post('autoLogin', { user_id: first.user_id })).body).toMatchObject({ code: 0, message: '该微信尚未绑定账号，请先绑定', errors: { need_bind: ['该微信尚未绑定账号，请先绑定'] } });
      expect((await s.post('autoLogin', { user_id: '1' })).status).toBe(422);
      expect((await s.post('weBind', { user_id: first.user_id, username: 'stu00038', password: 'wrongpw' })).body.message).toBe('请输入正确的账号密码');
      const bound = await s.post('weBind', { user_id: first.user_id, username: 'stu00038', password: 'demo123', time: '1' });
      expect(bound.body).toMatchObject({ code: 200, data: { username: 'stu00038' } });
      expect(await user('stu00038')).toMatchObject({ open_id: 'wx-open-0001' });
      expect((await s.post('autoLogin', { user_id: first.user_id })).body.message).toBe('授权已失效，请重新扫码登录');

      const next = await dev('oauth', { open_id: 'wx-open-0001' });
      expect(next.need_bind).toBe(0);
      expect((await s.post('autoLogin', { user_id: next.user_id })).body.data.username).toBe('stu00038');
    });

    it('creates an account with complete information along the school > department > major > grade > class cascade', async () => {
      const schools = (await s.post('school/get_list')).body.data;
      expect(schools.map((x: any) => x.id)).toContain(100002);
      const departs = (await s.post('depart/get', { school_id: 100002 })).body.data;
      const majors = (await s.post('major/get', { depart_id: departs[0].id })).body.data;
      const grades = (await s.post('grade/get', { major_id: majors[0].id })).body.data;
      const classes = (await s.post('class/get', { grade_id: grades[0].id })).body.data;
      expect(classes[0]).toHaveProperty('class_name');
      expect((await s.post('depart/get', {})).body.message).toBe('请选择学校');

      const { user_id } = await dev('oauth', { open_id: 'wx-open-0002' });
      const form = { user_id, bind_type: 'complete', username: 'wxnew01', password: 'a'.repeat(20), realname: '王小明', school_id: 100002, depart_id: departs[0].id, major_id: majors[0].id, grade_id: grades[0].id, class_id: classes[0].id };
      expect((await s.post('weBind', { ...form, password: 'a'.repeat(21) })).body.errors.password).toEqual(['密码过长,最长为20位']);
      expect((await s.post('weBind', { ...form, realname: '' })).body.message).toBe('请输入姓名');
      const res = await s.post('weBind', form);
      expect(res.body.code).toBe(200);
      expect(await user('wxnew01')).toMatchObject({ realname: '王小明', open_id: 'wx-open-0002', class_id: classes[0].id, grade_id: grades[0].id });
    });
  });

  describe('partner single sign-on', () => {
    it('exchanges a partner ticket once for a login, on every partner call', async () => {
      for (const [name, param, partner] of [['other/jsxngx', 'ticket', 'other/jsxngx'], ['other/zsykapi', 'ticket', 'other/zsykapi'], ['other/ahmuApi', 'ticket', 'other/ahmuApi'], ['user/third_plat', 'token', 'user/third_plat']] as const) {
        const { ticket } = await dev('partner_ticket', { partner, username: 'stu00036' });
        const call = (v: string) => (name === 'user/third_plat' ? s.get(name, { [param]: v }) : s.post(name, { [param]: v }));
        const res = await call(ticket);
        expect(res.body, name).toMatchObject({ code: 200, data: { username: 'stu00036', school_id: 100002 } });
        expect((await s.post('user/get_info', {}, res.body.data.token)).body.data.username).toBe('stu00036');
        expect((await call(ticket)).body.message).toBe('登录凭证已失效，请从合作平台重新进入');
        expect((await call('f'.repeat(48))).body.code).toBe(0);
      }
      // a ticket of one partner is not accepted by another
      const { ticket } = await dev('partner_ticket', { partner: 'other/jsxngx', username: 'stu00036' });
      expect((await s.post('other/zsykapi', { ticket })).body.code).toBe(0);
      expect((await s.post('other/jsxngx', {})).body.message).toBe('登录凭证无效，请从合作平台重新进入');
    });
  });

  describe('articles', () => {
    it('serves the user agreement', async () => {
      expect((await s.post('web/get_article_info', { article_id: 1 })).body.data).toMatchObject({ title: '用户服务协议' });
      expect((await s.post('web/get_article_info', { article_id: 999 })).status).toBe(404);
    });
  });
});
