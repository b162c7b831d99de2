// Issue 14 #6: inputs that made the server answer 500 or in English now get a 4xx envelope in Chinese.
import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DATABASES, startTestServer, type TestServer } from './harness';

const CJK = /[\u4e00-\u9fff]/;

describe.each(DATABASES)('bad input on %s', (kind) => {
  let s: TestServer;
  let token: string;
  beforeAll(async () => {
    s = await startTestServer(kind);
    token = await s.login();
  });
  afterAll(async () => s?.close());

  it('a page number past any integer is refused with a Chinese message on every paged route', async () => {
    const doc = (await s.app.inject({ method: 'GET', url: '/api/openapi.json' })).json() as { paths: Record<string, Record<string, { parameters?: { name: string }[]; requestBody?: { content: Record<string, { schema: { properties?: Record<string, unknown> } }> } }>> };
    const paged: { method: string; path: string; field: string }[] = [];
    for (const [path, operations] of Object.entries(doc.paths)) {
      for (const [method, op] of Object.entries(operations)) {
        const names = [...(op.parameters ?? []).map((p) => p.name), ...Object.values(op.requestBody?.content ?? {}).flatMap((c) => Object.keys(c.schema?.properties ?? {}))];
        for (const field of names.filter((n) => /page$/.test(n))) paged.push({ method: method.toUpperCase(), path, field });
      }
    }
    expect(paged.length).toBeGreaterThanOrEqual(15);
    // 1e309 is Infinity once coerced, which Ajv's minimum/maximum let through (found by tests/server/fuzz.test.ts).
    for (const [{ method, path, field }, huge] of paged.flatMap((p) => ['99999999999999999999', '1e309'].map((h) => [p, h] as const))) {
      const url = path.replace(/\{(\w+)\}/g, '1');
      const res = method === 'GET'
        ? await s.app.inject({ method: 'GET', url: `${url}?${field}=${huge}`, headers: { authorization: `Bearer ${token}` } })
        : await s.app.inject({ method: 'POST', url, headers: { authorization: `Bearer ${token}`, 'content-type': 'application/x-www-form-urlencoded' }, payload: `${field}=${huge}` });
      expect(res.statusCode, `${method} ${path} ${field}=${huge}`).toBeLessThan(500);
      expect(res.json().message, `${method} ${path}`).toMatch(CJK);
    }
  });

  it('a multipart upload cut off before its closing boundary, or without a boundary, is a 400 in Chinese', async () => {
    const cut = '--XYZ\r\nContent-Disposition: form-data; name="file"; filename="a.png"\r\nContent-Type: image/png\r\n\r\n\x89PNG\r\n\x1a\nabc';
    for (const url of ['/api/common/upload_file', '/api/common/ossUploadFile', '/api/common/UploadFile', '/api/common/upload_word', '/api/sim/result']) {
      for (const type of ['multipart/form-data; boundary=XYZ', 'multipart/form-data']) {
        const res = await s.app.inject({ method: 'POST', url, headers: { authorization: `Bearer ${token}`, 'content-type': type }, payload: cut });
        expect(res.statusCode, `${url} ${type}`).toBeLessThan(500);
        expect(res.json().message).toMatch(CJK);
      }
    }
  });

  it('a NUL character in text is a 422 naming the field, not a database error (PostgreSQL cannot store it)', async () => {
    const teacher = await s.teacherLogin();
    const res = await s.app.inject({ method: 'GET', url: `/api/staff/assignments?keyword=${encodeURIComponent('a\u0000b')}`, headers: { authorization: `Bearer ${teacher}` } });
    expect(res.statusCode).toBe(422);
    expect(res.json().message).toMatch(/含有不允许的字符$/);
    const login = await s.post('user/login', { username: 'de\u0000mo', password: 'demo123', school_id: 100002 });
    expect(login.status).toBe(422);
    expect(login.body.message).toBe('账号含有不允许的字符');
  });

  it('a path parameter past the router\'s length limit gets the envelope in Chinese', async () => {
    const res = await s.app.inject({ method: 'GET', url: `/api/theory/test/${'x'.repeat(2000)}`, headers: { authorization: `Bearer ${token}` } });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ code: 400, data: null, message: '请求地址中的参数过长' });
  });

  it('says what is wrong with a body: invalid JSON, a missing untitled field', async () => {
    const json = await s.app.inject({ method: 'POST', url: '/api/user/login', headers: { 'content-type': 'application/json' }, payload: '{"username":' });
    expect(json.statusCode).toBe(400);
    expect(json.json().message).toBe('请求内容格式不正确：不是有效的 JSON');
    const body = await s.app.inject({ method: 'POST', url: '/api/user/login', headers: { 'content-type': 'application/json' }, payload: '[1,2]' });
    expect(body.statusCode).toBe(422);
    expect(body.json().message).not.toMatch(/body/);
    expect(body.json().message).toMatch(CJK);
  });

  it("oversized headers get the envelope in Chinese, not Node's own 431 text", async () => {
    const base = await s.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = new URL(base);
    const reply = await new Promise<string>((resolve, reject) => {
      const socket = net.connect(Number(port), '127.0.0.1', () => {
        socket.write(`GET /api/health HTTP/1.1\r\nHost: localhost\r\nCookie: ${'x'.repeat(20_000)}\r\n\r\n`);
      });
      let data = '';
      socket.on('data', (chunk) => (data += chunk));
      socket.on('end', () => resolve(data));
      socket.on('error', reject);
    });
    expect(reply).toMatch(/^HTTP\/1\.1 431 /);
    const json = JSON.parse(reply.slice(reply.indexOf('\r\n\r\n') + 4));
    expect(json).toMatchObject({ code: 431, data: null });
    expect(json.message).toMatch(CJK);
  });
});
