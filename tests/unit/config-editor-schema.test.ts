import fs from 'node:fs';
import path from 'node:path';
import Ajv from 'ajv';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { editorScreenSchema } from '../../server/config/editor-schema';
import { propsSchemas } from '../../src/propsSchemas';

const CONFIG = path.resolve(import.meta.dirname, '../../config');
const committed = () => JSON.parse(fs.readFileSync(path.join(CONFIG, 'schema/screen.editor.schema.json'), 'utf8'));

describe('editor schema for screen files', () => {
  it('is up to date with the registered props schemas (run npm run config:schema after adding a renderer)', () => {
    expect(committed()).toEqual(editorScreenSchema(propsSchemas));
  });

  it('is what every screen file points its editor at', () => {
    for (const f of fs.readdirSync(path.join(CONFIG, 'screens'))) {
      expect(fs.readFileSync(path.join(CONFIG, 'screens', f), 'utf8').split('\n')[0], f).toBe('# yaml-language-server: $schema=../schema/screen.editor.schema.json');
    }
  });

  it("accepts the shipped screens and rejects a wrong prop of a renderer's own schema, as an editor would", () => {
    const ajv = new Ajv({ allErrors: true, strict: false });
    ajv.addSchema(JSON.parse(fs.readFileSync(path.join(CONFIG, 'schema/screen.schema.json'), 'utf8')));
    const validate = ajv.compile(committed());
    const screen = parse(fs.readFileSync(path.join(CONFIG, 'screens/practice-list.yaml'), 'utf8'));
    expect(validate(screen), JSON.stringify(validate.errors)).toBe(true);
    expect(validate({ ...screen, props: { ...screen.props, pageSise: 8 } })).toBe(false);
    expect(validate.errors?.some((e) => e.params && (e.params as { additionalProperty?: string }).additionalProperty === 'pageSise')).toBe(true);
  });
});
