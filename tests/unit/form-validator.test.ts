// The forms' validator (src/renderers/form/validator.ts) runs under `script-src 'self'`: it must never compile code,
// and it must show the same Chinese message under the same field as Ajv (rjsf's default, which compiles) did, for
// every form written in config/screens.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { RJSFSchema } from '@rjsf/utils';
import ajvValidator from '@rjsf/validator-ajv8';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { parse } from 'yaml';
import { makeTransformErrors, type FieldMessages } from '../../src/renderers/form/messages';
import { InterpretingValidator } from '../../src/renderers/form/validator';

interface YamlForm {
  where: string;
  schema: RJSFSchema;
  messages?: FieldMessages;
}

/** Every form in the screens' YAML: an object with a `schema` of type object (login forms, dialogs, toolbars). */
function formsInConfig(): YamlForm[] {
  const dir = join(import.meta.dirname, '../../config/screens');
  const forms: YamlForm[] = [];
  const walk = (node: unknown, where: string): void => {
    if (Array.isArray(node)) return node.forEach((item, i) => walk(item, `${where}[${i}]`));
    if (!node || typeof node !== 'object') return;
    const record = node as Record<string, unknown>;
    const schema = record.schema as RJSFSchema | undefined;
    if (schema && typeof schema === 'object' && schema.type === 'object' && schema.properties) forms.push({ where, schema, messages: record.messages as FieldMessages | undefined });
    for (const [key, value] of Object.entries(record)) walk(value, `${where}.${key}`);
  };
  for (const file of readdirSync(dir).filter((f) => f.endsWith('.yaml'))) walk(parse(readFileSync(join(dir, file), 'utf8')), file);
  return forms;
}

/** Inputs that break each rule a field can have: empty, too short, too long, wrong characters, wrong type. */
function inputsFor(schema: RJSFSchema): Record<string, unknown>[] {
  const inputs: Record<string, unknown>[] = [{}];
  for (const name of Object.keys(schema.properties ?? {})) {
    for (const value of ['', 'a', 'ab!', 'x'.repeat(300), '12345678', -5, 3.5, 1e6, ['a'], 'zz']) inputs.push({ [name]: value });
  }
  return inputs;
}

/** What a user sees: the message under each field, as `field: message`, sorted. */
function shown(validator: { validateFormData: InterpretingValidator['validateFormData'] }, form: YamlForm, data: Record<string, unknown>): string[] {
  const { errors } = validator.validateFormData(data, form.schema, undefined, makeTransformErrors(form.messages));
  return errors.map((e) => `${e.property}: ${e.message}`).sort();
}

describe('the forms validator', () => {
  const forms = formsInConfig();
  const ours = new InterpretingValidator();

  afterEach(() => vi.unstubAllGlobals());

  it('finds the forms of the configuration', () => {
    expect(forms.length).toBeGreaterThanOrEqual(15);
  });

  it('never compiles code: validates every form with Function and eval taken away', () => {
    const refuse = function () {
      throw new Error('code compiled at run time');
    };
    vi.stubGlobal('Function', refuse);
    vi.stubGlobal('eval', refuse);
    for (const form of forms) {
      for (const data of inputsFor(form.schema)) {
        const result = ours.validateFormData(data, form.schema, undefined, makeTransformErrors(form.messages));
        expect(result.errorSchema, form.where).not.toHaveProperty('$schema'); // where a failed compilation is reported
      }
      expect(typeof ours.isValid(form.schema, {}, form.schema)).toBe('boolean');
    }
    // The same through Ajv fails (it reports the failed compilation as an error): this test can tell the difference.
    const ajv = ajvValidator.validateFormData({}, { type: 'object', properties: { fresh: { type: 'string', minLength: 2 } } });
    expect(ajv.errorSchema).toHaveProperty('$schema.__errors', ['code compiled at run time']);
  });

  it('shows the same Chinese message under the same field as the Ajv validator did, for every form and input', () => {
    let compared = 0;
    for (const form of forms) {
      for (const data of inputsFor(form.schema)) {
        expect(shown(ours, form, data), `${form.where} ${JSON.stringify(data).slice(0, 60)}`).toEqual(shown(ajvValidator, form, data));
        compared++;
      }
    }
    expect(compared).toBeGreaterThan(300);
  });

  it('tells valid from invalid as Ajv does (rjsf uses it to pick oneOf options)', () => {
    const schema: RJSFSchema = { type: 'object', properties: { kind: { type: 'string', oneOf: [{ const: 'a', title: 'A' }, { const: 'b', title: 'B' }] } } };
    for (const value of ['a', 'b', 'c', 1]) {
      expect(ours.isValid(schema, { kind: value }, schema)).toBe(ajvValidator.isValid(schema, { kind: value }, schema));
    }
  });
});
