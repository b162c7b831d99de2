import { evaluate } from '../shared/engine';
import { resolveValue } from '../data/request';
import type { LinkRule } from './link.schema.gen';
import type { TemplateScope } from '../data/source';

/**
 * The route a row or card leads to, or null when no rule applies.
 * Query values are URL-encoded here, so a template may hold any text (a course name with spaces or &).
 */
export function resolveLink(rules: LinkRule[] | undefined, scope: TemplateScope): string | null {
  for (const rule of rules ?? []) {
    if (rule.when !== undefined && !evaluate(rule.when, scope)) continue;
    const path = String(resolveValue(rule.path, scope) ?? '');
    const search = new URLSearchParams();
    for (const [name, raw] of Object.entries(rule.query ?? {})) {
      const value = resolveValue(raw, scope);
      search.set(name, value === undefined || value === null ? '' : typeof value === 'object' ? JSON.stringify(value) : String(value));
    }
    const qs = search.toString();
    return qs ? `${path}?${qs}` : path;
  }
  return null;
}
