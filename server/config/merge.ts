// RFC 7396 JSON Merge Patch: null deletes, objects merge recursively, anything else (arrays too) replaces.
// Pure: neither argument is modified and the result shares no objects with them.

export type Json = null | boolean | number | string | Json[] | { [key: string]: Json };

function isPlainObject(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

function clone<T>(v: T): T {
  if (Array.isArray(v)) return v.map(clone) as T;
  if (isPlainObject(v)) {
    const out: Record<string, unknown> = {};
    for (const [k, val] of Object.entries(v)) out[k] = clone(val);
    return out as T;
  }
  return v;
}

export function mergePatch<T = unknown>(target: unknown, patch: unknown): T {
  if (!isPlainObject(patch)) return clone(patch) as T;
  const result: Record<string, unknown> = isPlainObject(target) ? clone(target) : {};
  for (const [key, value] of Object.entries(patch)) {
    if (value === null) delete result[key];
    else result[key] = mergePatch(result[key], value);
  }
  return result as T;
}
