import { useMemo } from 'react';
import { useSearchParams } from 'react-router-dom';
import { useSession, useSiteConfig } from '../shared/engine';
import type { TemplateScope } from './source';
import { NO_USER, templateScope } from './templateScope';

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
