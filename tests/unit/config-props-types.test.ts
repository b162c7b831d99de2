// Props types are derived from the props schemas: the committed `*.gen.ts` files and the shared parts copied
// into schemas must be what `npm run config:schema` produces, and the generator follows its conventions.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { CONFIG_TYPE_FILES, generateConfigTypes } from '../../server/config/config-types';
import { generatePropsTypes, PROPS_SCHEMAS_FILE, propsSchemaFiles, propsSchemasJson, refreshedCopies, ROOT, SCREEN_PROPS_FILE, screenPropsMap } from '../../server/config/props-types';
import { propsSchemas } from '../../src/propsSchemas';

function tempProject(files: Record<string, unknown>): string {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'props-types-'));
  for (const [file, json] of Object.entries(files)) {
    fs.mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
    fs.writeFileSync(path.join(root, file), JSON.stringify(json, null, 2));
  }
  return root;
}
const sourceSchema = JSON.parse(fs.readFileSync(path.join(ROOT, 'src/renderers/data/source.schema.json'), 'utf8'));

describe('props types generated from the props schemas', () => {
  it('are committed up to date with every schema (run npm run config:schema after editing one)', async () => {
    const generated = await generatePropsTypes();
    expect(generated.size).toBe(propsSchemaFiles().length);
    for (const [file, text] of generated) {
      expect(fs.existsSync(path.join(ROOT, file)), `${file} is missing`).toBe(true);
      expect(fs.readFileSync(path.join(ROOT, file), 'utf8'), `${file} is out of date`).toBe(text);
    }
  });

  it('are bound to every screen type in src/screenProps.gen.ts, which register() checks components against', () => {
    const text = screenPropsMap(propsSchemas);
    expect(fs.readFileSync(path.join(ROOT, SCREEN_PROPS_FILE), 'utf8'), `${SCREEN_PROPS_FILE} is out of date`).toBe(text);
    for (const type of Object.keys(propsSchemas)) expect(text).toMatch(new RegExp(`\\n    '?${type}'?: \\w+Props;`));
    expect(text).toContain("    cards: CardsProps;\n");
    expect(text).toContain("import type { CardsProps } from './renderers/cards/schema.gen';");
  });

  it("give the server a current copy of every props schema (shared/props-schemas.gen.json), so it never reads the client's tree", () => {
    expect(fs.readFileSync(path.join(ROOT, PROPS_SCHEMAS_FILE), 'utf8'), `${PROPS_SCHEMAS_FILE} is out of date`).toBe(propsSchemasJson(propsSchemas));
  });

  it('give client and server the config files\' own types, committed up to date with config/schema/*.json', async () => {
    const generated = await generateConfigTypes();
    expect([...generated.keys()]).toEqual(Object.values(CONFIG_TYPE_FILES));
    for (const [file, text] of generated) expect(fs.readFileSync(path.join(ROOT, file), 'utf8'), `${file} is out of date`).toBe(text);
    // Closed blocks give closed types: a misspelt key in code is a compile error, as in YAML it is a config:check error.
    expect(generated.get('shared/app-config.gen.ts')).toMatch(/ {2}polling\?: \{\n(?:(?! {2}\}).*\n)*? {4}newWork\?: NewWorkPolling;\n {2}\};/);
    expect(generated.get('shared/app-config.gen.ts')).toContain('export interface LimitRule {');
    expect(generated.get('shared/endpoints.gen.ts')).toContain('export interface Endpoint {');
  });

  it('leave no shared part copied into a schema out of date', () => {
    expect([...refreshedCopies().keys()]).toEqual([]);
  });

  it('name types by tsName, type opaque parts by tsType and import shared parts instead of repeating them', async () => {
    const root = tempProject({
      'src/renderers/data/source.schema.json': sourceSchema,
      'src/custom/score-board/score-board.schema.json': {
        title: '成绩榜 (score-board)',
        type: 'object',
        additionalProperties: false,
        required: ['source', 'rows'],
        tsImports: { RJSFSchema: '@rjsf/utils' },
        properties: {
          source: { $ref: '#/definitions/source' },
          form: { type: 'object', tsType: 'RJSFSchema' },
          rows: { type: 'array', items: { tsName: 'BoardRow', type: 'object', additionalProperties: false, required: ['field'], properties: { field: { type: 'string' }, tone: { enum: ['red', 'blue'] } } } },
        },
        definitions: { source: sourceSchema },
      },
    });
    const text = (await generatePropsTypes(root)).get('src/custom/score-board/score-board.schema.gen.ts') ?? '';
    expect(text).toContain('export interface ScoreBoardProps {');
    expect(text).toContain('source: SourceConfig;');
    expect(text).toContain("import type { SourceConfig } from '../../renderers/data/source.schema.gen';");
    expect(text).toContain('form?: RJSFSchema;');
    expect(text).toContain("import type { RJSFSchema } from '@rjsf/utils';");
    expect(text).toContain('rows: BoardRow[];');
    expect(text).toMatch(/export interface BoardRow \{\s+field: string;\s+tone\?: 'red' \| 'blue';/);
    expect(text).not.toContain('interface SourceConfig');
    expect(text).not.toContain('成绩榜');
  });

  it('refresh a stale copy of a shared part and keep its own title', () => {
    const root = tempProject({
      'src/renderers/data/source.schema.json': sourceSchema,
      'src/renderers/board/schema.json': {
        type: 'object',
        properties: { source: { $ref: '#/definitions/source' } },
        definitions: { source: { title: '成绩来源', type: 'object', properties: { endpoint: { type: 'string' } } } },
      },
    });
    const refreshed = JSON.parse(refreshedCopies(root).get('src/renderers/board/schema.json') ?? '{}');
    const { $schema: _s, title: _t, ...shared } = sourceSchema;
    expect(refreshed.definitions.source).toEqual({ title: '成绩来源', ...shared });
  });
});
