import { useEffect, useMemo, useRef, useState } from 'react';
import { api, useShownCount } from './engine';
import { readPath, resolveParams } from './request';
import type { TemplateScope } from './source';

/** A call that returns one object: the endpoint, its parameters (`${...}` templates) and where the object sits in `data`. */
export interface RecordCall {
  endpoint: string;
  params?: Record<string, string | number | boolean>;
  items?: string;
}

export interface RecordOptions {
  /** `error` when the call fails without a message of its own. Default 加载失败. */
  failed?: string;
  /** The api client does not show its error message: the screen says what went wrong itself. */
  silent?: boolean;
  /** False while a parameter the call needs is missing (e.g. no id in the route): nothing is called. Default true. */
  enabled?: boolean;
}

export interface RemoteRecord<T> {
  record: T | null;
  error: string | null;
  loading: boolean;
  /** Replaces fields of the loaded record (after an action changed them on the server). */
  patch: (fields: Partial<T>) => void;
  /** Fetches again; the record on screen stays until the new one arrives (after a submit, or to retry a failure). */
  reload: () => void;
}

/**
 * Loads one object: again whenever the resolved parameters change (the previous record is dropped then),
 * replies of an earlier request ignored. A failed call leaves `error` set; the api client has already told the
 * user unless `silent`.
 */
export function useRemoteRecord<T extends object>(call: RecordCall, scope: TemplateScope, options: RecordOptions = {}): RemoteRecord<T> {
  const { failed = '加载失败', silent = false, enabled = true } = options;
  const request = useMemo(() => resolveParams(call.params, scope), [call.params, scope]);
  const key = `${call.endpoint} ${JSON.stringify(request)}`;
  const [state, setState] = useState<{ record: T | null; error: string | null; loading: boolean }>({ record: null, error: null, loading: enabled });
  const [attempt, setAttempt] = useState(0);
  const shownKey = useRef<string | null>(null);
  const shown = useShownCount(); // a kept-alive screen shown again reloads, keeping the record until the reply

  useEffect(() => {
    if (!enabled) {
      shownKey.current = null;
      setState({ record: null, error: null, loading: false });
      return;
    }
    let live = true;
    const again = shownKey.current === key;
    shownKey.current = key;
    setState((s) => ({ record: again ? s.record : null, error: null, loading: true }));
    (silent ? api.call<unknown>(call.endpoint, request, { silent }) : api.call<unknown>(call.endpoint, request)).then(
      (data) => live && setState({ record: (readPath(data, call.items) as T) ?? null, error: null, loading: false }),
      (e: unknown) =>
        live && setState((s) => {
          // A reload that fails keeps the record on screen (the user has been told); a first load shows the failure.
          if (again && s.record) return { ...s, loading: false };
          return { record: null, error: e instanceof Error && e.message ? e.message : failed, loading: false };
        }),
    );
    return () => {
      live = false;
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps -- `key` stands for endpoint + resolved request
  }, [key, attempt, enabled, shown]);

  return {
    ...state,
    patch: (fields) => setState((s) => (s.record ? { ...s, record: { ...s.record, ...fields } } : s)),
    reload: () => setAttempt((n) => n + 1),
  };
}
