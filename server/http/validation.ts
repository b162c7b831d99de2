import type { FastifySchemaValidationError } from 'fastify/types/schema';

/**
 * Turns ajv errors from a route schema into Chinese messages. A property's `title` names the field
 * (e.g. 账号); a schema may set `errorMessage` to replace the generated text for that property.
 */
export interface FieldSchema {
  title?: string;
  /** One message for every rule, or one per rule keyword (required, pattern, minLength, ...). */
  errorMessage?: string | Record<string, string>;
}

function fieldOf(error: FastifySchemaValidationError): string {
  if (error.keyword === 'required') return String(error.params.missingProperty);
  if (error.keyword === 'additionalProperties') return String(error.params.additionalProperty);
  return error.instancePath.replace(/^\//, '').replace(/\//g, '.') || 'body';
}

function describe(error: FastifySchemaValidationError, label: string): string {
  const p = error.params as Record<string, unknown>;
  // The whole body (not one field) is wrong: say so plainly instead of naming a field called "body".
  if (label === 'body' || label === 'querystring') return '请求内容格式不正确：应为表单字段';
  // A field without a Chinese title is an integration mistake, not a user's typo: name the field as sent.
  if (/^[\w.]+$/.test(label)) return `请求内容格式不正确：${describe(error, `字段 ${label} `).replace(/^请填写/, '缺少')}`;
  switch (error.keyword) {
    case 'required':
      return `请填写${label}`;
    case 'type':
      return p.type === 'integer' || p.type === 'number' ? `${label}必须是数字` : `${label}格式不正确`;
    case 'minLength':
      return `${label}最少为${p.limit}位`;
    case 'maxLength':
      return `${label}过长,最长为${p.limit}位`;
    case 'minimum':
      return `${label}不能小于${p.limit}`;
    case 'maximum':
      return `${label}不能大于${p.limit}`;
    case 'enum':
      return `${label}的取值不正确`;
    case 'pattern':
    case 'format':
      return `${label}格式不正确`;
    case 'additionalProperties':
      return `不支持的参数 ${label}`;
    default:
      return `${label}不正确`;
  }
}

/** Finds the property schema an error is about, to read its title and custom message. */
function propertySchema(schema: unknown, field: string): FieldSchema | undefined {
  let node = schema as { properties?: Record<string, unknown> } | undefined;
  for (const key of field.split('.')) node = node?.properties?.[key] as typeof node;
  return node as FieldSchema | undefined;
}

export function toFieldErrors(errors: FastifySchemaValidationError[], schema: unknown): Record<string, string[]> {
  const out: Record<string, string[]> = {};
  for (const error of errors) {
    const field = fieldOf(error);
    const prop = propertySchema(schema, field);
    const custom = typeof prop?.errorMessage === 'object' ? prop.errorMessage[error.keyword] : prop?.errorMessage;
    const message = custom ?? describe(error, prop?.title ?? field);
    const messages = (out[field] ??= []);
    if (!messages.includes(message)) messages.push(message);
  }
  return out;
}
