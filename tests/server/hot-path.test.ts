// Issue 20: what the calls every online student makes cost. API replies of a few KB go uncompressed (gzip cost more
// CPU than the rest of such a request); large ones still shrink; every reply keeps its security headers.
import { gunzipSync } from 'node:zlib';
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
      expect(String(res.headers['content-security-policy'])).toMatch(/^default-src 'self';script-src 'self';style-src 'self' 'nonce-[\w+/=]{22,}'/);
      expect(res.headers['x-content-type-options']).toBe('nosniff');
    }
  });

  it('a large API reply is still gzipped', async () => {
    const res = await call('/api/openapi.json');
    expect(res.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(gunzipSync(res.rawPayload).toString()).openapi).toMatch(/^3\./);
  });
});
