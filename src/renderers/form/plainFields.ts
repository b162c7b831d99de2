import type { RJSFSchema, RJSFValidationError, UiSchema } from '@rjsf/utils';
import { makeTransformErrors, type FieldMessages } from './messages';

/**
 * Plain forms: a flat object of text fields checked by `required`, `minLength`, `maxLength` and `pattern` only (the
 * login form). PlainForm draws them without rjsf and its validator, a third of the application's code, so the login
 * page shows its form without waiting for them. Anything else in a schema or uiSchema and the form is not plain:
 * SchemaForm draws it as before.
 */

const FIELD_KEYS = new Set(['type', 'title', 'minLength', 'maxLength', 'pattern']);
const UI_KEYS = new Set(['ui:widget', 'ui:placeholder', 'ui:autocomplete', 'ui:options']);

export interface PlainField {
  name: string;
  title?: string;
  required: boolean;
  minLength?: number;
  maxLength?: number;
  pattern?: string;
  /** `password`, a widget of the caller's map, or none (a text input). */
  widget?: string;
  placeholder?: string;
  autoComplete?: string;
  /** `ui:options: { label: false }` hides the title. */
  label: boolean;
}

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
const optionalNumber = (v: unknown) => (typeof v === 'number' ? v : undefined);
const optionalString = (v: unknown) => (typeof v === 'string' ? v : undefined);

/** The fields of a plain form in schema order, or null when the form needs rjsf. `widgets`: the names the caller draws. */
export function plainFields(schema: RJSFSchema, uiSchema: UiSchema | undefined, widgets: readonly string[]): PlainField[] | null {
  if (schema.type !== 'object' || !isRecord(schema.properties)) return null;
  if (Object.keys(schema).some((k) => !['type', 'required', 'properties', 'title'].includes(k))) return null;
  if (uiSchema && Object.keys(uiSchema).some((k) => k.startsWith('ui:') || !(k in schema.properties!))) return null;
  const required = new Set(Array.isArray(schema.required) ? schema.required : []);
  const fields: PlainField[] = [];
  for (const [name, prop] of Object.entries(schema.properties)) {
    if (!isRecord(prop) || prop.type !== 'string' || Object.keys(prop).some((k) => !FIELD_KEYS.has(k))) return null;
    const ui: Record<string, unknown> = isRecord(uiSchema?.[name]) ? uiSchema[name] : {};
    if (Object.keys(ui).some((k) => !UI_KEYS.has(k))) return null;
    const options = isRecord(ui['ui:options']) ? ui['ui:options'] : {};
    if (Object.keys(options).some((k) => k !== 'label')) return null;
    const widget = optionalString(ui['ui:widget']);
    if (widget !== undefined && widget !== 'password' && !widgets.includes(widget)) return null;
    fields.push({
      name,
      title: optionalString(prop.title),
      required: required.has(name),
      minLength: optionalNumber(prop.minLength),
      maxLength: optionalNumber(prop.maxLength),
      pattern: optionalString(prop.pattern),
      widget,
      placeholder: optionalString(ui['ui:placeholder']),
      autoComplete: optionalString(ui['ui:autocomplete']),
      label: options.label !== false,
    });
  }
  return fields;
}

/** A string's length as JSON Schema counts it (code points, not UTF-16 units). */
const length = (s: string) => [...s].length;

/** As the forms' validator reads a pattern: Unicode-aware where the pattern allows it. */
function matches(pattern: string, text: string): boolean {
  try {
    return new RegExp(pattern, 'u').test(text);
  } catch {
    return new RegExp(pattern).test(text);
  }
}

/**
 * Each field's message, as SchemaForm would give it: the same keywords, the same failure kept when several apply
 * (messages.ts) and the same Chinese text from the YAML.
 */
export function validatePlain(fields: PlainField[], data: Record<string, unknown>, messages: FieldMessages | undefined): Record<string, string> {
  const errors: RJSFValidationError[] = [];
  const fail = (field: PlainField, name: string, params: Record<string, unknown>) => errors.push({ name, property: `.${field.name}`, params, message: '', stack: '' });
  for (const field of fields) {
    const value = data[field.name];
    if (value === undefined || value === null || value === '') {
      if (field.required) fail(field, 'required', { missingProperty: field.name });
      continue;
    }
    const text = String(value);
    if (field.minLength !== undefined && length(text) < field.minLength) fail(field, 'minLength', { limit: field.minLength });
    if (field.maxLength !== undefined && length(text) > field.maxLength) fail(field, 'maxLength', { limit: field.maxLength });
    if (field.pattern !== undefined && !matches(field.pattern, text)) fail(field, 'pattern', { pattern: field.pattern });
  }
  const out: Record<string, string> = {};
  for (const error of makeTransformErrors(messages)(errors)) out[(error.property ?? '').replace(/^\./, '')] = error.message ?? '';
  return out;
}
