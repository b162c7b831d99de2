// The login form is drawn without rjsf (PlainForm) while its YAML stays plain; its checks must give exactly what the
// rjsf form's validator gives for the same YAML, or a student would see other messages than on the other forms.
import fs from 'node:fs';
import path from 'node:path';
import { parse } from 'yaml';
import { describe, expect, it } from 'vitest';
import type { RJSFSchema } from '@rjsf/utils';
import { makeTransformErrors, type FieldMessages } from '../../src/renderers/form/messages';
import { plainFields, validatePlain } from '../../src/renderers/form/plainFields';
import { validator } from '../../src/renderers/form/validator';

const screen = parse(fs.readFileSync(path.resolve(import.meta.dirname, '../../config/screens/login.yaml'), 'utf8'));
const forms = screen.props.forms as Record<string, { schema: RJSFSchema; uiSchema?: Record<string, unknown>; messages?: FieldMessages }>;

/** What SchemaForm shows per field: its validator's failures through the same transform. */
function rjsfMessages(schema: RJSFSchema, messages: FieldMessages | undefined, data: Record<string, unknown>) {
  const { errors } = validator.validateFormData(data, schema, undefined, makeTransformErrors(messages));
  return Object.fromEntries(errors.map((e) => [(e.property ?? '').replace(/^\./, ''), e.message]));
}

describe('plain forms', () => {
  it('the login form is plain; forms with a checkbox, a number or an unknown widget are not', () => {
    expect(plainFields(forms.login.schema, forms.login.uiSchema, ['captcha'])?.map((f) => [f.name, f.widget, f.required])).toEqual([
      ['username', undefined, true],
      ['password', 'password', true],
      ['code', 'captcha', true],
    ]);
    expect(plainFields(forms.login.schema, forms.login.uiSchema, [])).toBeNull(); // the captcha widget is not drawn by the caller
    expect(plainFields(forms.register.schema, forms.register.uiSchema, ['mobile', 'smsCode', 'hintedPassword', 'agreement'])).toBeNull();
    expect(plainFields(forms.complete.schema, forms.complete.uiSchema, ['org'])).toBeNull();
    expect(plainFields({ ...forms.login.schema, properties: { ...forms.login.schema.properties, code: { type: 'string', format: 'email' } } }, undefined, [])).toBeNull();
  });

  const inputs: Record<string, unknown>[] = [
    {},
    { username: 'ab' },
    { username: 'a!' },
    { username: 'ab!' },
    { username: 'x'.repeat(21), password: '12345', code: '12' },
    { username: 'student1', password: '1'.repeat(17), code: '12345' },
    { username: '学生甲乙丙', password: '密码密码密码', code: 'abcd' },
    { username: 'demo', password: 'demo123', code: 'ab3d' },
  ];
  it.each(['login', 'bind'])('the %s form gives the rjsf form\'s messages for every input', (name) => {
    const form = forms[name];
    const fields = plainFields(form.schema, form.uiSchema, ['captcha'])!;
    expect(fields).not.toBeNull();
    for (const data of inputs) expect(validatePlain(fields, data, form.messages), JSON.stringify(data)).toEqual(rjsfMessages(form.schema, form.messages, data));
    expect(validatePlain(fields, {}, form.messages).username).toBe('请输入账号');
    expect(validatePlain(fields, { username: 'ab' }, form.messages).username).toBe('账号最少为4位');
  });
});
