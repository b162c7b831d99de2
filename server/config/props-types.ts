// TypeScript types of the renderers' YAML props, generated from their props schemas (src/**/schema.json and
// src/**/*.schema.json) by `npm run config:schema`: the schema is the one source, the `*.gen.ts` next to it is
// derived, and a unit test fails when a committed file no longer matches its schema.
//
// Conventions the schemas follow for the generator:
// - `tsName` names a type: on the root (default: the file's name + Props, e.g. cards/schema.json -> CardsProps)
//   and on any nested schema the code wants to name (e.g. the card meta items -> CardMeta). Titles are left for
//   the editors (they are Chinese and would make poor identifiers).
// - `tsType` (json-schema-to-typescript's keyword) gives the type of an opaque part, e.g. an rjsf schema;
//   `tsImports` on the root says where such names come from ({ RJSFSchema: "@rjsf/utils" }).
// - Each schema stands alone (the server and editors read it without resolving files), so a schema that uses a
//   shared part (source, filters, links, table, figures) carries a copy of it under `definitions`. The copies are
//   refreshed by the same command, and their type is imported from the shared schema's generated file rather
//   than generated again.
import fs from 'node:fs';
import path from 'node:path';
import { compile } from 'json-schema-to-typescript';

type Json = Record<string, unknown>;
const isObject = (v: unknown): v is Json => typeof v === 'object' && v !== null && !Array.isArray(v);

export const ROOT = path.resolve(import.meta.dirname, '../..');

/** Every props schema under src/, as paths relative to the project root, sorted. */
export function propsSchemaFiles(root = ROOT): string[] {
  const found: string[] = [];
  const walk = (dir: string) => {
    for (const entry of fs.readdirSync(path.join(root, dir), { withFileTypes: true })) {
      const rel = path.posix.join(dir, entry.name);
      if (entry.isDirectory()) walk(rel);
      else if (entry.name === 'schema.json' || entry.name.endsWith('.schema.json')) found.push(rel);
    }
  };
  walk('src');
  return found.sort();
}

/** cards/schema.json -> cards/schema.gen.ts; assignments/my-tasks.schema.json -> assignments/my-tasks.schema.gen.ts */
export const generatedFile = (schemaFile: string) => schemaFile.replace(/\.json$/, '.gen.ts');

const pascal = (text: string) => text.replace(/(^|[-_.])([a-z0-9])/g, (_m, _sep, c: string) => c.toUpperCase());

/** The root type's name: its `tsName`, or the file's name + Props (the folder's for a plain schema.json). */
export function rootTypeName(schemaFile: string, schema: Json): string {
  if (typeof schema.tsName === 'string') return schema.tsName;
  const base = path.posix.basename(schemaFile);
  const stem = base === 'schema.json' ? path.posix.basename(path.posix.dirname(schemaFile)) : base.replace(/\.schema\.json$/, '');
  return `${pascal(stem)}Props`;
}

/** Definition names that hold a copy of a shared schema, and that schema's file. */
export const SHARED_DEFINITIONS: Record<string, string> = {
  source: 'src/renderers/data/source.schema.json',
  filters: 'src/renderers/filters/schema.json',
  links: 'src/renderers/links/link.schema.json',
  table: 'src/renderers/table/schema.json',
  dialogForm: 'src/renderers/table/dialog-form.schema.json',
  action: 'src/renderers/table/action.schema.json',
  figures: 'src/renderers/stats/figures.schema.json',
};

const readJson = (root: string, file: string) => JSON.parse(fs.readFileSync(path.join(root, file), 'utf8')) as Json;

/**
 * The current copy of a shared schema for another schema's `definitions`. Its own definitions go to the
 * embedding schema's top level (where its `#/definitions/...` references point); a copy keeps its own title
 * and description, which say what the part is for in the embedding screen.
 */
function currentCopy(shared: Json, existing: Json): Json {
  const { $schema: _s, definitions: _d, title, description, ...rest } = shared;
  return { title: existing.title ?? title, description: existing.description ?? description, ...rest };
}

/** Schema files whose embedded copies are out of date, with their refreshed text. */
export function refreshedCopies(root = ROOT): Map<string, string> {
  const out = new Map<string, string>();
  for (const file of propsSchemaFiles(root)) {
    const schema = readJson(root, file);
    const definitions = (schema.definitions as Json | undefined) ?? {};
    let changed = false;
    for (const [key, sharedFile] of Object.entries(SHARED_DEFINITIONS)) {
      const existing = definitions[key];
      if (sharedFile === file || !isObject(existing)) continue;
      const copy = currentCopy(readJson(root, sharedFile), existing);
      if (JSON.stringify(copy) !== JSON.stringify(existing)) {
        definitions[key] = copy;
        changed = true;
      }
    }
    if (changed) out.set(file, withDefinitions(fs.readFileSync(path.join(root, file), 'utf8'), schema));
  }
  return out;
}

/** Rewrites only the trailing `definitions` block when it is the last key, so the rest keeps its hand layout. */
function withDefinitions(text: string, schema: Json): string {
  const at = text.lastIndexOf('\n  "definitions": {');
  const keys = Object.keys(schema);
  if (at < 0 || keys[keys.length - 1] !== 'definitions') return `${JSON.stringify(schema, null, 2)}\n`;
  return `${text.slice(0, at)}\n  "definitions": ${JSON.stringify(schema.definitions, null, 2).replace(/\n/g, '\n  ')}\n}\n`;
}

/**
 * Drops editor titles, turns `tsName` into the title the generator names types by, and points references to
 * shared definitions at their imported type. A `$ref` keeps no siblings (draft-07 ignores them; the generator
 * would otherwise emit one copy of the type per use).
 */
export function forGenerator(schema: unknown, sharedTypes: Record<string, string> = {}): unknown {
  if (Array.isArray(schema)) return schema.map((s) => forGenerator(s, sharedTypes));
  if (!isObject(schema)) return schema;
  if (typeof schema.$ref === 'string') {
    const shared = sharedTypes[schema.$ref.replace('#/definitions/', '')];
    return shared ? { tsType: shared } : { $ref: schema.$ref };
  }
  const out: Json = {};
  for (const [key, value] of Object.entries(schema)) {
    if (key === 'title' || key === '$schema' || key === 'tsImports' || key === 'tsName') continue;
    if ((key === 'properties' || key === 'definitions') && isObject(value)) {
      out[key] = Object.fromEntries(Object.entries(value).map(([name, sub]) => [name, forGenerator(sub, sharedTypes)]));
    } else out[key] = forGenerator(value, sharedTypes);
  }
  if (typeof schema.tsName === 'string') out.title = schema.tsName;
  return out;
}

const relativeImport = (fromFile: string, toFile: string) => {
  const rel = path.posix.relative(path.posix.dirname(fromFile), toFile.replace(/\.ts$/, ''));
  return rel.startsWith('.') ? rel : `./${rel}`;
};

/** How json-schema-to-typescript writes every generated type (props and config files alike). */
export const COMPILE_OPTIONS = {
  bannerComment: '',
  additionalProperties: false,
  ignoreMinAndMaxItems: true,
  unreachableDefinitions: false,
  declareExternallyReferenced: true,
  format: true,
  style: { printWidth: 120, singleQuote: true },
};

/** Generates the `*.gen.ts` text of every props schema: file -> content. */
export async function generatePropsTypes(root = ROOT): Promise<Map<string, string>> {
  const schemas = new Map(propsSchemaFiles(root).map((f) => [f, readJson(root, f)]));

  const out = new Map<string, string>();
  for (const [file, schema] of schemas) {
    const target = generatedFile(file);
    const imports = new Map<string, Set<string>>();
    const use = (from: string, name: string) => imports.set(from, (imports.get(from) ?? new Set()).add(name));
    for (const [name, from] of Object.entries((schema.tsImports as Record<string, string> | undefined) ?? {})) use(from, name);

    const definitions: Json = { ...((schema.definitions as Json | undefined) ?? {}) };
    const sharedTypes: Record<string, string> = {};
    for (const key of Object.keys(definitions)) {
      const sharedFile = SHARED_DEFINITIONS[key];
      if (!sharedFile || sharedFile === file) continue;
      sharedTypes[key] = rootTypeName(sharedFile, schemas.get(sharedFile) as Json);
      delete definitions[key];
      use(relativeImport(target, generatedFile(sharedFile)), sharedTypes[key]);
    }
    const prepared = forGenerator({ ...schema, definitions }, sharedTypes) as Json;
    if (Object.keys(definitions).length === 0) delete prepared.definitions;

    const body = await compile(prepared as never, rootTypeName(file, schema), COMPILE_OPTIONS);
    const used = (name: string) => new RegExp(`\\b${name}\\b`).test(body);
    const importLines = [...imports.entries()]
      .map(([from, names]) => [from, [...names].filter(used).sort()] as const)
      .filter(([, names]) => names.length > 0)
      .sort(([a], [b]) => a.localeCompare(b))
      .map(([from, names]) => `import type { ${names.join(', ')} } from '${from}';`);
    out.set(target, [
      `// Generated from ${path.posix.basename(file)} by npm run config:schema — edit the schema, not this file.`,
      ...importLines,
      '',
      body.trim(),
      '',
    ].join('\n'));
  }
  return out;
}

export const SCREEN_PROPS_FILE = 'src/screenProps.gen.ts';

/** The server's copy of every screen type's props schema, keyed by type (it validates YAML props with them). */
export const PROPS_SCHEMAS_FILE = 'shared/props-schemas.gen.json';

export function propsSchemasJson(propsSchemas: Record<string, object>): string {
  const sorted = Object.fromEntries(Object.keys(propsSchemas).sort().map((type) => [type, propsSchemas[type]]));
  return `${JSON.stringify(sorted, null, 2)}\n`;
}

/**
 * The text of src/screenProps.gen.ts: for every registered screen type, the props type generated from its
 * schema, added to the engine's `ScreenPropsByType`. With it `register('cards', Component)` only type-checks
 * when Component takes exactly what the cards schema lets YAML say.
 */
export function screenPropsMap(propsSchemas: Record<string, object>, root = ROOT): string {
  const files = propsSchemaFiles(root).map((file) => ({ file, schema: readJson(root, file) }));
  const entries = Object.keys(propsSchemas).sort().map((type) => {
    const text = JSON.stringify(propsSchemas[type]);
    const found = files.find((f) => JSON.stringify(f.schema) === text);
    if (!found) throw new Error(`no schema file under src/ holds the props schema of "${type}"`);
    return { type, name: rootTypeName(found.file, found.schema), from: relativeImport(SCREEN_PROPS_FILE, generatedFile(found.file)) };
  });
  const key = (type: string) => (/^[a-z]\w*$/i.test(type) ? type : `'${type}'`);
  return [
    '// Generated from src/propsSchemas.ts by npm run config:schema — edit the schemas, not this file.',
    ...entries.map((e) => `import type { ${e.name} } from '${e.from}';`),
    '',
    "declare module './engine/registry' {",
    '  interface ScreenPropsByType {',
    ...entries.map((e) => `    ${key(e.type)}: ${e.name};`),
    '  }',
    '}',
    '',
  ].join('\n');
}
