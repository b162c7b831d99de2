import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { useShownCount } from '../shared/engine';
import type { ListQuery } from './source';

export interface ListState {
  query: ListQuery;
  setPage: (page: number) => void;
  /** Changes some filter values; any filter change starts again from page 1. */
  setFilters: (patch: Record<string, unknown>) => void;
}

/** The route's query parameter that holds a paged list's page (absent only from a link to the list's bare address). */
export const PAGE_PARAM = 'page';

const pageOf = (value: string | null) => Math.max(1, Math.floor(Number(value)) || 1);

/**
 * Page and filter state of a list screen (what refine's useTable keeps), fed to useRemoteList. The page of a paged list
 * lives in the address (`?page=3`), so the browser's back button returns to the page the student was on, also after
 * opening a row; each page turn is a history entry. A link to the list's bare address (its tab, a menu entry) comes
 * back to the page the list was on, as a kept-alive screen keeps the rest of its state; a fresh visit starts at 1.
 */
export function useListState(pageSize: number | undefined, initialFilters: Record<string, unknown> = {}): ListState {
  const [search, setSearch] = useSearchParams();
  const [localPage, setLocalPage] = useState(1);
  const inUrl = pageSize !== undefined;
  const showing = useShownCount();
  const given = search.get(PAGE_PARAM);
  // What the last render showed: a bare address keeps that page while the screen stays shown, and brings it back when
  // the screen is shown again (a new showing); only going back in history to the bare address within one showing is page 1.
  const last = useRef({ showing, bare: true, page: 1 });
  const page = !inUrl ? localPage
    : given !== null ? pageOf(given)
    : last.current.showing !== showing || last.current.bare ? last.current.page
    : 1;
  useEffect(() => {
    last.current = { showing, bare: given === null, page };
  });
  const [filters, setFilterState] = useState<Record<string, unknown>>(initialFilters);

  // The address is read through a ref: setSearch changes with every navigation, and a filter bar that reports its
  // values on mount must not make a new setFilters (and another navigation) each time.
  const address = useRef({ search, setSearch });
  address.current = { search, setSearch };
  const goTo = useCallback((next: number, replace: boolean) => {
    if (!inUrl) return setLocalPage(next);
    const { search: current, setSearch: navigate } = address.current;
    if (current.get(PAGE_PARAM) !== null && pageOf(current.get(PAGE_PARAM)) === next) return;
    if (current.get(PAGE_PARAM) === null && last.current.page === next) return;
    const params = new URLSearchParams(current);
    params.set(PAGE_PARAM, String(next)); // always named: a bare address means "where the list was"
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
