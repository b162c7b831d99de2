import { useMemo } from 'react';
import { useSearchParams } from 'react-router-dom';
import { useSession, useSiteConfig, type SiteConfig } from '../shared/engine';
import type { TemplateScope } from './source';

const NO_USER: Record<string, unknown> = {};

/** The scope of a screen of this site, for this user (or a visitor: null), at an address with this query string. */
export function templateScope(config: SiteConfig | null, user: Record<string, unknown> | null, queryText: string): TemplateScope {
  return {
    user: user ?? NO_USER,
    school: (config?.school ?? {}) as unknown as Record<string, unknown>,
    features: config?.features ?? {},
    query: Object.fromEntries(new URLSearchParams(queryText)),
  };
}

/** The names YAML templates may use on a screen: the signed-in user, the school, feature switches and the route query. */
export function useTemplateScope(): TemplateScope {
  const config = useSiteConfig();
  const session = useSession();
  const [search] = useSearchParams();
  // A stable empty user, so a visitor's scope is not rebuilt (and every list request recomputed) on each render.
  const user = (session?.user ?? NO_USER) as Record<string, unknown>;
  const queryKey = search.toString();
  return useMemo(() => templateScope(config, user, queryKey), [user, config, queryKey]);
}
