// TypeScript types of the config files themselves (app.yaml, endpoints.yaml, screens/*.yaml, schools/*.yaml),
// generated from config/schema/*.json by `npm run config:schema` into shared/, which client and server both import.
// The schema is the one source: a unit test fails when a committed file no longer matches its schema.
import fs from 'node:fs';
import path from 'node:path';
import { compile } from 'json-schema-to-typescript';
import { COMPILE_OPTIONS, forGenerator, ROOT } from './props-types.js';

/** Schema file -> generated file; each root type is named by the schema's `tsName`. */
export const CONFIG_TYPE_FILES: Record<string, string> = {
  'config/schema/app.schema.json': 'shared/app-config.gen.ts',
  'config/schema/endpoints.schema.json': 'shared/endpoints.gen.ts',
  'config/schema/school.schema.json': 'shared/school-config.gen.ts',
  'config/schema/screen.schema.json': 'shared/screen-config.gen.ts',
};

export async function generateConfigTypes(root = ROOT): Promise<Map<string, string>> {
  const out = new Map<string, string>();
  for (const [file, target] of Object.entries(CONFIG_TYPE_FILES)) {
    const schema = JSON.parse(fs.readFileSync(path.join(root, file), 'utf8')) as Record<string, unknown>;
    if (typeof schema.tsName !== 'string') throw new Error(`${file} has no tsName for its root type`);
    const { $id: _id, ...rest } = forGenerator(withoutPresenceRules(schema)) as Record<string, unknown>;
    const body = await compile(rest as never, schema.tsName, COMPILE_OPTIONS);
    out.set(target, [`// Generated from ${file} by npm run config:schema — edit the schema, not this file.`, '', body.trim(), ''].join('\n'));
  }
  return out;
}

/**
 * Drops an `anyOf` whose branches only require properties ("path or action"): it constrains which keys are present,
 * not their types, and the generator would otherwise widen the object to an index signature.
 */
function withoutPresenceRules(schema: unknown): unknown {
  if (Array.isArray(schema)) return schema.map(withoutPresenceRules);
  if (typeof schema !== 'object' || schema === null) return schema;
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(schema)) {
    const presenceOnly = key === 'anyOf' && Array.isArray(value) && value.every((b) => typeof b === 'object' && b !== null && Object.keys(b).join() === 'required');
    if (!presenceOnly) out[key] = withoutPresenceRules(value);
  }
  return out;
}
