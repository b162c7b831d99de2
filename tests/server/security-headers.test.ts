// Issue 14 #7: a strict Content-Security-Policy and the other security headers on every reply
// (server/http/security-headers.ts), the style nonce in index.html, HSTS only over HTTPS, extra sources from config.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createConfigStore } from '../../server/config';
import { contentSourcesOf, liveContentSources } from '../../server/http/content-sources';
import { API_POLICY, HSTS } from '../../server/http/security-headers';
import { CONFIG_DIR, startTestServer, type TestServer } from './harness';

const directives = (policy: string) => new Map(policy.split(';').map((d) => d.trim().split(/\s+/)).map(([name, ...values]) => [name, values]));

const SCRIPT = `export const text = ${JSON.stringify('脚本'.repeat(2000))};\n`;

describe('security headers', () => {
  let s: TestServer;
  const distDir = fs.mkdtempSync(path.join(os.tmpdir(), 'vsim-dist-'));
  beforeAll(async () => {
    fs.writeFileSync(path.join(distDir, 'index.html'), '<!doctype html><meta property="csp-nonce" nonce="__CSP_NONCE__"><script type="module" src="./assets/a.js" nonce="__CSP_NONCE__"></script>');
    fs.mkdirSync(path.join(distDir, 'assets'));
    fs.writeFileSync(path.join(distDir, 'assets/a.js'), SCRIPT);
    fs.writeFileSync(path.join(distDir, 'assets/a.js.gz'), zlib.gzipSync(SCRIPT));
    s = await startTestServer('sqlite', { distDir, trustProxy: '127.0.0.1', contentSources: () => ({ 'media-src': ['https://video.example.edu.cn'] }) });
  });
  afterAll(async () => {
    await s?.close();
    fs.rmSync(distDir, { recursive: true, force: true });
  });

  it.each(['/', '/index.html', '/apps/oral-exam/', '/sim/1'])('%s carries the policy and headers', async (url) => {
    const res = await s.app.inject({ method: 'GET', url });
    const csp = directives(String(res.headers['content-security-policy']));
    expect(csp.get('default-src')).toEqual(["'self'"]);
    expect(csp.get('script-src')).toEqual(["'self'"]);
    expect(csp.get('style-src')).toEqual(["'self'", expect.stringMatching(/^'nonce-[\w+/=]{22,}'$/)]);
    expect(csp.get('img-src')).toEqual(["'self'", 'data:', 'blob:']);
    expect(csp.get('media-src')).toEqual(["'self'", 'blob:', 'https://video.example.edu.cn']);
    expect(csp.get('frame-ancestors')).toEqual(["'self'"]);
    expect(csp.get('object-src')).toEqual(["'none'"]);
    expect(csp.get('base-uri')).toEqual(["'self'"]);
    expect(csp.get('form-action')).toEqual(["'self'"]);
    expect(String(res.headers['content-security-policy'])).not.toMatch(/unsafe-|\*/);
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
    expect(res.headers['x-frame-options']).toBe('SAMEORIGIN');
    expect(res.headers['strict-transport-security']).toBeUndefined();
  });

  it.each([
    ['GET', '/api/health', 200],
    ['GET', '/api/nothing-here', 404],
    ['POST', '/api/user/get_info', 401],
  ] as const)('the API reply %s %s carries the policy that allows nothing, no framing and nosniff', async (method, url, status) => {
    const res = await s.app.inject({ method, url });
    expect(res.statusCode).toBe(status);
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    expect(directives(String(res.headers['content-security-policy']))).toEqual(new Map([['default-src', ["'none'"]], ['frame-ancestors', ["'none'"]]]));
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['x-frame-options']).toBe('DENY');
    expect(res.headers['cross-origin-resource-policy']).toBe('same-site');
    expect(res.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
    // What only a document uses is not sent with data.
    expect(res.headers['cross-origin-opener-policy']).toBeUndefined();
    expect(res.headers['x-dns-prefetch-control']).toBeUndefined();
  });

  it('a file the API sends (not JSON) gets the page policy, since a browser may show it', async () => {
    const teacher = await s.teacherLogin('teacher1', 100002);
    const res = await s.app.inject({ method: 'GET', url: '/api/staff/bank/template', headers: { authorization: `Bearer ${teacher}`, host: 'localhost' } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).not.toMatch(/json/);
    expect(String(res.headers['content-security-policy'])).toMatch(/^default-src 'self';script-src 'self';style-src 'self' 'nonce-/);
    expect(res.headers['x-frame-options']).toBe('SAMEORIGIN');
    expect(res.headers['cross-origin-opener-policy']).toBe('same-origin-allow-popups');
    expect(API_POLICY).not.toContain("'self'");
  });

  it('a built script is sent as the build gzipped it (scripts/vite-precompress.ts), plain to a client without gzip, with the headers either way', async () => {
    const zipped = await s.app.inject({ method: 'GET', url: '/assets/a.js', headers: { 'accept-encoding': 'gzip, deflate, br' } });
    expect(zipped.headers['content-encoding']).toBe('gzip');
    expect(zipped.rawPayload.equals(fs.readFileSync(path.join(distDir, 'assets/a.js.gz')))).toBe(true);
    const plain = await s.app.inject({ method: 'GET', url: '/assets/a.js', headers: { 'accept-encoding': 'identity' } });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(SCRIPT);
    for (const res of [zipped, plain]) {
      expect(res.headers['content-type']).toMatch(/^application\/javascript/);
      expect(res.headers.vary).toMatch(/accept-encoding/i);
      expect(String(res.headers['content-security-policy'])).toContain("script-src 'self'");
    }
  });

  it('index.html carries the nonce of its own policy, fresh for every reply, and is never cached', async () => {
    const replies = await Promise.all([1, 2].map(() => s.app.inject({ method: 'GET', url: '/' })));
    const nonces = replies.map((res) => {
      const nonce = /'nonce-([^']+)'/.exec(String(res.headers['content-security-policy']))?.[1];
      expect(res.body).toContain(`<meta property="csp-nonce" nonce="${nonce}">`);
      expect(res.body).not.toContain('__CSP_NONCE__');
      expect(res.headers['cache-control']).toBe('no-store');
      return nonce;
    });
    expect(nonces[0]).not.toBe(nonces[1]);
  });

  it('sends HSTS only when the request came over HTTPS through a trusted proxy', async () => {
    const viaProxy = await s.app.inject({ method: 'GET', url: '/', headers: { 'x-forwarded-proto': 'https' }, remoteAddress: '127.0.0.1' });
    expect(viaProxy.headers['strict-transport-security']).toBe(HSTS);
    const spoofed = await s.app.inject({ method: 'GET', url: '/', headers: { 'x-forwarded-proto': 'https' }, remoteAddress: '203.0.113.9' });
    expect(spoofed.headers['strict-transport-security']).toBeUndefined();
  });
});

describe('sources from the configuration', () => {
  it('allows the origins of absolute image and video URLs the config uses, and what security.contentSources names', () => {
    const sources = contentSourcesOf({
      branding: { logo: 'https://cdn.school.example/logo.png', links: [{ url: 'https://elsewhere.example/page' }] },
      screens: { landing: { props: { videos: [{ src: 'https://video.example/a.mp4', poster: '/assets/p.svg' }] } } },
      app: { security: { contentSources: { 'frame-src': ['https://sim.vendor.example'] } } },
    });
    expect(sources).toEqual({
      'img-src': ['https://cdn.school.example', 'https://video.example'],
      'media-src': ['https://video.example'],
      'frame-src': ['https://sim.vendor.example'],
    });
  });

  it('adds nothing for the shipped configuration, which uses only this site', () => {
    const store = createConfigStore({ configDir: CONFIG_DIR });
    store.load();
    expect(liveContentSources(store)()).toEqual({});
  });
});
