import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { onRefresh } from './actions';
import { api, useShownCount } from './engine';
import { buildListRequest, readList } from './request';
import type { ListQuery } from './source';
import type { SourceConfig } from './source.schema.gen';
import { useTemplateScope } from './useTemplateScope';

export interface RemoteList<T> {
  items: T[];
  total: number;
  loading: boolean;
  /** Message of the last failed load (the api client has already told the user), or null. */
  error: string | null;
  reload: () => void;
  /** The whole `data` of the last reply (lists often carry summary figures next to their rows). */
  data: unknown;
}

const FAILED = '数据加载失败，请稍后重试';

/**
 * Loads one page of a YAML `source` whenever the request it maps to changes.
 * A reply that arrives after a newer request was sent is dropped, so fast paging never shows a stale page.
 */
export function useRemoteList<T = Record<string, unknown>>(source: SourceConfig | undefined, query: ListQuery): RemoteList<T> {
  const scope = useTemplateScope();
  const request = useMemo(
    () => (source ? buildListRequest(source, query, scope) : null),
    [source, query, scope],
  );
  // Effects re-run on the request's content, not on the identity of freshly built objects.
  const key = request ? `${source?.endpoint} ${JSON.stringify(request)}` : '';
  const [state, setState] = useState<{ items: T[]; total: number; loading: boolean; error: string | null; data: unknown }>({
    items: [],
    total: 0,
    loading: Boolean(source),
    error: null,
    data: undefined,
  });
  const [attempt, setAttempt] = useState(0);
  const latest = useRef(0);
  // Shown again after being kept alive hidden: load again, keeping the rows on screen until the reply.
  const shown = useShownCount();

  useEffect(() => {
    if (!source || !request) return;
    const ticket = ++latest.current;
    setState((s) => ({ ...s, loading: true, error: null }));
    api.call<unknown>(source.endpoint, request).then(
      (data) => {
        if (ticket !== latest.current) return;
        setState({ ...readList<T>(source, data), loading: false, error: null, data });
      },
      (reason: unknown) => {
        if (ticket !== latest.current) return;
        const message = reason instanceof Error && reason.message ? reason.message : FAILED;
        setState({ items: [], total: 0, loading: false, error: message, data: undefined });
      },
    );
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [key, attempt, shown]);

  const reload = useCallback(() => setAttempt((n) => n + 1), []);
  // Another piece changed what this endpoint answers (e.g. a notification was read): load the page again.
  const endpoint = source?.endpoint;
  useEffect(() => (endpoint ? onRefresh(endpoint, reload) : undefined), [endpoint, reload]);
  return { ...state, reload };
}
