// Issue 20: what the calls every online student makes cost. API replies of a few KB go uncompressed (gzip cost more
// CPU than the rest of such a request); large ones still shrink; every reply keeps its security headers.
import { gunzipSync, inflateSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_COMPRESS_THRESHOLD } from '../../server/app';
import { startTestServer, type TestServer } from './harness';

describe('hot-path replies', () => {
  let s: TestServer;
  let token: string;
  beforeAll(async () => {
    s = await startTestServer('sqlite');
    token = await s.login();
  });
  afterAll(async () => s?.close());

  const call = (url: string, payload?: string) =>
    s.app.inject({
      method: payload === undefined ? 'GET' : 'POST',
      url,
      headers: { host: 'localhost', authorization: `Bearer ${token}`, 'accept-encoding': 'gzip, deflate, br', ...(payload !== undefined && { 'content-type': 'application/x-www-form-urlencoded' }) },
      payload,
    });

  it('a catalogue page, a score page and a poll go uncompressed to a browser that accepts gzip, with their security headers', async () => {
    for (const [url, payload] of [['/api/learn/get', 'page=1'], ['/api/score/get_student', 'page=1'], ['/api/assign/gettasklist', '']] as const) {
      const res = await call(url, payload);
      expect(res.statusCode).toBe(200);
      expect(res.rawPayload.length).toBeGreaterThan(1024); // would have been compressed before
      expect(res.rawPayload.length).toBeLessThan(API_COMPRESS_THRESHOLD);
      expect(res.headers['content-encoding']).toBeUndefined();
      expect(res.json().code).toBe(200);
      expect(res.headers['content-security-policy']).toBe("default-src 'none';frame-ancestors 'none'");
      expect(res.headers['x-content-type-options']).toBe('nosniff');
    }
  });

  it('a large API reply is still gzipped', async () => {
    const res = await call('/api/openapi.json');
    expect(res.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(gunzipSync(res.rawPayload).toString()).openapi).toMatch(/^3\./);
    expect(res.headers.vary).toMatch(/Accept-Encoding/);
    expect(Number(res.headers['content-length'])).toBe(res.rawPayload.length);
  });

  it('a large API reply follows the caller\'s Accept-Encoding: deflate when gzip is refused, as it is when none is accepted', async () => {
    const get = (encoding?: string) => s.app.inject({ method: 'GET', url: '/api/openapi.json', headers: encoding === undefined ? {} : { 'accept-encoding': encoding } });
    const deflated = await get('gzip;q=0, deflate');
    expect(deflated.headers['content-encoding']).toBe('deflate');
    expect(JSON.parse(inflateSync(deflated.rawPayload).toString()).openapi).toMatch(/^3\./);
    for (const encoding of [undefined, 'identity', 'br']) {
      const plain = await get(encoding);
      expect(plain.headers['content-encoding'], String(encoding)).toBeUndefined();
      expect(plain.json().openapi).toMatch(/^3\./);
    }
  });

  it('a poll sent as multipart (only the upload routes read it) is refused in Chinese, not a 500', async () => {
    const res = await s.app.inject({ method: 'POST', url: '/api/message/get_class', headers: { authorization: `Bearer ${token}`, 'content-type': 'multipart/form-data; boundary=XYZ' }, payload: '--XYZ--\r\n' });
    expect(res.statusCode).toBe(415);
    expect(res.json().message).toBe('不支持的请求格式，请以表单（application/x-www-form-urlencoded）提交');
  });
});
