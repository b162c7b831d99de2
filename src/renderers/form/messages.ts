import type { ErrorSchema, RJSFValidationError } from '@rjsf/utils';

/** YAML `messages`: per field (dotted path or plain name), per JSON Schema keyword, the Chinese text to show. */
export type FieldMessages = Record<string, Partial<Record<string, string>>>;

/** Chinese text for keywords the YAML does not cover, so ajv's English never reaches the screen. */
const FALLBACK: Record<string, (p: Record<string, unknown>) => string> = {
  required: () => '此项为必填项',
  type: () => '格式不正确',
  format: () => '格式不正确',
  pattern: () => '格式不正确',
  minLength: (p) => `最少为${p.limit}位`,
  maxLength: (p) => `过长,最长为${p.limit}位`,
  minimum: (p) => `不能小于${p.limit}`,
  maximum: (p) => `不能大于${p.limit}`,
  exclusiveMinimum: (p) => `必须大于${p.limit}`,
  exclusiveMaximum: (p) => `必须小于${p.limit}`,
  enum: () => '请从选项中选择',
  const: () => '取值不正确',
  minItems: (p) => `至少选择${p.limit}项`,
  maxItems: (p) => `最多选择${p.limit}项`,
};

/** Which of several failures of one field is reported: the first a user should fix. */
const PRIORITY = ['required', 'type', 'format', 'pattern', 'minLength', 'maxLength', 'minimum', 'maximum', 'enum', 'const'];

/** `.a.b`, `a.b`, `['a'].b` all become `a.b`. */
export function fieldPath(property: string | undefined): string {
  return (property ?? '')
    .replace(/\[['"]([^'"\]]*)['"]\]/g, '.$1')
    .replace(/\[(\d+)\]/g, '.$1')
    .replace(/^\./, '');
}

function rank(name: string | undefined): number {
  const i = PRIORITY.indexOf(name ?? '');
  return i === -1 ? PRIORITY.length : i;
}

/** The message for one failure: YAML for the full path, then for the last segment, then the Chinese fallback. */
export function messageFor(error: RJSFValidationError, messages: FieldMessages | undefined): string {
  const path = fieldPath(error.property);
  const name = error.name ?? '';
  const last = path.split('.').pop() ?? path;
  const own = messages?.[path]?.[name] ?? messages?.[last]?.[name];
  if (own) return own;
  const fallback = FALLBACK[name];
  return fallback ? fallback((error.params ?? {}) as Record<string, unknown>) : '输入不正确';
}

/**
 * rjsf `transformErrors`: every error gets its Chinese text, and each field keeps only its most basic failure,
 * so "ab" under a 4-20 letters-or-digits rule reads 账号最少为4位, not a stack of messages.
 */
export function makeTransformErrors(messages: FieldMessages | undefined) {
  return (errors: RJSFValidationError[]): RJSFValidationError[] => {
    const best = new Map<string, RJSFValidationError>();
    for (const error of errors) {
      const path = fieldPath(error.property);
      const kept = best.get(path);
      if (!kept || rank(error.name) < rank(kept.name)) best.set(path, error);
    }
    return [...best.values()].map((error) => {
      const message = messageFor(error, messages);
      return { ...error, message, stack: message };
    });
  };
}

/** A 422 reply's `errors: { field: [msg] }` as rjsf `extraErrors`, shown under the fields like local ones. */
export function serverErrorsToErrorSchema(errors: Record<string, string[]> | undefined): ErrorSchema | undefined {
  if (!errors) return undefined;
  const schema: Record<string, unknown> = {};
  for (const [field, list] of Object.entries(errors)) {
    let node = schema;
    for (const part of field.split('.')) {
      node[part] = (node[part] as Record<string, unknown>) ?? {};
      node = node[part] as Record<string, unknown>;
    }
    node.__errors = list;
  }
  return schema as ErrorSchema;
}
