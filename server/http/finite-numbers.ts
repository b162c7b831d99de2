import type { FastifyRequest } from 'fastify';
import { invalid } from './errors';

type Parts = Partial<Record<'body' | 'querystring' | 'params', unknown>>;

const PARTS = [
  ['body', 'body'],
  ['query', 'querystring'],
  ['params', 'params'],
] as const;

/**
 * Ajv coerces a number written like `1e309` to Infinity and then skips `minimum`/`maximum` (they only judge finite
 * numbers), so `page=1e309` reached the database as Infinity (SQLite: "datatype mismatch", a 500). A number that
 * validated but is not finite is refused here, after validation, as a 422 naming the field.
 */
export function refuseInfiniteNumbers(request: FastifyRequest, schema: Parts | undefined): void {
  for (const [part, schemaKey] of PARTS) {
    const data = request[part];
    if (!data || typeof data !== 'object') continue;
    for (const [name, value] of Object.entries(data as Record<string, unknown>)) {
      const values = Array.isArray(value) ? value : [value];
      if (!values.some((v) => typeof v === 'number' && !Number.isFinite(v))) continue;
      const title = (schema?.[schemaKey] as { properties?: Record<string, { title?: string }> } | undefined)?.properties?.[name]?.title;
      throw invalid(name, `${title ?? `字段 ${name} `}超出允许的范围`);
    }
  }
}
