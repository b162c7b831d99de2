import { useCallback, useMemo, useRef, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import type { ListQuery } from './source';

export interface ListState {
  query: ListQuery;
  setPage: (page: number) => void;
  /** Changes some filter values; any filter change starts again from page 1. */
  setFilters: (patch: Record<string, unknown>) => void;
}

/** The route's query parameter that holds a paged list's page (left out on page 1). */
export const PAGE_PARAM = 'page';

const pageOf = (value: string | null) => Math.max(1, Math.floor(Number(value)) || 1);

/**
 * Page and filter state of a list screen (what refine's useTable keeps), fed to useRemoteList. The page of a paged list
 * lives in the address (`?page=3`), so the browser's back button returns to the page the student was on, also after
 * opening a row; each page turn is a history entry.
 */
export function useListState(pageSize: number | undefined, initialFilters: Record<string, unknown> = {}): ListState {
  const [search, setSearch] = useSearchParams();
  const [localPage, setLocalPage] = useState(1);
  const inUrl = pageSize !== undefined;
  const page = inUrl ? pageOf(search.get(PAGE_PARAM)) : localPage;
  const [filters, setFilterState] = useState<Record<string, unknown>>(initialFilters);

  // The address is read through a ref: setSearch changes with every navigation, and a filter bar that reports its
  // values on mount must not make a new setFilters (and another navigation) each time.
  const address = useRef({ search, setSearch });
  address.current = { search, setSearch };
  const goTo = useCallback((next: number, replace: boolean) => {
    if (!inUrl) return setLocalPage(next);
    const { search: current, setSearch: navigate } = address.current;
    if (pageOf(current.get(PAGE_PARAM)) === next) return;
    const params = new URLSearchParams(current);
    if (next > 1) params.set(PAGE_PARAM, String(next));
    else params.delete(PAGE_PARAM);
    navigate(params, { replace });
  }, [inUrl]);
  const setPage = useCallback((next: number) => goTo(pageOf(String(next)), false), [goTo]);
  const setFilters = useCallback((patch: Record<string, unknown>) => {
    setFilterState((current) => ({ ...current, ...patch }));
    goTo(1, true);
  }, [goTo]);
  const query = useMemo(() => ({ page, pageSize, filters }), [page, pageSize, filters]);
  return { query, setPage, setFilters };
}
