// The custom screen types' props schemas: every registered type has one, the embedded copies of the generic
// renderers' schemas are current, the shipped screens pass and an unknown prop is caught.
import fs from 'node:fs';
import path from 'node:path';
import Ajv from 'ajv';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { DEFAULT_MESSAGES } from '../../src/custom/assignments/types';
import { propsSchemas } from '../../src/propsSchemas';

const ROOT = path.resolve(import.meta.dirname, '../..');
const json = (file: string) => {
  const { $schema: _ignored, ...rest } = JSON.parse(fs.readFileSync(path.join(ROOT, file), 'utf8'));
  return rest;
};
type Schema = { definitions: Record<string, { properties: Record<string, unknown> } & Record<string, unknown>> };
const schema = (type: string) => propsSchemas[type] as Schema;

const registered = ['src/custom/index.ts', 'src/custom/scores/index.ts', 'src/custom/assignments/index.ts'].flatMap((f) =>
  [...fs.readFileSync(path.join(ROOT, f), 'utf8').matchAll(/\bregister(?:Lazy)?\('([^']+)'/g)].map((m) => m[1]),
);

describe('custom props schemas', () => {
  it('exist for every registered custom type', () => {
    expect(registered.length).toBeGreaterThan(10);
    expect(registered.filter((type) => !propsSchemas[type])).toEqual([]);
  });

  it('carry the current copy of the shared source, filters, links and table schemas', () => {
    const list = schema('assignment-list');
    expect(list.definitions.source).toEqual(json('src/renderers/data/source.schema.json'));
    expect(list.definitions.filters).toEqual(json('src/renderers/filters/schema.json'));
    expect(list.definitions.links).toEqual(json('src/renderers/links/link.schema.json'));
    const { definitions: tableDefs, title: _t, description: _d, ...tableRoot } = json('src/renderers/table/schema.json');
    const { title: _t2, description: _d2, ...embedded } = schema('score-overview').definitions.table;
    expect(embedded).toEqual(tableRoot);
    for (const [name, def] of Object.entries(tableDefs as object)) expect(schema('score-overview').definitions[name]).toEqual(def);
  });

  it('name only the work messages the components know', () => {
    const known = Object.keys(DEFAULT_MESSAGES).sort();
    expect(Object.keys(schema('assignment-detail').definitions.messages.properties).sort()).toEqual(known);
    for (const type of ['assignment-list', 'task-detail']) {
      expect(Object.keys(schema(type).definitions.messages.properties).sort()).toEqual(known.filter((k) => k !== 'timeUp'));
    }
  });

  it('accept every shipped screen of a custom type and reject an unknown prop', () => {
    const ajv = new Ajv({ allErrors: true, strict: false });
    const dir = path.join(ROOT, 'config/screens');
    let checked = 0;
    for (const f of fs.readdirSync(dir)) {
      const screen = parse(fs.readFileSync(path.join(dir, f), 'utf8'));
      if (!registered.includes(screen.type)) continue;
      const validate = ajv.compile(propsSchemas[screen.type]);
      expect(validate(screen.props ?? {}), `${f}: ${JSON.stringify(validate.errors)}`).toBe(true);
      expect(validate({ ...screen.props, unknownProp: 1 }), f).toBe(false);
      checked++;
    }
    expect(checked).toBeGreaterThan(10);
  });
});
