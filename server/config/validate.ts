// JSON Schema validation of config values, with ajv errors turned into positioned, operator-friendly issues.
import fs from 'node:fs';
import path from 'node:path';
import Ajv, { type ErrorObject, type ValidateFunction } from 'ajv';
import addFormats from 'ajv-formats';
import type { Issue } from './issues.js';
import { locate, locateIn, type PathSeg, type Target } from './positions.js';

export type ConfigKind = 'app' | 'endpoints' | 'screen' | 'school';
export const CONFIG_KINDS: ConfigKind[] = ['app', 'endpoints', 'screen', 'school'];

export interface Validators {
  /** Validates `data` against the schema of a config file kind and reports at `targets`. */
  check(kind: ConfigKind, data: unknown, targets: Target[]): Issue[];
  /** Validates a screen's props against the renderer's own props schema (no-op for unknown types). */
  checkProps(type: string, props: unknown, targets: Target[]): Issue[];
  hasRendererSchema(type: string): boolean;
  /** Validates with any compiled function (used for derived checks). */
  run(validate: ValidateFunction, data: unknown, targets: Target[]): Issue[];
  ajv: Ajv;
}

export function createAjv(): Ajv {
  const ajv = new Ajv({ allErrors: true, verbose: true, strict: false });
  addFormats(ajv);
  return ajv;
}

const NO_RENDERER_SCHEMAS: Record<string, object> = {};
/**
 * Validators already compiled, by renderer schemas (the same object on every read of one process) and then by the
 * schema files' text and options: compiling was half the time of a configuration read, which the server repeats on
 * every change of a YAML file (and the tests hundreds of times).
 */
const compiledBefore = new WeakMap<object, Map<string, Compiled>>();

type Compiled = { validators: Validators; issues: Issue[] };
type SchemaFile = { kind: ConfigKind; abs: string; text: string } | { kind: ConfigKind; abs: string; error: Error };

/**
 * Compiles the config schemas found in `schemaDir` (`<kind>.schema.json`) and the renderer props schemas.
 * Problems with the schema files themselves are returned as issues (reported at `schemaFile(kind)`).
 */
export function createValidators(
  schemaDir: string,
  rendererSchemas: Record<string, object> = NO_RENDERER_SCHEMAS,
  displayPath: (abs: string) => string = (abs) => abs,
  /** The schemas are the whole registry (every screen type has one), so an unlisted type is an error. */
  allTypesKnown = false,
): Compiled {
  const files = CONFIG_KINDS.map((kind): SchemaFile => {
    const abs = path.join(schemaDir, `${kind}.schema.json`);
    try {
      return { kind, abs, text: fs.readFileSync(abs, 'utf8') };
    } catch (e) {
      return { kind, abs, error: e as Error };
    }
  });
  const key = JSON.stringify([allTypesKnown, files.map((f) => [displayPath(f.abs), 'text' in f ? f.text : null])]);
  const byKey = compiledBefore.get(rendererSchemas) ?? new Map<string, Compiled>();
  compiledBefore.set(rendererSchemas, byKey);
  const known = byKey.get(key);
  if (known) return known;
  const result = compileValidators(files, rendererSchemas, displayPath, allTypesKnown);
  byKey.set(key, result);
  return result;
}

function compileValidators(files: SchemaFile[], rendererSchemas: Record<string, object>, displayPath: (abs: string) => string, allTypesKnown: boolean): Compiled {
  const ajv = createAjv();
  const issues: Issue[] = [];
  const compiled = new Map<ConfigKind, ValidateFunction>();
  for (const file of files) {
    const { kind, abs } = file;
    try {
      if ('error' in file) throw file.error;
      const schema = JSON.parse(file.text) as object;
      compiled.set(kind, ajv.compile(schema));
    } catch (e) {
      issues.push({ file: displayPath(abs), line: 1, column: 1, message: `无法加载 Schema: ${(e as Error).message}` });
    }
  }
  const props = new Map<string, ValidateFunction>();
  for (const [type, schema] of Object.entries(rendererSchemas)) {
    try {
      props.set(type, ajv.compile(schema));
    } catch (e) {
      issues.push({ file: `renderer:${type}`, line: 1, column: 1, message: `渲染器 ${type} 的参数 Schema 无效: ${(e as Error).message}` });
    }
  }
  const run = (validate: ValidateFunction, data: unknown, targets: Target[]): Issue[] => {
    if (validate(data)) return [];
    return errorsToIssues(validate.errors ?? [], data, targets);
  };
  const validators: Validators = {
    ajv,
    run,
    check(kind, data, targets) {
      const v = compiled.get(kind);
      return v ? run(v, data, targets) : [];
    },
    checkProps(type, data, targets) {
      const v = props.get(type);
      if (v) return run(v, data, targets);
      // With the whole registry's schemas at hand, a type none of them names is a typo or a missing renderer.
      if (!allTypesKnown) return [];
      const known = [...props.keys()].sort();
      const hint = suggest(type, known);
      const at = targets[targets.length - 1];
      const pos = locate(at.loaded, ['type']);
      return [{ file: at.loaded.file, line: pos.line, column: pos.column, message: `未知的页面类型 ${type}${hint ? `，是否想写 ${hint}？` : `（可用: ${known.join('、')}）`}` }];
    },
    hasRendererSchema: (type) => props.has(type),
  };
  return { validators, issues };
}

// ---------------------------------------------------------------------------------------------------------------
// ajv error -> Issue

/** Decodes an ajv instancePath (JSON Pointer) into segments, numbers for array indexes. */
export function pointerToPath(pointer: string, data: unknown): PathSeg[] {
  if (!pointer) return [];
  const out: PathSeg[] = [];
  let cur: unknown = data;
  for (const raw of pointer.split('/').slice(1)) {
    const seg = raw.replace(/~1/g, '/').replace(/~0/g, '~');
    if (Array.isArray(cur) && /^\d+$/.test(seg)) {
      out.push(Number(seg));
      cur = cur[Number(seg)];
    } else {
      out.push(seg);
      cur = cur && typeof cur === 'object' ? (cur as Record<string, unknown>)[seg] : undefined;
    }
  }
  return out;
}

/** `features.qaCentre`, `tabs[0].label`, `endpoints["user/login"]`. */
export function dotted(p: PathSeg[]): string {
  let s = '';
  for (const seg of p) {
    if (typeof seg === 'number') s += `[${seg}]`;
    else if (/^[\p{L}\p{N}_$-]+$/u.test(seg)) s += s ? `.${seg}` : seg;
    else s += `["${seg}"]`;
  }
  return s;
}

export function levenshtein(a: string, b: string): number {
  if (a === b) return 0;
  const prev = Array.from({ length: b.length + 1 }, (_, i) => i);
  for (let i = 1; i <= a.length; i++) {
    let diag = prev[0];
    prev[0] = i;
    for (let j = 1; j <= b.length; j++) {
      const tmp = prev[j];
      prev[j] = Math.min(prev[j] + 1, prev[j - 1] + 1, diag + (a[i - 1] === b[j - 1] ? 0 : 1));
      diag = tmp;
    }
  }
  return prev[b.length];
}

/** The closest allowed name within edit distance 2 (case differences count as 0), or undefined. */
export function suggest(name: string, allowed: string[]): string | undefined {
  let best: { name: string; d: number } | undefined;
  for (const candidate of allowed) {
    const d = candidate.toLowerCase() === name.toLowerCase() ? 0 : levenshtein(name, candidate);
    if (d <= 2 && d < candidate.length && (!best || d < best.d)) best = { name: candidate, d };
  }
  return best?.name;
}

const TYPE_NAMES: Record<string, string> = {
  boolean: 'true 或 false',
  string: '字符串',
  number: '数字',
  integer: '整数',
  object: '键值对象（key: value）',
  array: '列表（- 开头的各项）',
  null: '空值（null）',
};

function typeText(type: unknown): string {
  const types = Array.isArray(type) ? type : String(type).split(',');
  if (types.length === 1 && types[0] === 'boolean') return 'true 或 false';
  return types.map((t) => TYPE_NAMES[String(t)] ?? String(t)).join(' 或 ');
}

function subject(p: PathSeg[]): string {
  return p.length ? dotted(p) : '文件内容';
}

function messageFor(err: ErrorObject, p: PathSeg[], extra: { key?: string }): string {
  const name = subject(p);
  const params = err.params as Record<string, any>;
  switch (err.keyword) {
    case 'type': {
      const t = typeText(params.type);
      return `${name} 必须是${/^[a-z]/i.test(t) ? ' ' : ''}${t}`;
    }
    case 'required':
      return `缺少必填项 ${dotted([...p, params.missingProperty])}`;
    case 'additionalProperties': {
      const key = params.additionalProperty as string;
      const allowed = Object.keys((err.parentSchema as any)?.properties ?? {});
      const hint = suggest(key, allowed);
      return `未知配置项 ${dotted([...p, key])}${hint ? `，是否想写 ${hint}？` : allowed.length ? `（可用: ${allowed.join('、')}）` : ''}`;
    }
    case 'enum':
      return `${name} 必须是以下之一: ${(params.allowedValues as unknown[]).map((v) => String(v)).join('、')}`;
    case 'const':
      return `${name} 必须是 ${JSON.stringify(params.allowedValue)}`;
    case 'pattern':
      if (params.pattern === '^/') return `${name} 必须以 / 开头`;
      if (/^\^#\[0-9A-Fa-f\]\{6\}\$$/.test(params.pattern)) return `${name} 必须是 #RRGGBB 形式的颜色`;
      return `${name} 格式不正确（应匹配 ${params.pattern}）`;
    case 'format':
      if (params.format === 'uri' || params.format === 'url') return `${name} 必须是完整的网址（如 https://...）`;
      return `${name} 不是有效的 ${params.format} 格式`;
    case 'minLength':
      return params.limit === 1 ? `${name} 不能为空` : `${name} 至少需要 ${params.limit} 个字符`;
    case 'maxLength':
      return `${name} 最多 ${params.limit} 个字符`;
    case 'minimum':
    case 'maximum':
    case 'exclusiveMinimum':
    case 'exclusiveMaximum':
      return `${name} 必须 ${params.comparison} ${params.limit}`;
    case 'minItems':
      return `${name} 至少需要 ${params.limit} 项`;
    case 'maxItems':
      return `${name} 最多 ${params.limit} 项`;
    case 'uniqueItems':
      return `${name} 中第 ${params.j + 1} 项与第 ${params.i + 1} 项重复`;
    case 'propertyNames':
      return `${name} 中的名称 ${extra.key ?? params.propertyName} 格式不正确`;
    case 'anyOf':
    case 'oneOf': {
      const branches = Array.isArray(err.schema) ? (err.schema as any[]) : [];
      const names = branches.map((b) => (b && Array.isArray(b.required) && Object.keys(b).length === 1 && b.required.length === 1 ? b.required[0] : undefined));
      if (names.length && names.every(Boolean)) {
        return err.keyword === 'oneOf' && params.passingSchemas
          ? `${name} 只能填写 ${names.join(' 或 ')} 其中之一`
          : `${name} 需要填写 ${names.join(' 或 ')} 其中之一`;
      }
      return `${name} 不符合任何一种允许的写法`;
    }
    default:
      return `${name} 不符合要求（${err.keyword}: ${err.message ?? ''}）`;
  }
}

/**
 * Turns ajv errors into issues. Each error is reported at the entry it is about (for an unknown key: the key;
 * for a wrong value: its entry; for a missing property: the object that lacks it), in the target file holding it.
 */
export function errorsToIssues(errors: ErrorObject[], data: unknown, targets: Target[]): Issue[] {
  // errors inside anyOf/oneOf branches and propertyNames are summarised by the parent error
  const parents = errors.filter((e) => e.keyword === 'anyOf' || e.keyword === 'oneOf' || e.keyword === 'propertyNames');
  // ... while an if/then says nothing the error from its `then` branch does not say better
  const kept = errors.filter(
    (e) => e.keyword !== 'if' && !parents.some((p) => p !== e && e.schemaPath.startsWith(`${p.schemaPath}/`)),
  );
  const issues: Issue[] = [];
  for (const err of kept) {
    const p = pointerToPath(err.instancePath, data);
    let at = p;
    let key: string | undefined;
    if (err.keyword === 'additionalProperties') at = [...p, (err.params as any).additionalProperty];
    if (err.keyword === 'propertyNames') {
      key = (err.params as any).propertyName;
      if (key !== undefined) at = [...p, key];
    }
    const { target, pos } = locateIn(targets, at);
    issues.push({
      file: target.loaded.file,
      line: pos.line,
      column: pos.column,
      message: messageFor(err, [...target.prefix, ...p], { key }),
    });
  }
  return issues;
}
