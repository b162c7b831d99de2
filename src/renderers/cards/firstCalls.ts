import type { FirstCall, FirstPage } from '../shared/engine';
import { listQueryOnArrival } from '../data/listAddress';
import { buildListRequest, mentionsUser } from '../data/request';
import type { ListQuery } from '../data/source';
import type { SourceConfig } from '../data/source.schema.gen';
import { templateScope } from '../data/templateScope';
import { WHOLE_TREE } from '../filters/tree';
import type { CardsProps } from './schema.gen';

/** Cards a page when the YAML names no `pageSize`. */
export const CARDS_PAGE_SIZE = 8;

/**
 * The reads a cards screen makes when it is drawn at the address it was opened with: its page of cards and its
 * category tree, with exactly the parameters its queries send (useRemoteList), so the engine can send them before the
 * first render and the screen takes them from the cache.
 */
export function cardsFirstCalls(props: CardsProps, page: FirstPage): FirstCall[] {
  const scope = templateScope(page.config, page.user, page.search.toString());
  const call = (source: SourceConfig | undefined, query: ListQuery): FirstCall[] => {
    // A parameter that reads the user waits for the profile (useWaitsForUser): nothing goes out without it.
    if (!source || (!page.user && mentionsUser(source.params))) return [];
    return [{ endpoint: source.endpoint, params: buildListRequest(source, query, scope) }];
  };
  return [
    ...call(props.source, listQueryOnArrival(props.pageSize ?? CARDS_PAGE_SIZE, page.search)),
    ...call(props.filters?.categories?.source, WHOLE_TREE),
  ];
}
