import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { useShownCount } from '../shared/engine';
import { addressFilterText, FILTER_PREFIX, filterText, NO_FILTERS, pageOf, PAGE_PARAM, parseFilters, type Filters } from './listAddress';
import type { ListQuery } from './source';

export interface ListState {
  query: ListQuery;
  setPage: (page: number) => void;
  /** Changes some filter values; any filter change starts again from page 1. */
  setFilters: (patch: Record<string, unknown>) => void;
}

/**
 * Page and filter state of a list screen (what refine's useTable keeps), fed to useRemoteList. The page and filters of a
 * paged list live in the address (`?page=3&f.status=1`), so the browser's back button returns to the page and filters
 * the student was on, also after opening a row; each page turn is a history entry, a filter change replaces the entry.
 * A link to the list's bare address (its tab, a menu entry) comes back to the page and filters the list was on, as a
 * kept-alive screen keeps the rest of its state; a fresh visit starts at page 1 without filters.
 */
export function useListState(pageSize: number | undefined, initialFilters: Filters = NO_FILTERS): ListState {
  const [search, setSearch] = useSearchParams();
  const [localPage, setLocalPage] = useState(1);
  const inUrl = pageSize !== undefined;
  const showing = useShownCount();
  const given = search.get(PAGE_PARAM);
  // What the last render showed: a bare address keeps that page while the screen stays shown, and brings it back when
  // the screen is shown again (a new showing); only going back in history to the bare address within one showing is page 1.
  const last = useRef({ showing, bare: true, page: 1, filters: initialFilters });
  const keepsLast = last.current.showing !== showing || last.current.bare;
  const page = !inUrl ? localPage
    : given !== null ? pageOf(given)
    : keepsLast ? last.current.page
    : 1;
  // Values set on this page keep their types; values read back from the address (history, a fresh load) are strings.
  const [typed, setTyped] = useState<Filters>(initialFilters);
  const inAddress = addressFilterText(search);
  const fromAddress = useMemo(() => parseFilters(inAddress), [inAddress]);
  const filters = !inUrl ? typed
    : given === null ? (keepsLast ? last.current.filters : initialFilters)
    : filterText(typed) === inAddress ? typed
    : fromAddress;
  useEffect(() => {
    last.current = { showing, bare: given === null, page, filters };
  });

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
  const shown = useRef(filters);
  shown.current = filters;
  const setFilters = useCallback((patch: Filters) => {
    const next = { ...shown.current, ...patch };
    setTyped(next);
    const text = filterText(next);
    if (!inUrl || text === filterText(shown.current)) return goTo(1, true);
    const params = new URLSearchParams(address.current.search);
    for (const key of [...params.keys()]) if (key.startsWith(FILTER_PREFIX)) params.delete(key);
    params.set(PAGE_PARAM, '1');
    for (const [key, value] of new URLSearchParams(text)) params.set(key, value);
    address.current.setSearch(params, { replace: true });
  }, [goTo, inUrl]);
  const query = useMemo(() => ({ page, pageSize, filters }), [page, pageSize, filters]);
  return { query, setPage, setFilters };
}
