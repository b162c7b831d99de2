// The expression language itself (shared with the server's config checker), not through the engine's surface: this file
// is part of the entry's first download (cards/firstCalls.ts), which must not pull in the engine's React side.
import { evaluate, template } from '../../../shared/expr';
import type { ListQuery, TemplateScope } from './source';
import type { SourceConfig } from './source.schema.gen';

const USER_TEMPLATE = /\$\{[^}]*\buser\b/;

/** Parameters that read the signed-in user (`${user.id}`) wait for the profile rather than go out without it. */
export function mentionsUser(params: Record<string, unknown> | undefined): boolean {
  return Object.values(params ?? {}).some((v) => typeof v === 'string' && USER_TEMPLATE.test(v));
}

const WHOLE_EXPRESSION = /^\$\{([^}]*)\}$/;

/** Reads `a.b.c` out of a reply; an empty path is the value itself. */
export function readPath(value: unknown, path: string | undefined): unknown {
  if (!path) return value;
  let current = value;
  for (const key of path.split('.')) {
    if (current === null || typeof current !== 'object') return undefined;
    current = (current as Record<string, unknown>)[key];
  }
  return current;
}

/** A single value from YAML: `"${expr}"` keeps the expression's type (a number stays a number), other strings are templates. */
export function resolveValue(value: unknown, scope: TemplateScope): unknown {
  if (typeof value !== 'string' || !value.includes('${')) return value;
  const whole = WHOLE_EXPRESSION.exec(value.trim());
  return whole ? evaluate(whole[1], scope) : template(value, scope);
}

function isEmpty(value: unknown): boolean {
  return value === undefined || value === null || value === '' || (Array.isArray(value) && value.length === 0);
}

/** Resolves every templated parameter and drops the ones that came out empty, so the server never sees `"undefined"`. */
export function resolveParams(params: Record<string, unknown> | undefined, scope: TemplateScope): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [name, raw] of Object.entries(params ?? {})) {
    const value = resolveValue(raw, scope);
    if (!isEmpty(value)) out[name] = value;
  }
  return out;
}

/**
 * The one place where list state (page, page size, filters, keyword) becomes a request.
 * Filters win over static params of the same name; paging is sent only when the list is server-paged.
 */
export function buildListRequest(source: SourceConfig, query: ListQuery, scope: TemplateScope): Record<string, unknown> {
  const request = resolveParams(source.params, scope);
  for (const [name, value] of Object.entries(query.filters)) {
    if (isEmpty(value)) delete request[name];
    else request[name] = value;
  }
  if (query.pageSize) {
    request[source.paging?.page ?? 'page'] = query.page;
    request[source.paging?.pageSize ?? 'page_size'] = query.pageSize;
  }
  return request;
}

/** Rows and total out of a reply's data, following the source's paths. */
export function readList<T>(source: SourceConfig, data: unknown): { items: T[]; total: number } {
  const rows = readPath(data, source.items);
  const items = Array.isArray(rows) ? (rows as T[]) : [];
  const total = Number(readPath(data, source.total));
  return { items, total: source.total && Number.isFinite(total) ? total : items.length };
}

/** A copy of `value` with `a.b.c` replaced (the objects on the way copied, not changed); an empty path is the whole value. */
export function writePath(value: unknown, path: string | undefined, next: unknown): unknown {
  if (!path) return next;
  const [key, ...rest] = path.split('.');
  const current = value !== null && typeof value === 'object' ? (value as Record<string, unknown>) : {};
  return { ...current, [key]: writePath(current[key], rest.join('.'), next) };
}
