import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { AxiosRequestConfig } from 'axios';

// The engine's HTTP client with a scripted server in place of the network.
const server = vi.hoisted(() => ({
  requests: [] as AxiosRequestConfig[],
  reply: (_config: AxiosRequestConfig) => ({ status: 200, data: {} as unknown, headers: {} as Record<string, string> }),
}));
vi.mock('axios', async (importOriginal) => {
  const real = (await importOriginal<typeof import('axios')>()).default;
  const create = (config: AxiosRequestConfig) =>
    real.create({
      ...config,
      adapter: async (request) => {
        server.requests.push(request);
        const { status, data, headers } = server.reply(request);
        return { status, statusText: '', data, headers, config: request };
      },
    });
  return { default: { ...real, create } };
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
      const held = (request.headers as Record<string, unknown>)?.['If-None-Match'];
      if (held === `W/"v${total}"`) return { status: 304, data: '', headers: { etag: held } };
      return { status: 200, data: envelope(total), headers: { etag: `W/"v${total}"` } };
    };
    expect(await api.call('assign/gettasklist', {}, { revalidate: true })).toEqual({ list: { total: 3 } });
    expect(await api.call('assign/gettasklist', {}, { revalidate: true })).toEqual({ list: { total: 3 } });
    expect((server.requests[1].headers as Record<string, unknown>)['If-None-Match']).toBe('W/"v3"');
    total = 4;
    expect(await api.call('assign/gettasklist', {}, { revalidate: true })).toEqual({ list: { total: 4 } });
    expect((server.requests[2].headers as Record<string, unknown>)['If-None-Match']).toBe('W/"v3"');
  });

  it('does not send If-None-Match on ordinary calls', async () => {
    server.reply = () => ({ status: 200, data: envelope(1), headers: { etag: 'W/"x"' } });
    await api.call('assign/gettasklist', {}, { revalidate: true });
    await api.call('assign/gettasklist', {});
    expect((server.requests[1].headers as Record<string, unknown>)['If-None-Match']).toBeUndefined();
  });
});
