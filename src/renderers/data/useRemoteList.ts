import { useCallback, useMemo } from 'react';
import { isRefusal } from '../shared/engine';
import { buildListRequest, readList } from './request';
import type { ListQuery } from './source';
import type { SourceConfig } from './source.schema.gen';
import { useCall, useWaitsForUser } from './useCall';
import { useTemplateScope } from './useTemplateScope';

export interface RemoteList<T> {
  items: T[];
  total: number;
  loading: boolean;
  /** Message of the last failed load, for the list to say inline (nothing else tells the user), or null. */
  error: string | null;
  /** The failure was a refusal of the request itself (isRefusal): a retry cannot help. */
  refused: boolean;
  reload: () => void;
  /** The whole `data` of the last reply (lists often carry summary figures next to their rows). */
  data: unknown;
}

const FAILED = '数据加载失败，请稍后重试';

/**
 * One page of a YAML `source`, through the query cache: asked again whenever the request it maps to changes (the
 * previous page stays on screen until then, a late reply of an older request never shows), and whenever what the
 * endpoint answers may have changed (see useCall).
 */
export function useRemoteList<T = Record<string, unknown>>(source: SourceConfig | undefined, query: ListQuery): RemoteList<T> {
  const scope = useTemplateScope();
  const waiting = useWaitsForUser(source?.params);
  const request = useMemo(() => (source ? buildListRequest(source, query, scope) : null), [source, query, scope]);
  const call = useCall<unknown>(source?.endpoint, request, { enabled: !waiting, keepPrevious: true, reloadOn: source?.reloadOn });
  const { refetch } = call;
  const reload = useCallback(() => void refetch(), [refetch]);
  const list = useMemo(() => (source && call.data !== undefined ? readList<T>(source, call.data) : { items: [] as T[], total: 0 }), [source, call.data]);
  if (call.isError) {
    const message = call.error instanceof Error && call.error.message ? call.error.message : FAILED;
    return { items: [], total: 0, loading: call.isFetching, error: message, refused: isRefusal(call.error), reload, data: undefined };
  }
  return { ...list, loading: Boolean(source) && (call.isFetching || call.isPending), error: null, refused: false, reload, data: call.data };
}
