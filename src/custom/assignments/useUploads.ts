import { useCallback, useEffect, useRef, useState } from 'react';
import { api } from '../../engine';
import type { FileRef } from './types';

export interface UploadEntry {
  key: number;
  file: File | null; // null for files already stored (a submission being shown)
  name: string;
  progress: number; // 0..1
  state: 'uploading' | 'done' | 'failed';
  url?: string;
  error?: string;
}

let nextKey = 1;

/**
 * The files of one piece of work: each uploads on its own with a progress bar; a failed one can be retried
 * or removed without touching the others.
 */
export function useUploads(endpoint: string) {
  const [entries, setEntries] = useState<UploadEntry[]>([]);
  const alive = useRef(true);
  useEffect(() => () => void (alive.current = false), []);

  const patch = useCallback((key: number, change: Partial<UploadEntry>) => {
    if (alive.current) setEntries((list) => list.map((e) => (e.key === key ? { ...e, ...change } : e)));
  }, []);

  const send = useCallback(
    (key: number, file: File) => {
      patch(key, { state: 'uploading', progress: 0, error: undefined });
      api.upload<{ url: string; name: string }>(endpoint, file, { silent: true, onProgress: (p) => patch(key, { progress: p }) }).then(
        (data) => patch(key, { state: 'done', progress: 1, url: data.url, name: data.name || file.name }),
        (error: Error) => patch(key, { state: 'failed', error: error.message }),
      );
    },
    [endpoint, patch],
  );

  const add = useCallback(
    (file: File) => {
      const key = nextKey++;
      setEntries((list) => [...list, { key, file, name: file.name, progress: 0, state: 'uploading' }]);
      send(key, file);
    },
    [send],
  );

  const retry = useCallback((key: number) => {
    const entry = entries.find((e) => e.key === key);
    if (entry?.file) send(key, entry.file);
  }, [entries, send]);

  const remove = useCallback((key: number) => setEntries((list) => list.filter((e) => e.key !== key)), []);
  const reset = useCallback(() => setEntries([]), []);

  const busy = entries.some((e) => e.state === 'uploading');
  const done: FileRef[] = entries.filter((e) => e.state === 'done' && e.url).map((e) => ({ name: e.name, url: e.url! }));
  return { entries, add, retry, remove, reset, busy, done };
}
