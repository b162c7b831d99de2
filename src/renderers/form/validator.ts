import type { CustomValidator, ErrorTransformer, RJSFSchema, RJSFValidationError, UiSchema, ValidationData, ValidatorType } from '@rjsf/utils';
import { createErrorHandler, getDefaultFormState, ID_KEY, ROOT_SCHEMA_PREFIX, toErrorSchema, unwrapErrorHandler, validationDataMerge, withIdRefPrefix } from '@rjsf/utils';
import { Validator, type ValidationError } from 'jsonschema';

/**
 * The forms' validator for rjsf, without `eval` or `new Function`, so the site runs under `script-src 'self'`.
 * Ajv (rjsf's default validator) compiles every schema into a `Function`; the forms' schemas come from YAML at run
 * time (the server hot-reloads it), so they cannot all be compiled ahead of time. `jsonschema` walks the schema
 * instead. Its failures are reported in the shape rjsf's Ajv validator gives (`name` = keyword, dotted `property`,
 * Ajv's `params`), so `transformErrors` (messages.ts) picks the same Chinese text from the YAML as before.
 */

/** Ajv's `params` for a keyword, from jsonschema's `argument`: messages.ts reads `limit` for the bounds. */
function paramsFor(error: ValidationError): Record<string, unknown> {
  const argument = error.argument as unknown;
  switch (error.name) {
    case 'required':
      return { missingProperty: argument };
    case 'minLength':
    case 'maxLength':
    case 'minimum':
    case 'maximum':
    case 'exclusiveMinimum':
    case 'exclusiveMaximum':
    case 'minItems':
    case 'maxItems':
    case 'minProperties':
    case 'maxProperties':
      return { limit: argument };
    case 'type':
      return { type: Array.isArray(argument) ? argument.join(',') : argument };
    case 'enum':
      return { allowedValues: argument };
    case 'const':
      return { allowedValue: argument };
    case 'pattern':
      return { pattern: argument };
    case 'format':
      return { format: argument };
    default:
      return { argument };
  }
}

/** One jsonschema failure as rjsf reports an Ajv one: `.a.b` paths, the missing property appended for `required`. */
function toRjsfError(error: ValidationError): RJSFValidationError {
  const params = paramsFor(error);
  const base = error.path.map((part) => `.${part}`).join('');
  const missing = String(params.missingProperty);
  const property = error.name !== 'required' ? base : base ? `${base}.${missing}` : missing;
  const message = error.message;
  return { name: error.name, property, message, params, stack: `${property} ${message}`.trim(), schemaPath: undefined, title: '' };
}

/**
 * `dependencies: { key: schema }` as the equivalent `if key is present, then schema`. jsonschema checks a dependency's
 * schema against the same object but reports its failures one level down, under the key's name (`.type.answer` for
 * the form's `answer`); `if`/`then` keeps them where they are. Array dependencies are left as they are.
 */
const rewritten = new WeakMap<object, unknown>();
function dependenciesAsConditions(node: unknown): unknown {
  if (!node || typeof node !== 'object') return node;
  const known = rewritten.get(node);
  if (known) return known;
  let out: unknown;
  if (Array.isArray(node)) out = node.map(dependenciesAsConditions);
  else {
    const entries = Object.entries(node).map(([k, v]) => [k, dependenciesAsConditions(v)] as const);
    const object: Record<string, unknown> = Object.fromEntries(entries.filter(([k]) => k !== 'dependencies'));
    const dependencies = (node as { dependencies?: Record<string, unknown> }).dependencies;
    if (dependencies && typeof dependencies === 'object') {
      const kept = Object.entries(dependencies).filter(([, dep]) => Array.isArray(dep));
      const conditions = Object.entries(dependencies).filter(([, dep]) => dep && typeof dep === 'object' && !Array.isArray(dep))
        .map(([key, dep]) => ({ if: { required: [key] }, then: dependenciesAsConditions(dep) }));
      if (kept.length) object.dependencies = Object.fromEntries(kept);
      if (conditions.length) object.allOf = [...((object.allOf as unknown[] | undefined) ?? []), ...conditions];
    }
    out = object;
  }
  rewritten.set(node, out);
  return out;
}

export class InterpretingValidator<T = unknown> implements ValidatorType<T, RJSFSchema> {
  private engine = new Validator();
  private rootSchema?: RJSFSchema;

  /** Registers the form's root schema under rjsf's root id, so `$ref`s rewritten by `withIdRefPrefix` resolve. */
  private useRoot(rootSchema: RJSFSchema): void {
    if (this.rootSchema === rootSchema) return;
    this.engine = new Validator();
    this.engine.addSchema(rootSchema as never, (rootSchema[ID_KEY] as string | undefined) ?? ROOT_SCHEMA_PREFIX);
    this.rootSchema = rootSchema;
  }

  private run(schema: RJSFSchema, data: unknown): ValidationError[] {
    // nestedErrors: the failures inside oneOf/anyOf branches too (e.g. `const` of each option), as Ajv's allErrors.
    const errors = this.engine.validate(data, dependenciesAsConditions(schema) as never, { nestedErrors: true, allowUnknownAttributes: true }).errors;
    // The failed `if`/`then` itself is not a field's error (Ajv reports only what failed inside).
    return errors.filter((e) => e.name !== 'then' && e.name !== 'if');
  }

  rawValidation<Result = RJSFValidationError>(schema: RJSFSchema, formData?: T): { errors?: Result[]; validationError?: Error } {
    try {
      const errors = this.run(schema, formData).map(toRjsfError);
      return { errors: (errors.length ? errors : undefined) as Result[] | undefined };
    } catch (error) {
      return { validationError: error as Error };
    }
  }

  validateFormData(
    formData: T | undefined,
    schema: RJSFSchema,
    customValidate?: CustomValidator<T, RJSFSchema>,
    transformErrors?: ErrorTransformer<T, RJSFSchema>,
    uiSchema?: UiSchema<T, RJSFSchema>,
  ): ValidationData<T> {
    const raw = this.rawValidation<RJSFValidationError>(schema, formData);
    let errors = raw.errors ?? [];
    if (raw.validationError) errors = [...errors, { stack: raw.validationError.message }];
    if (transformErrors) errors = transformErrors(errors, uiSchema);
    let errorSchema = toErrorSchema<T>(errors);
    if (raw.validationError) errorSchema = { ...errorSchema, $schema: { __errors: [raw.validationError.message] } } as typeof errorSchema;
    if (!customValidate) return { errors, errorSchema };
    // customValidate sees every field, the empty ones as undefined (rjsf's contract).
    const full = getDefaultFormState<T, RJSFSchema>(this, schema, formData, schema, true) as T;
    const handler = customValidate(full, createErrorHandler<T>(full), uiSchema, errorSchema);
    return validationDataMerge<T>({ errors, errorSchema }, unwrapErrorHandler<T>(handler));
  }

  isValid(schema: RJSFSchema, formData: T | undefined, rootSchema: RJSFSchema): boolean {
    try {
      this.useRoot(rootSchema);
      return this.run(withIdRefPrefix(schema) as RJSFSchema, formData).length === 0;
    } catch {
      return false;
    }
  }

  reset(): void {
    this.engine = new Validator();
    this.rootSchema = undefined;
  }
}

/** One validator for every form (it keeps no state between forms but the last root schema). */
export const validator = new InterpretingValidator();
