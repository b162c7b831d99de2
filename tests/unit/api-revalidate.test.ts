import { beforeEach, describe, expect, it, vi } from 'vitest';
// The engine's HTTP client (the browser's fetch) with a scripted server in place of the network.
interface Sent { url: string; headers: Record<string, string> }
const server = vi.hoisted(() => ({
  requests: [] as { url: string; headers: Record<string, string> }[],
  reply: (_sent: { url: string; headers: Record<string, string> }) => ({ status: 200, data: {} as unknown, headers: {} as Record<string, string> }),
}));
vi.stubGlobal('fetch', async (url: string, init: RequestInit) => {
  const sent: Sent = { url, headers: { ...(init.headers as Record<string, string>) } };
  server.requests.push(sent);
  const { status, data, headers } = server.reply(sent);
  return new Response(status === 304 ? null : JSON.stringify(data), { status, headers });
});
vi.mock('../../src/engine/session', () => ({ session: { token: () => 'tok', clear: vi.fn() } }));
vi.mock('../../src/engine/notify', () => ({ notify: { error: vi.fn(), warn: vi.fn() } }));

const { api } = await import('../../src/engine/api');

const envelope = (total: number) => ({ code: 200, data: { list: { total } }, message: 'success' });

describe('api.call with revalidate (the polls)', () => {
  beforeEach(() => {
    server.requests = [];
    api.configure({ 'assign/gettasklist': { method: 'POST', auth: true, body: 'form' } } as never, () => {});
  });

  it('sends the kept ETag back and answers a 304 with the reply kept from before', async () => {
    let total = 3;
    server.reply = (request) => {
      const held = request.headers['If-None-Match'];
      if (held === `W/"v${total}"`) return { status: 304, data: '', headers: { etag: held } };
      return { status: 200, data: envelope(total), headers: { etag: `W/"v${total}"` } };
    };
    expect(await api.call('assign/gettasklist', {}, { revalidate: true })).toEqual({ list: { total: 3 } });
    expect(await api.call('assign/gettasklist', {}, { revalidate: true })).toEqual({ list: { total: 3 } });
    expect(server.requests[1].headers['If-None-Match']).toBe('W/"v3"');
    total = 4;
    expect(await api.call('assign/gettasklist', {}, { revalidate: true })).toEqual({ list: { total: 4 } });
    expect(server.requests[2].headers['If-None-Match']).toBe('W/"v3"');
  });

  it('does not send If-None-Match on ordinary calls', async () => {
    server.reply = () => ({ status: 200, data: envelope(1), headers: { etag: 'W/"x"' } });
    await api.call('assign/gettasklist', {}, { revalidate: true });
    await api.call('assign/gettasklist', {});
    expect(server.requests[1].headers['If-None-Match']).toBeUndefined();
  });
});

describe('api.call on fetch', () => {
  it("sends the session's token as a bearer and a GET's parameters in the address as the server reads them", async () => {
    server.requests = [];
    api.configure({ 'learn/get': { method: 'GET', auth: true } } as never, () => {});
    server.reply = () => ({ status: 200, data: envelope(2), headers: {} });
    expect(await api.call('learn/get', { page: 2, ids: [3, 4], name: '急救', empty: null })).toEqual({ list: { total: 2 } });
    expect(server.requests[0].url).toBe('api/learn/get?page=2&ids%5B%5D=3&ids%5B%5D=4&name=%E6%80%A5%E6%95%91');
    expect(server.requests[0].headers.Authorization).toBe('Bearer tok');
  });

  it('says 服务器暂时无法响应 for a proxy error page and 网络连接失败 when no reply comes', async () => {
    api.configure({ 'learn/get': { method: 'GET', auth: true } } as never, () => {});
    server.reply = () => ({ status: 502, data: '<html>Bad Gateway</html>', headers: {} });
    await expect(api.call('learn/get', {}, { silent: true })).rejects.toThrow('服务器暂时无法响应，请稍后重试');
    server.reply = () => {
      throw new TypeError('Failed to fetch');
    };
    await expect(api.call('learn/get', {}, { silent: true })).rejects.toThrow('网络连接失败，请检查网络后重试');
  });
});
