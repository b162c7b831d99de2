import { hashKey, type QueryKey } from '@tanstack/react-query';
import { api } from './api';
import { shellSettings } from './config';
import { endpointKey, queryClient } from './query';
import { findScreen, forcedPasswordChange, guardOf, hashLocation, isMobileBrowser } from './routes';
import { session, type UserInfo } from './session';
import type { SiteConfig } from './types';

/** One read a screen makes as soon as it is drawn: a contract entry and its parameters, as its renderer sends them. */
export interface FirstCall {
  endpoint: string;
  params: Record<string, unknown>;
}

/** What a renderer may read to name its first calls before it is drawn: the site, the signed-in user, the address's query. */
export interface FirstPage {
  config: SiteConfig;
  user: UserInfo | null;
  search: URLSearchParams;
}

/** What a screen type reads first, named from its props before it is drawn. */
export type FirstCallsOf = (props: any, page: FirstPage) => FirstCall[];

/**
 * What each eagerly drawn screen type reads as soon as it is drawn (src/renderers/firstCalls.ts), so the entry can send
 * it before the application's code has loaded (early.ts). The calls must be exactly the ones the renderer's queries
 * make (same endpoint and parameters): its queries then find them in the cache or in flight, and nothing is asked twice.
 */
export type FirstCallPlans = Record<string, FirstCallsOf>;

/** The calls the screen at the current address will make first, when the engine is sure to draw that screen at once. */
export function firstCallsOfPage(config: SiteConfig, plans: FirstCallPlans): FirstCall[] {
  const settings = shellSettings(config);
  if (settings.mobilePage && isMobileBrowser(navigator.userAgent)) return [];
  const location = hashLocation();
  const pathname = location.pathname === '/' ? settings.home : location.pathname;
  const screen = findScreen(Object.values(config.screens), pathname);
  const calls = screen && plans[screen.type];
  if (!screen || !calls) return [];
  const user = session.user();
  // Only a screen the router draws at once: not one its guard sends elsewhere or waits on, nor a forced password change.
  if (guardOf(screen, session.token(), user) !== 'show' || forcedPasswordChange(config, screen, user)) return [];
  return calls(screen.props ?? {}, { config, user, search: new URLSearchParams(location.search) });
}

/** First reads sent before their screen was drawn (by query hash), until a screen has shown them. */
const unshown = new Set<string>();

/**
 * True while this read was sent as a first call and no screen has shown it yet: a screen drawing it then shows a
 * failure it finds instead of asking again on mount (a query's default), which would send the call twice. It is marked
 * from the moment it is sent, not when it fails: the failure may land between the screen's render and its
 * subscription to the query, which is when the query decides whether to ask again.
 */
export function firstCallUnshown(queryKey: QueryKey): boolean {
  // Asked on every render of every read: once the first page has drawn its reads, nothing is hashed.
  return unshown.size > 0 && unshown.has(hashKey(queryKey));
}

/** A screen has shown the read: from now on, drawing it again after a failure asks again, as any failed read does. */
export function firstCallShown(queryKey: QueryKey): void {
  unshown.delete(hashKey(queryKey));
}

/** The first reads of the page at the current address ([] when its screen's props cannot be read: it says so when drawn). */
export function firstCallsOfPageSafely(config: SiteConfig, plans: FirstCallPlans): FirstCall[] {
  try {
    return firstCallsOfPage(config, plans);
  } catch {
    return [];
  }
}

/** Sends the reads into the query cache, each marked unshown until a screen draws it; resolves when all have answered. */
export function sendFirstCalls(calls: FirstCall[]): Promise<void> {
  return Promise.all(calls.map(({ endpoint, params }) => {
    const queryKey = endpointKey(endpoint, params);
    unshown.add(hashKey(queryKey));
    return queryClient.prefetchQuery({ queryKey, queryFn: () => api.call(endpoint, params, { silent: true }) });
  })).then(() => undefined);
}
