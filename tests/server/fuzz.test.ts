// Issue 14: a bounded fuzz of the whole API, derived from /api/openapi.json (which the server builds from
// config/endpoints.yaml and each route's input schema). Every route gets malformed and boundary inputs — nothing,
// missing fields, wrong types, huge and negative numbers, long and odd strings, bad JSON, wrong content types —
// anonymously, as a student and as a teacher as its contract asks. No reply may be a 5xx, every reply must be the
// `{code, data, message}` envelope (files excepted), and every refusal must say what is wrong in Chinese.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadContract } from '../../server/contract';
import { CONFIG_DIR, DATABASES, startTestServer, type TestServer } from './harness';

const CJK = /[\u4e00-\u9fff]/;

interface Schema {
  type?: string | string[];
  properties?: Record<string, Schema>;
  required?: string[];
  enum?: unknown[];
  items?: Schema;
}
interface Operation {
  parameters?: { name: string; in: string; required?: boolean; schema: Schema }[];
  requestBody?: { content: Record<string, { schema: Schema }> };
  security?: unknown[];
}
type OpenApi = { paths: Record<string, Record<string, Operation>> };

interface Case {
  method: string;
  url: string;
  headers: Record<string, string>;
  payload?: string;
  what: string;
}

/** Bad values per kind of field: what a careless or hostile client sends. */
const HUGE = '99999999999999999999';
const BAD_NUMBERS: unknown[] = ['abc', '-1', '0', HUGE, '-99999999999999999999', '1.5', '1e309', '', '0x1f', null, true, { a: 1 }, [1, 2]];
const BAD_STRINGS: unknown[] = ['', 'x'.repeat(20_000), '\u0000\u202e\u0007', "' or 1=1 --", '<img src=x onerror=alert(1)>', '😀'.repeat(300), 12, null, { a: 1 }, ['a', 'b']];

function typeOf(schema: Schema | undefined): string {
  const t = schema?.type;
  return Array.isArray(t) ? (t.find((x) => x !== 'null') ?? 'string') : (t ?? 'string');
}

/** A plausible value, so that the other fields' mutations reach past the first check. */
function plausible(schema: Schema | undefined): unknown {
  if (schema?.enum?.length) return schema.enum[0];
  switch (typeOf(schema)) {
    case 'integer':
    case 'number':
      return 1;
    case 'boolean':
      return true;
    case 'array':
      return [plausible(schema?.items)];
    case 'object':
      return {};
    default:
      return 'a';
  }
}

const badValues = (schema: Schema | undefined) => (['integer', 'number'].includes(typeOf(schema)) ? BAD_NUMBERS : BAD_STRINGS);

function formEncode(data: Record<string, unknown>): string {
  const form = new URLSearchParams();
  for (const [key, value] of Object.entries(data)) {
    if (Array.isArray(value)) value.forEach((v) => form.append(key, String(v)));
    else if (value !== null && typeof value === 'object') form.append(key, JSON.stringify(value));
    else if (value !== undefined) form.append(key, String(value));
  }
  return form.toString();
}

/** The requests for one operation: whole-body problems, then each field missing and each field given each bad value. */
function casesFor(method: string, path: string, op: Operation): Case[] {
  const cases: Case[] = [];
  const pathParams = (op.parameters ?? []).filter((p) => p.in === 'path');
  const query = (op.parameters ?? []).filter((p) => p.in === 'query');
  const body = Object.values(op.requestBody?.content ?? {})[0]?.schema;
  const fields: Record<string, Schema> = body?.properties ?? Object.fromEntries(query.map((p) => [p.name, p.schema]));
  const required = body?.required ?? query.filter((p) => p.required).map((p) => p.name);
  const base = Object.fromEntries(Object.entries(fields).map(([name, schema]) => [name, plausible(schema)]));
  const urlWith = (params: Record<string, string>) => path.replace(/\{(\w+)\}/g, (_, name) => encodeURIComponent(params[name] ?? '1'));

  const send = (data: Record<string, unknown>, what: string, asJson = false) => {
    if (method === 'GET') {
      const qs = formEncode(data);
      cases.push({ method, url: `${urlWith({})}${qs ? `?${qs}` : ''}`, headers: {}, what });
    } else if (asJson) {
      cases.push({ method, url: urlWith({}), headers: { 'content-type': 'application/json' }, payload: JSON.stringify(data), what: `${what} (JSON)` });
    } else {
      cases.push({ method, url: urlWith({}), headers: { 'content-type': 'application/x-www-form-urlencoded' }, payload: formEncode(data), what });
    }
  };

  send({}, 'nothing');
  send(base, 'plausible values');
  for (const name of required) {
    const { [name]: _omitted, ...rest } = base;
    send(rest, `without ${name}`);
  }
  for (const [name, schema] of Object.entries(fields)) {
    badValues(schema).forEach((value, i) => send({ ...base, [name]: value }, `${name} = ${JSON.stringify(value)?.slice(0, 40)}`, method !== 'GET' && i % 2 === 1));
  }
  for (const p of pathParams) {
    for (const value of ['-1', '0', HUGE, 'abc', '1.5', "1' or '1'='1", 'x'.repeat(2000)]) {
      cases.push({ method, url: urlWith({ [p.name]: value }), headers: {}, what: `path ${p.name} = ${value.slice(0, 20)}` });
    }
  }
  if (method !== 'GET') {
    const url = urlWith({});
    cases.push({ method, url, headers: { 'content-type': 'application/json' }, payload: '{"page":', what: 'broken JSON' });
    cases.push({ method, url, headers: { 'content-type': 'application/json' }, payload: '', what: 'empty JSON body' });
    cases.push({ method, url, headers: { 'content-type': 'application/json' }, payload: '[1,2,3]', what: 'JSON array' });
    cases.push({ method, url, headers: { 'content-type': 'application/json' }, payload: 'null', what: 'JSON null' });
    cases.push({ method, url, headers: { 'content-type': 'text/plain' }, payload: 'page=1', what: 'text/plain' });
    cases.push({ method, url, headers: { 'content-type': 'application/xml' }, payload: '<a/>', what: 'XML' });
    cases.push({ method, url, headers: { 'content-type': 'multipart/form-data' }, payload: 'x', what: 'multipart without boundary' });
    cases.push({ method, url, headers: { 'content-type': 'application/x-www-form-urlencoded' }, payload: '%E4%ZZ=%&&==', what: 'broken form encoding' });
    cases.push({ method, url, headers: { 'content-type': 'application/x-www-form-urlencoded' }, payload: `page=${'9'.repeat(1_100_000)}`, what: 'body over the size limit' });
    cases.push({ method: 'GET', url, headers: {}, what: 'GET on a POST route' });
  } else {
    cases.push({ method, url: `${urlWith({})}?page=1&page=2&limit=-5&${'z'.repeat(3000)}=1`, headers: {}, what: 'repeated and unknown parameters' });
  }
  return cases;
}

/** Replies that are files, not the envelope, when they succeed. */
const FILE_TYPES = /^(application\/(zip|pdf|octet-stream|font-sfnt|vnd\.openxmlformats[^;]*)|font\/|image\/|text\/csv)/;

function problemWith(res: { statusCode: number; headers: Record<string, unknown>; body: string }): string | null {
  if (res.statusCode >= 500) return `HTTP ${res.statusCode}: ${res.body.slice(0, 200)}`;
  const type = String(res.headers['content-type'] ?? '');
  if (res.statusCode < 300 && FILE_TYPES.test(type)) return null;
  if (res.statusCode === 304) return null;
  let reply: { code?: unknown; data?: unknown; message?: unknown };
  try {
    reply = JSON.parse(res.body);
  } catch {
    return `not JSON (${type}, HTTP ${res.statusCode}): ${res.body.slice(0, 120)}`;
  }
  if (typeof reply !== 'object' || reply === null || typeof reply.code !== 'number' || typeof reply.message !== 'string' || !('data' in reply)) {
    return `not the envelope: ${res.body.slice(0, 160)}`;
  }
  const failed = res.statusCode >= 400 || reply.code !== 200;
  if (failed && !CJK.test(reply.message)) return `message without Chinese (HTTP ${res.statusCode}, code ${reply.code}): ${reply.message}`;
  return null;
}

describe.each(DATABASES)('OpenAPI fuzz on %s', (kind) => {
  let s: TestServer;
  let student: string;
  let teacher: string;
  beforeAll(async () => {
    s = await startTestServer(kind);
    student = await s.login();
    teacher = await s.teacherLogin();
  });
  afterAll(async () => s?.close());

  it('answers every malformed request with a 4xx envelope in Chinese, never a 5xx', async () => {
    const started = Date.now();
    const doc = (await s.app.inject({ method: 'GET', url: '/api/openapi.json' })).json() as OpenApi;
    const contract = loadContract(CONFIG_DIR);
    const operations = Object.entries(doc.paths).flatMap(([path, ops]) => Object.entries(ops).map(([method, op]) => ({ path, method: method.toUpperCase(), op })));
    // Routes that end the caller's session go last, so the rest run signed in.
    const ending = (path: string) => /loginout|edit_password/.test(path);
    operations.sort((a, b) => Number(ending(a.path)) - Number(ending(b.path)));
    expect(operations.length).toBeGreaterThanOrEqual(100);

    const problems: string[] = [];
    let sent = 0;
    for (const { path, method, op } of operations) {
      const entry = contract[path.replace(/^\/api\//, '')];
      const callers: (string | null)[] = !op.security ? [null] : entry?.role === 'teacher' ? [teacher] : [student, teacher];
      const cases = casesFor(method, path, op);
      if (op.security) cases.unshift({ method, url: path.replace(/\{\w+\}/g, '1'), headers: {}, what: 'signed out' }); // as nobody: 401
      for (const caller of callers) {
        const batch = cases.map(async (c) => {
          const headers = { ...c.headers, ...(caller && c.what !== 'signed out' && { authorization: `Bearer ${caller}` }) };
          const res = await s.app.inject({ method: c.method as 'GET', url: c.url, headers, payload: c.payload });
          sent++;
          const problem = problemWith(res);
          if (problem) problems.push(`${method} ${path} [${caller === teacher ? 'teacher' : caller ? 'student' : 'anonymous'}] ${c.what}: ${problem}`);
        });
        await Promise.all(batch);
      }
    }
    const seconds = (Date.now() - started) / 1000;
    console.info(`fuzz (${kind}): ${sent} requests over ${operations.length} operations in ${seconds.toFixed(1)} s, ${problems.length} problems`);
    expect([...new Set(problems)].slice(0, 40)).toEqual([]);
    expect(sent).toBeGreaterThan(2000);
  }, 120_000);
});
