// The schema editors use for screen files (config/schema/screen.editor.schema.json): the screen schema plus, for
// each registered screen type, that type's own props schema — so `props:` autocompletes for custom renderers
// exactly like for built-in ones. Generated from src/propsSchemas.ts by `npm run config:schema`; a unit test fails
// when the committed file is out of date.
type Json = Record<string, unknown>;

const isObject = (v: unknown): v is Json => typeof v === 'object' && v !== null && !Array.isArray(v);

// Read by the props types generator only (server/config/props-types.ts); editors have no use for them.
const GENERATOR_KEYWORDS = new Set(['tsName', 'tsType', 'tsImports']);

/** Moves a schema's local definitions under a prefix so many schemas can share one document. */
function rehome(schema: unknown, prefix: string): unknown {
  if (Array.isArray(schema)) return schema.map((s) => rehome(s, prefix));
  if (!isObject(schema)) return schema;
  const out: Json = {};
  for (const [key, value] of Object.entries(schema)) {
    if (GENERATOR_KEYWORDS.has(key)) continue;
    if (key === '$ref' && typeof value === 'string' && value.startsWith('#/definitions/')) out[key] = `#/definitions/${prefix}.${value.slice('#/definitions/'.length)}`;
    else if (key === '$ref' && value === '#') out[key] = `#/definitions/${prefix}`;
    else out[key] = rehome(value, prefix);
  }
  return out;
}

export function editorScreenSchema(propsSchemas: Record<string, object>): Json {
  const definitions: Json = {};
  const branches: Json[] = [];
  for (const type of Object.keys(propsSchemas).sort()) {
    const { $schema: _s, $id: _i, definitions: local, ...schema } = propsSchemas[type] as Json;
    for (const [name, def] of Object.entries((local as Json | undefined) ?? {})) definitions[`${type}.${name}`] = rehome(def, type);
    definitions[type] = rehome(schema, type);
    branches.push({ if: { properties: { type: { const: type } }, required: ['type'] }, then: { properties: { props: { $ref: `#/definitions/${type}` } } } });
  }
  return {
    $schema: 'http://json-schema.org/draft-07/schema#',
    $id: 'screen.editor.schema.json',
    title: '页面配置（编辑器用：含每种渲染器的参数）',
    description: '由 npm run config:schema 生成，请勿手改。校验规则与 screen.schema.json 和各渲染器的 schema.json 相同。',
    allOf: [{ $ref: 'screen.schema.json' }, ...branches],
    properties: { type: { enum: Object.keys(propsSchemas).sort() } },
    definitions,
  };
}
