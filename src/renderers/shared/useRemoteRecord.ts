import { useEffect, useMemo, useState } from 'react';
import { api } from './engine';
import { readPath, resolveParams } from './request';
import type { TemplateScope } from './source';

/** A call that returns one object: the endpoint, its parameters (`${...}` templates) and where the object sits in `data`. */
export interface RecordCall {
  endpoint: string;
  params?: Record<string, string | number | boolean>;
  items?: string;
}

export interface RemoteRecord<T> {
  record: T | null;
  error: string | null;
  /** Replaces fields of the loaded record (after an action changed them on the server). */
  patch: (fields: Partial<T>) => void;
  retry: () => void;
}

/**
 * Loads one object: again whenever the resolved parameters change, replies of an earlier request dropped.
 * A failed call leaves `error` set (the api client has already told the user).
 */
export function useRemoteRecord<T extends object>(call: RecordCall, scope: TemplateScope, failed = '加载失败'): RemoteRecord<T> {
  const request = useMemo(() => resolveParams(call.params, scope), [call.params, scope]);
  const key = `${call.endpoint} ${JSON.stringify(request)}`;
  const [state, setState] = useState<{ record: T | null; error: string | null }>({ record: null, error: null });
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    let live = true;
    setState({ record: null, error: null });
    api.call<unknown>(call.endpoint, request).then(
      (data) => live && setState({ record: (readPath(data, call.items) as T) ?? null, error: null }),
      (e: unknown) => live && setState({ record: null, error: e instanceof Error ? e.message : failed }),
    );
    return () => {
      live = false;
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps -- `key` stands for endpoint + resolved request
  }, [key, attempt]);

  return {
    ...state,
    patch: (fields) => setState((s) => (s.record ? { ...s, record: { ...s.record, ...fields } } : s)),
    retry: () => setAttempt((n) => n + 1),
  };
}
