// Route handlers read request data typed by their route's schema (server/routes/define.ts, the TypeBox type provider),
// never through a cast that could drift from what the schema validates.
import fs from 'node:fs';
import path from 'node:path';
import type { Static } from 'typebox';
import { describe, expect, expectTypeOf, it } from 'vitest';
import { field, keysOf, objectSchema } from '../../server/routes/define';

const ROUTES = path.resolve(import.meta.dirname, '../../server/routes');

/** `request.body as {...}`, `(request.body ?? {}) as T`, `(request.query as {...}).id` and the like. */
const CAST = /\brequest\.(body|query|params)\b[^;\n]*?\)?\s+as\s/;

const castsIn = (text: string, file: string) =>
  text.split('\n').flatMap((line, i) => (CAST.test(line) ? [`${file}:${i + 1}: ${line.trim()}`] : []));

describe('typed routes', () => {
  it('recognises the casts it forbids', () => {
    const samples = [
      'const b = request.body as { id: number };',
      'const b = (request.body ?? {}) as ClassParams;',
      'const c = await find(db, (request.query as { id: number }).id);',
      'const { name } = request.params as { name: string };',
    ];
    expect(samples.flatMap((s) => castsIn(s, 'sample'))).toHaveLength(samples.length);
    expect(castsIn('const b = request.body;\nconst q = request.query.id;', 'sample')).toEqual([]);
  });

  it('no route file casts request data', () => {
    const files = fs.readdirSync(ROUTES).filter((f) => f.endsWith('.ts'));
    expect(files.length).toBeGreaterThan(30);
    expect(files.flatMap((f) => castsIn(fs.readFileSync(path.join(ROUTES, f), 'utf8'), f))).toEqual([]);
  });

  it('the field helpers emit the plain JSON Schema ajv checks (bounded integers, titles, messages)', () => {
    const schema = objectSchema({
      id: field.int('ID', { minimum: 1 }),
      page: field.int('页码', { minimum: 1, default: 1 }),
      state: field.str('状态', { enum: ['open', 'answered'], errorMessage: '状态不正确' }),
      ids: field.list('班级', field.int('班级', { minimum: 1 }), { maxItems: 5 }),
      link: field.nullable(field.str('链接', { maxLength: 200 })),
    }, ['id']);
    // JSON round trip: what ajv and the OpenAPI document see, with no TypeBox bookkeeping leaking into it.
    expect(JSON.parse(JSON.stringify(schema))).toEqual({
      type: 'object',
      required: ['id'],
      additionalProperties: true,
      properties: {
        id: { type: 'integer', title: 'ID', minimum: 1, maximum: 2_147_483_647 },
        page: { type: 'integer', title: '页码', minimum: 1, maximum: 2_147_483_647, default: 1 },
        state: { type: 'string', title: '状态', enum: ['open', 'answered'], errorMessage: '状态不正确' },
        ids: { type: 'array', title: '班级', maxItems: 5, items: { type: 'integer', title: '班级', minimum: 1, maximum: 2_147_483_647 } },
        link: { anyOf: [{ type: 'string', title: '链接', maxLength: 200 }, { type: 'null' }] },
      },
    });
    // The type the handler sees: required and defaulted fields present, enums as their values, the rest optional.
    expectTypeOf<Static<typeof schema>>().toEqualTypeOf<{
      id: number; page: number; state?: 'open' | 'answered'; ids?: number[]; link?: string | null;
    }>();
  });

  it('keeps the order of `required`, which decides the first message of a form with several missing fields', () => {
    const table = { name: 'l.name', sort: 'l.sort' } as const;
    const schema = objectSchema({ a: field.str('A'), b: field.str('B'), sort: field.str('排序', { enum: keysOf(table) }) }, ['b', 'a']);
    expect(schema.required).toEqual(['b', 'a']);
    expectTypeOf<Static<typeof schema>['sort']>().toEqualTypeOf<'name' | 'sort' | undefined>();
  });
});
