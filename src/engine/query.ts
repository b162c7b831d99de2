import { QueryClient, type QueryKey } from '@tanstack/react-query';
import { session } from './session';

/**
 * The client's one query cache (TanStack Query). Every server read is cached under the key of its call — the endpoint's
 * name from config/endpoints.yaml and its parameters — so two parts of a page asking for the same thing share one
 * request, and a write names the endpoints whose answers it changed (YAML `invalidates:`), which reload wherever shown.
 */
const ROOT = 'api';

/**
 * A read is fresh this long after its reply: parts of one page that mount a moment apart (a screen and its filter bar,
 * a screen shown again after the profile arrived) share it instead of asking again. Kept short, because a screen opened
 * later must show what the server holds now; writes and kept-alive screens shown again reload explicitly.
 */
export const FRESH_MS = 3000;

/** The cache key of a call: `['api', endpoint, params]`; without params it covers every call of that endpoint. */
export function endpointKey(endpoint: string, params?: Record<string, unknown>): QueryKey {
  return params === undefined ? [ROOT, endpoint] : [ROOT, endpoint, params];
}

/** The cache key of a stored file read for showing (a .docx previewed in the page), by its address. */
export function fileKey(url: string): QueryKey {
  return ['file', url];
}

/** The endpoint a cache key belongs to, or undefined for a key this module did not make. */
export function endpointOfKey(key: QueryKey): string | undefined {
  return key[0] === ROOT && typeof key[1] === 'string' ? key[1] : undefined;
}

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      // The api client has already told the user about a failure: no silent retries, no reload on focus (polls say so).
      queries: { retry: false, refetchOnWindowFocus: false, refetchOnReconnect: false, staleTime: FRESH_MS },
      mutations: { retry: false },
    },
  });
}

export const queryClient = createQueryClient();

/**
 * Marks every cached answer of these endpoints stale; the ones on screen (kept-alive hidden screens included) load
 * again. Resolves when they have.
 */
export async function invalidateEndpoints(endpoints: readonly string[] | undefined, client: QueryClient = queryClient): Promise<void> {
  const names = [...new Set(endpoints ?? [])];
  await Promise.all(names.map((name) => client.invalidateQueries({ queryKey: endpointKey(name) })));
}

/** Another account's answers never show: when the token changes, what no screen shows any more is dropped. */
export function dropAnswersOnSessionChange(client: QueryClient = queryClient): () => void {
  let token = session.token();
  return session.subscribe(() => {
    const next = session.token();
    if (next === token) return;
    token = next;
    client.removeQueries({ type: 'inactive' });
  });
}

/**
 * Calls `onChange` whenever a cached answer of one of these endpoints comes back different from the one before (a poll
 * saw something new). Answers already cached count as seen. Returns the unsubscribe function.
 */
export function watchEndpoints(endpoints: readonly string[], onChange: () => void, client: QueryClient = queryClient): () => void {
  const names = new Set(endpoints);
  const cache = client.getQueryCache();
  const seen = new Map<string, unknown>();
  for (const query of cache.getAll()) {
    const name = endpointOfKey(query.queryKey);
    if (name && names.has(name) && query.state.data !== undefined) seen.set(query.queryHash, query.state.data);
  }
  return cache.subscribe((event) => {
    if (event.type !== 'updated' || event.action.type !== 'success') return;
    const name = endpointOfKey(event.query.queryKey);
    if (!name || !names.has(name)) return;
    const { queryHash } = event.query;
    const had = seen.has(queryHash);
    const before = seen.get(queryHash);
    const data = event.query.state.data;
    seen.set(queryHash, data);
    // Structural sharing keeps the old object when the new answer is equal, so a changed reference is a change.
    if (had && before !== data) onChange();
  });
}
