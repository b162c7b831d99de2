import { useMemo } from 'react';
import { useSearchParams } from 'react-router-dom';
import { useSession, useSiteConfig } from './engine';
import type { TemplateScope } from './source';

/** The names YAML templates may use on a screen: the signed-in user, the school, feature switches and the route query. */
export function useTemplateScope(): TemplateScope {
  const config = useSiteConfig();
  const session = useSession();
  const [search] = useSearchParams();
  const user = (session?.user ?? {}) as Record<string, unknown>;
  const queryKey = search.toString();
  return useMemo(
    () => ({
      user,
      school: (config?.school ?? {}) as unknown as Record<string, unknown>,
      features: config?.features ?? {},
      query: Object.fromEntries(new URLSearchParams(queryKey)),
    }),
    [user, config, queryKey],
  );
}
