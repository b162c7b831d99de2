// The Tencent Cloud SMS gateway (SMS_PROVIDER=tencent) against a local HTTP server playing its API 3.0 endpoint: the
// server recomputes every request's TC3-HMAC-SHA256 signature from the documented algorithm (written here, not taken
// from the adapter), checks the number, template and parameters, and answers as the provider does.
import { createHash, createHmac } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { formatProblems, readSettings } from '../../server/boot/settings';
import { readTencentSettings, tc3Authorization, TencentSmsProvider } from '../../server/services/sms-tencent';
import { DATABASES, startTestServer, type TestServer } from './harness';

const SECRET_ID = 'AKIDstub0123456789';
const SECRET_KEY = 'stub-key-Kq9!x*(y)';
const APP_ID = '1400787878';
const TEMPLATE_ID = '449739';
const SIGN_NAME = '虚拟仿真实训';

const sha256 = (text: string) => createHash('sha256').update(text, 'utf8').digest('hex');
const hmac = (key: string | Buffer, text: string) => createHmac('sha256', key).update(text, 'utf8').digest();

/**
 * The documented signature: canonical request = method, `/`, empty query, each signed header as `name:value\n`
 * (lower case, trimmed, sorted), the signed header names, the payload's SHA-256; string to sign = algorithm, timestamp,
 * `<UTC date>/<service>/tc3_request`, the canonical request's SHA-256; key = HMAC chain from `TC3` + SecretKey.
 */
function documentedSignature(o: { headers: Record<string, string | string[] | undefined>; signedHeaders: string; payload: string; timestamp: string; service: string; secretKey: string }): string {
  const names = o.signedHeaders.split(';');
  const canonicalHeaders = names.map((n) => `${n}:${String(o.headers[n] ?? '').trim().toLowerCase()}\n`).join('');
  const canonicalRequest = `POST\n/\n\n${canonicalHeaders}\n${o.signedHeaders}\n${sha256(o.payload)}`;
  const date = new Date(Number(o.timestamp) * 1000).toISOString().slice(0, 10);
  const stringToSign = `TC3-HMAC-SHA256\n${o.timestamp}\n${date}/${o.service}/tc3_request\n${sha256(canonicalRequest)}`;
  const key = hmac(hmac(hmac('TC3' + o.secretKey, date), o.service), 'tc3_request');
  return createHmac('sha256', key).update(stringToSign, 'utf8').digest('hex');
}

/** What the stub answers next: success, a per-number status code, a whole-request error, silence, or an HTML error page. */
type Mode = { kind: 'ok' } | { kind: 'status'; code: string } | { kind: 'error'; code: string } | { kind: 'slow'; ms: number } | { kind: 'html' };

interface Received {
  headers: http.IncomingHttpHeaders;
  body: { PhoneNumberSet?: string[]; SmsSdkAppId?: string; SignName?: string; TemplateId?: string; TemplateParamSet?: string[] };
  /** Every way the request differs from what the provider accepts; empty for a good one. */
  problems: string[];
}

/** Checks one request as the provider would; returns what is wrong with it. */
function check(req: http.IncomingMessage, raw: string, body: Received['body']): string[] {
  const problems: string[] = [];
  const h = req.headers;
  if (req.method !== 'POST' || req.url !== '/') problems.push(`${req.method} ${req.url}`);
  const auth = /^TC3-HMAC-SHA256 Credential=([^/]+)\/(\d{4}-\d\d-\d\d)\/([a-z]+)\/tc3_request, SignedHeaders=([a-z0-9;-]+), Signature=([0-9a-f]{64})$/.exec(String(h.authorization));
  if (!auth) return [...problems, `authorization ${h.authorization}`];
  const [, id, date, service, signedHeaders, signature] = auth;
  const timestamp = String(h['x-tc-timestamp']);
  if (id !== SECRET_ID) problems.push('secret id');
  if (service !== 'sms') problems.push(`service ${service}`);
  if (date !== new Date(Number(timestamp) * 1000).toISOString().slice(0, 10)) problems.push(`date ${date} is not the UTC date of ${timestamp}`);
  if (Math.abs(Date.now() / 1000 - Number(timestamp)) > 300) problems.push('timestamp more than 5 minutes off');
  for (const needed of ['content-type', 'host']) if (!signedHeaders.split(';').includes(needed)) problems.push(`${needed} not signed`);
  if (signature !== documentedSignature({ headers: h, signedHeaders, payload: raw, timestamp, service, secretKey: SECRET_KEY })) problems.push('signature');
  if (h['x-tc-action'] !== 'SendSms' || h['x-tc-version'] !== '2021-01-11' || !h['x-tc-region']) problems.push('action/version/region headers');
  if (!/^application\/json/.test(String(h['content-type']))) problems.push('content-type');
  if (body.PhoneNumberSet?.length !== 1 || !/^\+861\d{10}$/.test(body.PhoneNumberSet[0])) problems.push(`numbers ${JSON.stringify(body.PhoneNumberSet)}`);
  if (body.SmsSdkAppId !== APP_ID || body.TemplateId !== TEMPLATE_ID || body.SignName !== SIGN_NAME) problems.push('application, template or signature name');
  if (!Array.isArray(body.TemplateParamSet) || !body.TemplateParamSet.every((p) => typeof p === 'string')) problems.push('template parameters');
  return problems;
}

async function startStub() {
  const received: Received[] = [];
  let mode: Mode = { kind: 'ok' };
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const raw = Buffer.concat(chunks).toString('utf8');
      let body: Received['body'] = {};
      try {
        body = JSON.parse(raw);
      } catch {
        // checked below as missing fields
      }
      const problems = check(req, raw, body);
      received.push({ headers: req.headers, body, problems });
      const reply = (payload: object) => {
        res.setHeader('content-type', 'application/json');
        res.end(JSON.stringify({ Response: { ...payload, RequestId: 'req-7f3a' } }));
      };
      const status = (code: string, message: string) => reply({ SendStatusSet: [{ SerialNo: '2645:1', PhoneNumber: body.PhoneNumberSet?.[0], Fee: 1, SessionContext: '', Code: code, Message: message, IsoCode: 'CN' }] });
      if (problems.includes('signature')) return reply({ Error: { Code: 'AuthFailure.SignatureFailure', Message: 'The provided credentials could not be validated.' } });
      if (problems.length) return reply({ Error: { Code: 'InvalidParameter', Message: problems.join('; ') } });
      if (mode.kind === 'slow') return void setTimeout(() => status('Ok', 'send success'), mode.ms);
      if (mode.kind === 'html') {
        res.statusCode = 502;
        res.setHeader('content-type', 'text/html');
        return res.end('<html><body><h1>502 Bad Gateway</h1></body></html>');
      }
      if (mode.kind === 'error') return reply({ Error: { Code: mode.code, Message: 'stub refusal' } });
      if (mode.kind === 'status') return status(mode.code, 'stub refusal');
      status('Ok', 'send success');
    });
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

const gatewayEnv = (endpoint: string) => ({
  SMS_PROVIDER: 'tencent',
  SMS_SECRET_ID: SECRET_ID,
  SMS_SECRET_KEY: SECRET_KEY,
  SMS_SDK_APP_ID: APP_ID,
  SMS_SIGN_NAME: SIGN_NAME,
  SMS_TEMPLATE_ID: TEMPLATE_ID,
  SMS_ENDPOINT: endpoint,
  SMS_TIMEOUT_MS: '400',
});

describe('the TC3-HMAC-SHA256 signature', () => {
  it("reproduces the provider's published example (DescribeInstances, timestamp 1551113065)", () => {
    const example = {
      headers: { 'content-type': 'application/json; charset=utf-8', host: 'cvm.tencentcloudapi.com' },
      payload: '{"Limit": 1, "Filters": [{"Values": ["\\u672a\\u547d\\u540d"], "Name": "instance-name"}]}',
      timestamp: 1551113065,
    };
    const published = '72e494ea809ad7a8c8f7a4507b9bddcbaa8e581f516e8da2f66e2c5a96525168';
    expect(documentedSignature({ ...example, timestamp: String(example.timestamp), signedHeaders: 'content-type;host', service: 'cvm', secretKey: 'Gu5t9xGARNpq86cd98joQYCN3EXAMPLE' })).toBe(published);
    expect(tc3Authorization({ ...example, service: 'cvm', secretId: 'AKIDz8krbsJ5yKBZQpn74WFkmLPx3EXAMPLE', secretKey: 'Gu5t9xGARNpq86cd98joQYCN3EXAMPLE' })).toBe(
      `TC3-HMAC-SHA256 Credential=AKIDz8krbsJ5yKBZQpn74WFkmLPx3EXAMPLE/2019-02-25/cvm/tc3_request, SignedHeaders=content-type;host, Signature=${published}`,
    );
  });

  it('signs a SendSms request at a fixed time exactly as documented, dated in UTC (00:30 in Beijing is still the day before)', () => {
    const env = { ...gatewayEnv(''), SMS_ENDPOINT: '', SMS_TEMPLATE_PARAMS: 'code,minutes' };
    const provider = new TencentSmsProvider(readTencentSettings(env).settings);
    const at = new Date('2026-11-26T16:30:00Z');
    const request = provider.signedRequest('13900001111', { code: '048213', minutes: 5 }, at);
    expect(request.url).toBe('https://sms.tencentcloudapi.com/');
    expect(JSON.parse(request.body)).toEqual({ PhoneNumberSet: ['+8613900001111'], SmsSdkAppId: APP_ID, SignName: SIGN_NAME, TemplateId: TEMPLATE_ID, TemplateParamSet: ['048213', '5'] });
    expect(request.headers).toMatchObject({ 'X-TC-Action': 'SendSms', 'X-TC-Version': '2021-01-11', 'X-TC-Timestamp': '1795710600', 'X-TC-Region': 'ap-guangzhou', 'Content-Type': 'application/json; charset=utf-8' });
    const expected = documentedSignature({
      headers: { 'content-type': 'application/json; charset=utf-8', host: 'sms.tencentcloudapi.com', 'x-tc-action': 'SendSms' },
      signedHeaders: 'content-type;host;x-tc-action',
      payload: request.body,
      timestamp: '1795710600',
      service: 'sms',
      secretKey: SECRET_KEY,
    });
    expect(request.headers.Authorization).toBe(`TC3-HMAC-SHA256 Credential=${SECRET_ID}/2026-11-26/sms/tc3_request, SignedHeaders=content-type;host;x-tc-action, Signature=${expected}`);
  });
});

describe('start-up settings for SMS_PROVIDER=tencent', () => {
  const base = { NODE_ENV: 'production', LANDING_PARTNER_SECRET: 'x'.repeat(32), SMS_PROVIDER: 'tencent' };

  it('refuses to start with a missing key, naming each one in Chinese and English', () => {
    const { problems } = readSettings({ ...base, SMS_SECRET_ID: 'id', SMS_SIGN_NAME: '实训平台' }, '/tmp');
    expect(problems.map((p) => p.variable).sort()).toEqual(['SMS_SDK_APP_ID', 'SMS_SECRET_KEY', 'SMS_TEMPLATE_ID']);
    const report = formatProblems(problems);
    expect(report).toContain('SMS_PROVIDER=tencent 需要设置 SMS_SDK_APP_ID（短信应用 SdkAppId）');
    expect(report).toContain('SMS_PROVIDER=tencent needs SMS_SECRET_KEY');
  });

  it('starts when every key is set; refuses unknown template parameters and a bad endpoint', () => {
    const full = { ...base, ...gatewayEnv('https://sms.tencentcloudapi.com') };
    expect(readSettings(full, '/tmp').problems).toEqual([]);
    expect(readSettings({ ...full, SMS_TEMPLATE_PARAMS: 'code,expiry' }, '/tmp').problems.map((p) => p.variable)).toEqual(['SMS_TEMPLATE_PARAMS']);
    expect(readSettings({ ...full, SMS_ENDPOINT: 'sms.tencentcloudapi.com' }, '/tmp').problems.map((p) => p.variable)).toEqual(['SMS_ENDPOINT']);
  });
});

describe('the Tencent adapter on its own', () => {
  let stub: Awaited<ReturnType<typeof startStub>>;
  beforeAll(async () => {
    stub = await startStub();
  });
  afterAll(async () => stub?.close());
  beforeEach(() => stub.set({ kind: 'ok' }));

  const send = (provider: TencentSmsProvider) => provider.send('13900001111', '您的验证码是482913', { code: '482913', purpose: 'register', minutes: 5 });

  it("a request signed with another key is refused by the stub's check, and said to the student as a failed send", async () => {
    const lines: string[] = [];
    const provider = new TencentSmsProvider(readTencentSettings({ ...gatewayEnv(stub.url), SMS_SECRET_KEY: 'not-the-key' }).settings, (line) => lines.push(line));
    await expect(send(provider)).rejects.toMatchObject({ status: 503, message: '短信发送失败，请稍后重试' });
    expect(stub.received.at(-1)!.problems).toEqual(['signature']);
    expect(lines).toEqual([expect.stringContaining('refused AuthFailure.SignatureFailure')]);
  });

  it("logs the provider's code and request id, never the code, the text, the secret or the whole number", async () => {
    const lines: string[] = [];
    const provider = new TencentSmsProvider(readTencentSettings(gatewayEnv(stub.url)).settings, (line) => lines.push(line));
    stub.set({ kind: 'status', code: 'FailedOperation.InsufficientBalanceInSmsPackage' });
    await expect(send(provider)).rejects.toMatchObject({ status: 503, message: '短信发送失败，请稍后重试' });
    stub.set({ kind: 'error', code: 'UnauthorizedOperation.SmsSdkAppIdVerifyFail' });
    await expect(send(provider)).rejects.toMatchObject({ status: 503, message: '短信发送失败，请稍后重试' });
    stub.set({ kind: 'html' });
    await expect(send(provider)).rejects.toMatchObject({ status: 503, message: '短信发送失败，请稍后重试' });
    stub.set({ kind: 'slow', ms: 1000 });
    await expect(send(provider)).rejects.toMatchObject({ status: 503, message: '短信服务响应超时，请稍后重试' });
    expect(stub.received.slice(-4).map((r) => r.problems)).toEqual([[], [], [], []]);
    expect(lines).toHaveLength(4);
    expect(lines[0]).toMatch(/FailedOperation\.InsufficientBalanceInSmsPackage.*req-7f3a/);
    expect(lines[1]).toMatch(/UnauthorizedOperation\.SmsSdkAppIdVerifyFail.*req-7f3a/);
    expect(lines[2]).toContain('HTTP 502');
    expect(lines[3]).toContain('no answer within 400 ms');
    for (const line of lines) {
      expect(line).toContain('[短信-tencent] 139****1111 register');
      for (const secret of ['482913', SECRET_KEY, '13900001111']) expect(line).not.toContain(secret);
    }
  });
});

describe.each(DATABASES)('verification codes through the Tencent Cloud gateway on %s', (kind) => {
  let s: TestServer;
  let stub: Awaited<ReturnType<typeof startStub>>;
  const saved = { ...process.env };

  const codesFor = async (mobile: string) => (await s.opened.db.selectFrom('verification_codes').select('id').where('mobile', '=', mobile).execute()).length;
  const quotaUsed = async () => Number((await s.opened.db.selectFrom('rate_limits').select('count').where('key', '=', 'sms-ip:127.0.0.1').executeTakeFirst())?.count ?? 0);

  beforeAll(async () => {
    stub = await startStub();
    // The gateway is chosen from the environment when the app is built.
    Object.assign(process.env, gatewayEnv(stub.url));
    s = await startTestServer(kind);
  });
  afterAll(async () => {
    process.env = saved;
    await s?.close();
    await stub?.close();
  });
  beforeEach(() => stub.set({ kind: 'ok' }));

  it('sends a signed SendSms to +86 and the number, with the code as the template parameter, and the code works', async () => {
    const res = await s.post('verificationCodes', { phone: '13755500011', school_id: 100002 });
    expect(res.body).toMatchObject({ code: 200, data: { key: expect.stringMatching(/^[0-9a-f]{32}$/) } });
    const sent = stub.received.at(-1)!;
    expect(sent.problems).toEqual([]);
    expect(sent.body).toMatchObject({ PhoneNumberSet: ['+8613755500011'], SmsSdkAppId: APP_ID, TemplateId: TEMPLATE_ID, SignName: SIGN_NAME });
    expect(sent.body.TemplateParamSet).toEqual([expect.stringMatching(/^\d{6}$/)]);
    const code = sent.body.TemplateParamSet![0];
    const reg = await s.post('user/register', { mobile: '13755500011', verification_key: res.body.data.key, verification_code: code, username: 'tcsmsuser01', password: 'Passw0rd!x', password_confirmation: 'Passw0rd!x', realname: '短信', school_id: 100002 });
    expect(reg.body).toMatchObject({ code: 200 });
  });

  it('a gateway error code gives a clear Chinese 503, stores no code, and gives the quota back', async () => {
    stub.set({ kind: 'status', code: 'FailedOperation.InsufficientBalanceInSmsPackage' });
    const before = await quotaUsed();
    const res = await s.post('verificationCodes', { phone: '13755500012', school_id: 100002 });
    expect(res).toMatchObject({ status: 503, body: { code: 503, message: '短信发送失败，请稍后重试' } });
    expect(await codesFor('13755500012')).toBe(0);
    expect(await quotaUsed()).toBe(before);
    stub.set({ kind: 'ok' });
    expect((await s.post('verificationCodes', { phone: '13755500012', school_id: 100002 })).body.code).toBe(200);
    expect(await codesFor('13755500012')).toBe(1);
  });

  it('a reply that is not JSON (an HTML error page) is a 503 in Chinese, not a 500', async () => {
    stub.set({ kind: 'html' });
    const res = await s.post('verificationCodes', { phone: '13755500013', school_id: 100002 });
    expect(stub.received.at(-1)!.problems).toEqual([]);
    expect(res).toMatchObject({ status: 503, body: { code: 503, message: '短信发送失败，请稍后重试' } });
    expect(await codesFor('13755500013')).toBe(0);
  });

  it('a gateway that does not answer in time: 503 with a Chinese message, no code, quota given back', async () => {
    stub.set({ kind: 'slow', ms: 1500 });
    const before = await quotaUsed();
    const started = Date.now();
    const res = await s.post('verificationCodes', { phone: '13755500014', school_id: 100002 });
    expect(Date.now() - started).toBeLessThan(1400);
    expect(res).toMatchObject({ status: 503, body: { code: 503, message: '短信服务响应超时，请稍后重试' } });
    expect(await codesFor('13755500014')).toBe(0);
    expect(await quotaUsed()).toBe(before);
  });

  it("the provider's per-number limit and a number it rejects are said as such", async () => {
    stub.set({ kind: 'status', code: 'LimitExceeded.PhoneNumberThirtySecondLimit' });
    const limited = await s.post('verificationCodes', { phone: '13755500015', school_id: 100002 });
    expect(limited).toMatchObject({ status: 429, body: { code: 429, message: '该手机号获取验证码过于频繁，请稍后再试' } });
    stub.set({ kind: 'status', code: 'InvalidParameterValue.IncorrectPhoneNumber' });
    expect((await s.post('verificationCodes', { phone: '13755500015', school_id: 100002 })).body).toMatchObject({ code: 0, message: '手机号码无效，请检查后重新输入' });
    expect(await codesFor('13755500015')).toBe(0);
  });
});
