// The names YAML templates may use on a screen. A plain function, no React: the entry's first download carries it
// (cards/firstCalls.ts); useTemplateScope gives it to components.
import type { SiteConfig } from '../shared/engine';
import type { TemplateScope } from './source';

export const NO_USER: Record<string, unknown> = {};

/** The scope of a screen of this site, for this user (or a visitor: null), at an address with this query string. */
export function templateScope(config: SiteConfig | null, user: Record<string, unknown> | null, queryText: string): TemplateScope {
  return {
    user: user ?? NO_USER,
    school: (config?.school ?? {}) as unknown as Record<string, unknown>,
    features: config?.features ?? {},
    query: Object.fromEntries(new URLSearchParams(queryText)),
  };
}
