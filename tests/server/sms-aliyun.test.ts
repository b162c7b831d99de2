// The Alibaba Cloud SMS gateway (SMS_PROVIDER=aliyun) against a local HTTP server playing dysmsapi: the server checks
// every request's signature with its own computation of the documented algorithm, and answers as the provider does.
import { createHmac } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { formatProblems, readSettings } from '../../server/boot/settings';
import { AliyunSmsProvider, aliyunSignature, readAliyunSettings } from '../../server/services/sms-aliyun';
import { DATABASES, startTestServer, type TestServer } from './harness';

const SECRET = 'stub-secret-Kq9!x*(y)';

/** The provider's documented RPC signature, written here independently of the adapter: RFC 3986 encoding, sorted. */
function expectedSignature(params: URLSearchParams, secret: string): string {
  const enc = (t: string) => encodeURIComponent(t).replace(/[!'()*]/g, (c) => '%' + c.charCodeAt(0).toString(16).toUpperCase());
  const pairs = [...params.entries()].filter(([k]) => k !== 'Signature').map(([k, v]) => [enc(k), enc(v)]);
  pairs.sort((a, b) => (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0));
  const canonical = pairs.map(([k, v]) => `${k}=${v}`).join('&');
  return createHmac('sha1', secret + '&').update('GET&%2F&' + enc(canonical)).digest('base64');
}

/** What the stub answers next: the provider's success, one of its error codes, or silence past the timeout. */
type Mode = { kind: 'ok' } | { kind: 'error'; code: string } | { kind: 'slow'; ms: number } | { kind: 'html' };

interface Received {
  url: string;
  params: URLSearchParams;
  signatureOk: boolean;
}

async function startStub() {
  const received: Received[] = [];
  let mode: Mode = { kind: 'ok' };
  const server = http.createServer((req, res) => {
    const params = new URL(req.url!, 'http://stub').searchParams;
    const signatureOk = req.method === 'GET' && params.get('Signature') === expectedSignature(params, SECRET);
    received.push({ url: req.url!, params, signatureOk });
    const reply = (body: object) => {
      res.setHeader('content-type', 'application/json');
      res.end(JSON.stringify(body));
    };
    if (!signatureOk) return reply({ Code: 'SignatureDoesNotMatch', Message: 'Specified signature is not matched with our calculation.', RequestId: 'R-bad' });
    if (mode.kind === 'slow') return void setTimeout(() => reply({ Code: 'OK', Message: 'OK', RequestId: 'R-slow' }), mode.ms);
    if (mode.kind === 'html') {
      res.statusCode = 502;
      return res.end('<html><body>502 Bad Gateway</body></html>');
    }
    if (mode.kind === 'error') return reply({ Code: mode.code, Message: 'stub refusal', RequestId: 'R-err' });
    reply({ Code: 'OK', Message: 'OK', BizId: '900619746936498440^0', RequestId: 'R-ok' });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/`,
    received,
    set(next: Mode) {
      mode = next;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

describe('the Aliyun RPC signature', () => {
  it("reproduces the provider's published example (AccessKey testid / testsecret, DescribeRegions)", () => {
    const example = {
      TimeStamp: '2016-02-23T12:46:24Z',
      Format: 'XML',
      AccessKeyId: 'testid',
      Action: 'DescribeRegions',
      SignatureMethod: 'HMAC-SHA1',
      SignatureNonce: '3ee8c1b8-83d3-44af-a94f-4e0ad82fd6cf',
      Version: '2014-05-26',
      SignatureVersion: '1.0',
    };
    expect(aliyunSignature(example, 'testsecret')).toBe('CT9X0VtwR86fNWSnsc6v8YGOjuE=');
    expect(expectedSignature(new URLSearchParams(example), 'testsecret')).toBe('CT9X0VtwR86fNWSnsc6v8YGOjuE=');
  });

  it('encodes as RFC 3986 asks: space %20, * %2A, ~ kept, Chinese as UTF-8 bytes', () => {
    const params = { SignName: '虚拟仿真 实训', TemplateParam: '{"code":"012345"}', X: "a*b~c!'()" };
    expect(aliyunSignature(params, SECRET)).toBe(expectedSignature(new URLSearchParams(params), SECRET));
  });
});

describe('start-up settings for SMS_PROVIDER=aliyun', () => {
  const base = { NODE_ENV: 'production', LANDING_PARTNER_SECRET: 'x'.repeat(32), SMS_PROVIDER: 'aliyun' };

  it('refuses to start with a missing key, naming each one in Chinese and English', () => {
    const { problems } = readSettings({ ...base, SMS_ACCESS_KEY_ID: 'id' }, '/tmp');
    expect(problems.map((p) => p.variable).sort()).toEqual(['SMS_ACCESS_KEY_SECRET', 'SMS_SIGN_NAME', 'SMS_TEMPLATE_CODE']);
    const report = formatProblems(problems);
    expect(report).toContain('SMS_PROVIDER=aliyun 需要设置 SMS_SIGN_NAME（短信签名）');
    expect(report).toContain('SMS_PROVIDER=aliyun needs SMS_ACCESS_KEY_SECRET');
  });

  it('starts when every key is set; refuses an unknown provider and a bad timeout', () => {
    const full = { ...base, SMS_ACCESS_KEY_ID: 'id', SMS_ACCESS_KEY_SECRET: 's', SMS_SIGN_NAME: '实训平台', SMS_TEMPLATE_CODE: 'SMS_1' };
    expect(readSettings(full, '/tmp').problems).toEqual([]);
    expect(readSettings({ ...full, SMS_PROVIDER: 'tencnet' }, '/tmp').problems.map((p) => p.variable)).toEqual(['SMS_PROVIDER']);
    expect(readSettings({ ...full, SMS_TIMEOUT_MS: 'soon' }, '/tmp').problems.map((p) => p.variable)).toEqual(['SMS_TIMEOUT_MS']);
  });
});

describe('the Aliyun adapter on its own', () => {
  let stub: Awaited<ReturnType<typeof startStub>>;
  beforeAll(async () => {
    stub = await startStub();
  });
  afterAll(async () => stub?.close());

  it('never logs the code, the text or the secret, and masks the number', async () => {
    const lines: string[] = [];
    const env = { SMS_ACCESS_KEY_ID: 'LTAIstub', SMS_ACCESS_KEY_SECRET: SECRET, SMS_SIGN_NAME: '实训平台', SMS_TEMPLATE_CODE: 'SMS_7', SMS_ENDPOINT: stub.url, SMS_TIMEOUT_MS: '300' };
    const provider = new AliyunSmsProvider(readAliyunSettings(env).settings, (line) => lines.push(line));
    stub.set({ kind: 'error', code: 'isv.AMOUNT_NOT_ENOUGH' });
    await expect(provider.send('13900001111', '您的验证码是482913', { code: '482913', purpose: 'register' })).rejects.toMatchObject({ status: 503 });
    stub.set({ kind: 'slow', ms: 1000 });
    await expect(provider.send('13900001111', '您的验证码是482913', { code: '482913', purpose: 'register' })).rejects.toMatchObject({ status: 503, message: '短信服务响应超时，请稍后重试' });
    // A proxy's HTML error page instead of the provider's JSON: the same clear refusal, never a 500.
    stub.set({ kind: 'html' });
    await expect(provider.send('13900001111', '您的验证码是482913', { code: '482913', purpose: 'register' })).rejects.toMatchObject({ status: 503, message: '短信发送失败，请稍后重试' });
    expect(lines).toHaveLength(3);
    expect(lines[2]).toContain('HTTP 502');
    expect(lines[0]).toContain('isv.AMOUNT_NOT_ENOUGH');
    expect(lines[0]).toContain('R-err');
    for (const line of lines) {
      expect(line).not.toContain('482913');
      expect(line).not.toContain(SECRET);
      expect(line).not.toContain('13900001111');
      expect(line).toContain('139****1111');
    }
    stub.set({ kind: 'ok' });
  });
});

describe.each(DATABASES)('verification codes through the Aliyun gateway on %s', (kind) => {
  let s: TestServer;
  let stub: Awaited<ReturnType<typeof startStub>>;
  const saved = { ...process.env };

  const codesFor = async (mobile: string) => (await s.opened.db.selectFrom('verification_codes').select('id').where('mobile', '=', mobile).execute()).length;
  const quotaUsed = async () => Number((await s.opened.db.selectFrom('rate_limits').select('count').where('key', '=', 'sms-ip:127.0.0.1').executeTakeFirst())?.count ?? 0);

  beforeAll(async () => {
    stub = await startStub();
    // The gateway is chosen from the environment when the app is built.
    Object.assign(process.env, { SMS_PROVIDER: 'aliyun', SMS_ACCESS_KEY_ID: 'LTAIstub', SMS_ACCESS_KEY_SECRET: SECRET, SMS_SIGN_NAME: '虚拟仿真实训', SMS_TEMPLATE_CODE: 'SMS_123456789', SMS_ENDPOINT: stub.url, SMS_TIMEOUT_MS: '400' });
    s = await startTestServer(kind);
  });
  afterAll(async () => {
    process.env = saved;
    await s?.close();
    await stub?.close();
  });
  beforeEach(() => stub.set({ kind: 'ok' }));

  it('sends a signed SendSms request with the code as the template parameter, and the code works', async () => {
    const res = await s.post('verificationCodes', { phone: '13700000001', school_id: 100002 });
    expect(res.body).toMatchObject({ code: 200, data: { key: expect.stringMatching(/^[0-9a-f]{32}$/) } });
    const sent = stub.received.at(-1)!;
    expect(sent.signatureOk).toBe(true);
    expect(Object.fromEntries(sent.params)).toMatchObject({
      Action: 'SendSms',
      Version: '2017-05-25',
      AccessKeyId: 'LTAIstub',
      PhoneNumbers: '13700000001',
      SignName: '虚拟仿真实训',
      TemplateCode: 'SMS_123456789',
      SignatureMethod: 'HMAC-SHA1',
      SignatureVersion: '1.0',
      Format: 'JSON',
      Timestamp: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ$/),
    });
    expect(sent.url).not.toContain(encodeURIComponent(SECRET).slice(0, 8));
    const code = JSON.parse(sent.params.get('TemplateParam')!).code as string;
    expect(code).toMatch(/^\d{6}$/);
    // The code that reached the phone is the one registration accepts.
    const reg = await s.post('user/register', { mobile: '13700000001', verification_key: res.body.data.key, verification_code: code, username: 'smsuser01', password: 'Passw0rd!x', password_confirmation: 'Passw0rd!x', realname: '短信', school_id: 100002 });
    expect(reg.body).toMatchObject({ code: 200 });
  });

  it('a provider error gives a clear Chinese message, stores no code, and gives the quota back', async () => {
    stub.set({ kind: 'error', code: 'isv.AMOUNT_NOT_ENOUGH' });
    const before = await quotaUsed();
    const res = await s.post('verificationCodes', { phone: '13700000002', school_id: 100002 });
    expect(res.status).toBe(503);
    expect(res.body).toMatchObject({ code: 503, message: '短信发送失败，请稍后重试' });
    expect(await codesFor('13700000002')).toBe(0);
    expect(await quotaUsed()).toBe(before);
    // The student may try again at once (no 60-second resend wait for a message that never left).
    stub.set({ kind: 'ok' });
    expect((await s.post('verificationCodes', { phone: '13700000002', school_id: 100002 })).body.code).toBe(200);
    expect(await codesFor('13700000002')).toBe(1);
  });

  it("the provider's per-number limit and a bad number are said as such", async () => {
    stub.set({ kind: 'error', code: 'isv.BUSINESS_LIMIT_CONTROL' });
    const limited = await s.post('verificationCodes', { phone: '13700000003', school_id: 100002 });
    expect(limited).toMatchObject({ status: 429, body: { code: 429, message: '该手机号获取验证码过于频繁，请稍后再试' } });
    stub.set({ kind: 'error', code: 'isv.MOBILE_NUMBER_ILLEGAL' });
    expect((await s.post('verificationCodes', { phone: '13700000003', school_id: 100002 })).body).toMatchObject({ code: 0, message: '手机号码无效，请检查后重新输入' });
    expect(await codesFor('13700000003')).toBe(0);
  });

  it('a gateway that does not answer in time: 503 with a Chinese message, no code, quota given back', async () => {
    stub.set({ kind: 'slow', ms: 1500 });
    const before = await quotaUsed();
    const started = Date.now();
    const res = await s.post('verificationCodes', { phone: '13700000004', school_id: 100002 });
    expect(Date.now() - started).toBeLessThan(1400);
    expect(res).toMatchObject({ status: 503, body: { code: 503, message: '短信服务响应超时，请稍后重试' } });
    expect(await codesFor('13700000004')).toBe(0);
    expect(await quotaUsed()).toBe(before);
  });

  it('a signed-in student changing number: a failed send gives back both the IP and the account quota', async () => {
    const token = await s.login('stu00035');
    const user = await s.opened.db.selectFrom('users').select('id').where('username', '=', 'stu00035').where('school_id', '=', 100002).executeTakeFirstOrThrow();
    const userQuota = async () => Number((await s.opened.db.selectFrom('rate_limits').select('count').where('key', '=', `sms-user:${user.id}`).executeTakeFirst())?.count ?? 0);
    stub.set({ kind: 'error', code: 'isp.SYSTEM_ERROR' });
    const [ip, mine] = [await quotaUsed(), await userQuota()];
    expect((await s.post('user/mobile_code', { phone: '13700000005' }, token)).body).toMatchObject({ code: 503, message: '短信发送失败，请稍后重试' });
    expect([await quotaUsed(), await userQuota()]).toEqual([ip, mine]);
    stub.set({ kind: 'ok' });
    expect((await s.post('user/mobile_code', { phone: '13700000005' }, token)).body.code).toBe(200);
    expect([await quotaUsed(), await userQuota()]).toEqual([ip + 1, mine + 1]);
  });
});
