import { useCallback, useMemo, useState } from 'react';
import type { ListQuery } from './source';

export interface ListState {
  query: ListQuery;
  setPage: (page: number) => void;
  /** Changes some filter values; any filter change starts again from page 1. */
  setFilters: (patch: Record<string, unknown>) => void;
}

/** Page and filter state of a list screen (what refine's useTable keeps), fed to useRemoteList. */
export function useListState(pageSize: number | undefined, initialFilters: Record<string, unknown> = {}): ListState {
  const [page, setPageState] = useState(1);
  const [filters, setFilterState] = useState<Record<string, unknown>>(initialFilters);
  const setPage = useCallback((next: number) => setPageState(Math.max(1, Math.floor(next) || 1)), []);
  const setFilters = useCallback((patch: Record<string, unknown>) => {
    setFilterState((current) => ({ ...current, ...patch }));
    setPageState(1);
  }, []);
  const query = useMemo(() => ({ page, pageSize, filters }), [page, pageSize, filters]);
  return { query, setPage, setFilters };
}
