// The query layer's helpers: cache keys from endpoint + parameters, invalidation by endpoint name, following an endpoint.
import { QueryObserver } from '@tanstack/react-query';
import { describe, expect, it, vi } from 'vitest';
import { createQueryClient, endpointKey, endpointOfKey, invalidateEndpoints, watchEndpoints } from '../../src/engine/query';
import { checkEndpointNames } from '../../server/config/endpoint-names';
import { parseYaml } from '../../server/config/load';
import { mentionsUser } from '../../src/renderers/data/request';

/** Caches an answer under a call's key and keeps an observer on it, as a mounted screen does. */
async function shown(client: ReturnType<typeof createQueryClient>, endpoint: string, params: Record<string, unknown>, answer: () => unknown) {
  const fetch = vi.fn(async () => answer());
  const observer = new QueryObserver(client, { queryKey: endpointKey(endpoint, params), queryFn: fetch });
  const stop = observer.subscribe(() => undefined);
  await vi.waitFor(() => expect(observer.getCurrentResult().isSuccess).toBe(true));
  return { fetch, stop };
}

describe('endpointKey', () => {
  it('is the same cache entry for the same call whatever the order of its parameters', () => {
    const client = createQueryClient();
    client.setQueryData(endpointKey('learn/get', { user_id: 7, class_id: 3 }), 'rows');
    expect(client.getQueryData(endpointKey('learn/get', { class_id: 3, user_id: 7 }))).toBe('rows');
    expect(client.getQueryData(endpointKey('learn/get', { class_id: 4, user_id: 7 }))).toBeUndefined();
    expect(endpointOfKey(endpointKey('learn/get', {}))).toBe('learn/get');
    expect(endpointOfKey(['something-else'])).toBeUndefined();
  });
});

describe('invalidateEndpoints', () => {
  it('reloads every shown call of the named endpoints, with any parameters, and nothing else', async () => {
    const client = createQueryClient();
    const page1 = await shown(client, 'message/get_list', { page: 1 }, () => 'p1');
    const page2 = await shown(client, 'message/get_list', { page: 2 }, () => 'p2');
    const other = await shown(client, 'answer/getteacher', {}, () => 'teachers');
    await invalidateEndpoints(['message/get_list', 'message/get_list'], client);
    expect(page1.fetch).toHaveBeenCalledTimes(2);
    expect(page2.fetch).toHaveBeenCalledTimes(2);
    expect(other.fetch).toHaveBeenCalledTimes(1);
    await invalidateEndpoints(undefined, client);
    expect(page1.fetch).toHaveBeenCalledTimes(2);
    [page1, page2, other].forEach((s) => s.stop());
  });
});

describe('watchEndpoints', () => {
  it('calls back when a followed answer changes, not when it comes back the same', async () => {
    const client = createQueryClient();
    let unread = 1;
    const counter = await shown(client, 'message/get_class', {}, () => ({ list: [{ key: 'chat', unread }] }));
    const changed = vi.fn();
    const stop = watchEndpoints(['message/get_class'], changed, client);
    await client.refetchQueries({ queryKey: endpointKey('message/get_class') });
    expect(changed).not.toHaveBeenCalled();
    unread = 2;
    await client.refetchQueries({ queryKey: endpointKey('message/get_class') });
    expect(changed).toHaveBeenCalledTimes(1);
    stop();
    unread = 3;
    await client.refetchQueries({ queryKey: endpointKey('message/get_class') });
    expect(changed).toHaveBeenCalledTimes(1);
    counter.stop();
  });
});

describe('mentionsUser', () => {
  it('tells parameters that read the signed-in user (they wait for the profile)', () => {
    expect(mentionsUser({ user_id: '${user.id}' })).toBe(true);
    expect(mentionsUser({ id: '${query.id}', kind: 2 })).toBe(false);
    expect(mentionsUser(undefined)).toBe(false);
  });
});

describe('config check of endpoint names', () => {
  it('reports an unknown name in invalidates or reloadOn at its line and column', () => {
    const loaded = parseYaml('props:\n  source:\n    endpoint: message/get_list\n    reloadOn: [message/get_clas]\n  actions:\n    - { label: 查看, invalidates: [message/get_list] }\n', 'screens/x.yaml');
    const issues = checkEndpointNames(loaded, new Set(['message/get_list', 'message/get_class']));
    expect(issues).toEqual([
      { file: 'screens/x.yaml', line: 4, column: 16, message: 'props.source.reloadOn.0: 接口 message/get_clas 不在 config/endpoints.yaml 中' },
    ]);
  });
});
