import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useMemo } from 'react';
import { endpointKey, isRefusal } from '../shared/engine';
import { readPath, resolveParams, writePath } from './request';
import type { TemplateScope } from './source';
import { useCall, useWaitsForUser } from './useCall';

/** A call that returns one object: the endpoint, its parameters (`${...}` templates) and where the object sits in `data`. */
export interface RecordCall {
  endpoint: string;
  params?: Record<string, string | number | boolean>;
  items?: string;
}

export interface RecordOptions {
  /** `error` when the call fails without a message of its own. Default 加载失败. */
  failed?: string;
  /** False while a parameter the call needs is missing (e.g. no id in the route): nothing is called. Default true. */
  enabled?: boolean;
}

export interface RemoteRecord<T> {
  record: T | null;
  error: string | null;
  /** The failure was a refusal of the request itself (isRefusal): a retry cannot help. */
  refused: boolean;
  loading: boolean;
  /** Replaces fields of the loaded record (after an action changed them on the server). */
  patch: (fields: Partial<T>) => void;
  /** Fetches again; the record on screen stays until the new one arrives (after a submit, or to retry a failure). */
  reload: () => void;
}

/**
 * Loads one object through the query cache: again whenever the resolved parameters change (the previous record is
 * dropped then), replies of an earlier request ignored. A failed first load leaves `error` set, for the caller to say
 * inline (nothing else tells the user); a failed reload keeps the record on screen.
 */
export function useRemoteRecord<T extends object>(call: RecordCall, scope: TemplateScope, options: RecordOptions = {}): RemoteRecord<T> {
  const { failed = '加载失败', enabled = true } = options;
  const request = useMemo(() => resolveParams(call.params, scope), [call.params, scope]);
  const waiting = useWaitsForUser(call.params);
  const query = useCall<unknown>(call.endpoint, request, { enabled: enabled && !waiting });
  const client = useQueryClient();
  const { refetch } = query;
  const record = enabled && query.data !== undefined ? ((readPath(query.data, call.items) as T | undefined) ?? null) : null;
  const error = enabled && query.isError && !record ? (query.error instanceof Error && query.error.message ? query.error.message : failed) : null;
  const key = useMemo(() => endpointKey(call.endpoint, request), [call.endpoint, request]);
  const patch = useCallback(
    (fields: Partial<T>) => client.setQueryData(key, (data: unknown) => {
      const current = readPath(data, call.items);
      return current && typeof current === 'object' ? writePath(data, call.items, { ...current, ...fields }) : data;
    }),
    [client, key, call.items],
  );
  const reload = useCallback(() => void refetch(), [refetch]);
  return { record, error, refused: error !== null && isRefusal(query.error), loading: enabled && (query.isFetching || query.isPending), patch, reload };
}
