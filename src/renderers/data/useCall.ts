import { keepPreviousData, useQuery, type UseQueryResult } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { mentionsUser } from './request';
import { api, endpointKey, firstCallShown, firstCallUnshown, useSession, useShownCount, watchEndpoints } from '../shared/engine';

export interface UseCallOptions {
  /** False while a parameter the call needs is missing: nothing is called. Default true. */
  enabled?: boolean;
  /** While the next answer loads (another page, other filters), the last one stays on screen. */
  keepPrevious?: boolean;
  /** Endpoints whose answer, when it changes (a poll saw something new), makes this call again. */
  reloadOn?: readonly string[];
  /**
   * A cached answer is never taken as current: each mount, and each time the call is enabled again, asks the server
   * (an edit form's starting values, an exam paper). The caller waits for that answer (`isFetchedAfterMount`, or
   * `isFetching` turning false).
   */
  fresh?: boolean;
}

/**
 * One read of an endpoint through the query cache (the engine's TanStack Query client): parts of a page asking the same
 * share one request; the answer is read again when a kept-alive screen is shown again, when a write invalidates the
 * endpoint (YAML `invalidates:`), and when an endpoint named in `reloadOn` answers something new.
 * A read is for showing: its failure is not toasted but returned as `error`, and the screen says it inline (LoadFailed)
 * — one statement of a failure, not a toast and a block (an ended session is still toasted by the api client).
 */
export function useCall<T = unknown>(endpoint: string | undefined, request: Record<string, unknown> | null, options: UseCallOptions = {}): UseQueryResult<T> {
  const { enabled = true, keepPrevious = false, reloadOn, fresh = false } = options;
  const on = Boolean(endpoint && request) && enabled;
  const queryKey = endpointKey(endpoint ?? '', request ?? {});
  // A first read the engine sent before the page was drawn is taken up as it is: if it failed, the failure is shown, not
  // sent again (engine/firstCalls.ts).
  const firstCall = on && !fresh && firstCallUnshown(queryKey);
  const query = useQuery({
    queryKey,
    queryFn: () => api.call<T>(endpoint!, request!, { silent: true }),
    enabled: on,
    placeholderData: keepPrevious ? keepPreviousData : undefined,
    ...(firstCall ? { retryOnMount: false } : {}),
    ...(fresh ? { staleTime: 0, refetchOnMount: 'always' as const } : {}),
  });
  useEffect(() => {
    if (firstCall) firstCallShown(queryKey);
  });
  const { refetch } = query;
  useReloadWhenShownAgain(on ? refetch : undefined);
  const watched = (reloadOn ?? []).join(' ');
  useEffect(() => (on && watched ? watchEndpoints(watched.split(' '), () => void refetch()) : undefined), [on, watched, refetch]);
  return query;
}

/** A kept-alive screen shown again reloads (its data may be stale), keeping what it shows until the reply. */
export function useReloadWhenShownAgain(reload: (() => unknown) | undefined): void {
  const shown = useShownCount();
  const last = useRef(shown);
  useEffect(() => {
    if (shown === last.current) return;
    last.current = shown;
    reload?.();
  }, [shown, reload]);
}

/** True while the call's parameters read the user and the signed-in user's profile has not arrived yet. */
export function useWaitsForUser(params: Record<string, unknown> | undefined): boolean {
  const session = useSession();
  return Boolean(session?.token) && !session?.user && mentionsUser(params);
}
