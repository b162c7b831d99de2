import type { FastifyRequest } from 'fastify';
import { invalid } from './errors';

type Parts = Partial<Record<'body' | 'querystring' | 'params', unknown>>;

const PARTS = [
  ['body', 'body'],
  ['query', 'querystring'],
  ['params', 'params'],
] as const;

/** What is wrong with a value no database can take, anywhere inside it; null when it can be stored. */
function problemOf(value: unknown, depth = 0): string | null {
  // Ajv coerces a number written like `1e309` to Infinity and then skips `minimum`/`maximum` (they only judge finite
  // numbers): SQLite answers "datatype mismatch".
  if (typeof value === 'number') return Number.isFinite(value) ? null : '超出允许的范围';
  // PostgreSQL cannot store the character U+0000 in text ("invalid byte sequence"), so it is never input.
  if (typeof value === 'string') return value.includes('\u0000') ? '含有不允许的字符' : null;
  if (value && typeof value === 'object' && depth < 8) {
    for (const item of Object.values(value)) {
      const problem = problemOf(item, depth + 1);
      if (problem) return problem;
    }
  }
  return null;
}

/**
 * Input that passed its route's schema but that the database cannot take is refused here, after validation, as a 422
 * naming the field (found by tests/server/fuzz.test.ts: `page=1e309` was a 500 on 15 paged routes, and a NUL
 * character in a name, keyword or message a 500 on 14 routes on PostgreSQL).
 */
export function refuseUnstorableInput(request: FastifyRequest, schema: Parts | undefined): void {
  for (const [part, schemaKey] of PARTS) {
    const data = request[part];
    if (!data || typeof data !== 'object') continue;
    for (const [name, value] of Object.entries(data as Record<string, unknown>)) {
      const problem = problemOf(value);
      if (!problem) continue;
      const title = (schema?.[schemaKey] as { properties?: Record<string, { title?: string }> } | undefined)?.properties?.[name]?.title;
      throw invalid(name, `${title ?? `字段 ${name} `}${problem}`);
    }
  }
}
