// How a server-paged list's page and filters are written in the address (`?page=3&f.status=1`). Plain functions, no
// React: the entry's first download carries them, to name a cards screen's first reads (cards/firstCalls.ts).
import type { ListQuery } from './source';

/** The route's query parameter that holds a paged list's page (absent only from a link to the list's bare address). */
export const PAGE_PARAM = 'page';
/** A paged list's filter values sit in the address under this prefix (`?page=1&f.keyword=牙`), apart from the route's own. */
export const FILTER_PREFIX = 'f.';

export type Filters = Record<string, unknown>;
export const NO_FILTERS: Filters = {};

export const pageOf = (value: string | null) => Math.max(1, Math.floor(Number(value)) || 1);

/** Filter values as they are written in the address: set ones only, in name order. */
export function filterText(filters: Filters): string {
  const set = Object.entries(filters).filter(([, v]) => v !== undefined && v !== null).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  return new URLSearchParams(set.map(([k, v]) => [FILTER_PREFIX + k, String(v)])).toString();
}

/** The filter part of an address, in the form filterText writes. */
export function addressFilterText(search: URLSearchParams): string {
  const set = [...search].filter(([k]) => k.startsWith(FILTER_PREFIX)).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  return new URLSearchParams(set).toString();
}

export function parseFilters(text: string): Filters {
  return Object.fromEntries([...new URLSearchParams(text)].map(([k, v]) => [k.slice(FILTER_PREFIX.length), v]));
}

/**
 * What a server-paged list (useListState with a page size) asks for when a page is opened at an address with this
 * query: the page and filters the address names, else page 1 without filters.
 */
export function listQueryOnArrival(pageSize: number, search: URLSearchParams): ListQuery {
  const given = search.get(PAGE_PARAM);
  return { page: given === null ? 1 : pageOf(given), pageSize, filters: given === null ? NO_FILTERS : parseFilters(addressFilterText(search)) };
}
