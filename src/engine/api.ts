import { classify, type Outcome } from './errors';
import { notify } from './notify';
import { session } from './session';
import type { Endpoint } from './types';

/** A failed call: what the user was told, plus the reply's code and field errors for forms. */
export class ApiCallError extends Error {
  constructor(
    message: string,
    readonly code: number | null,
    readonly status: number | null,
    readonly errors?: Record<string, string[]>,
  ) {
    super(message);
  }
}

export interface CallOptions {
  /** Do not toast the failure (the caller shows it itself, e.g. inline in a form). */
  silent?: boolean;
  /**
   * For polls: keep the reply's ETag and send it back (If-None-Match); when the server answers 304 (nothing
   * changed) the call resolves with the reply kept from before, so the caller sees the same data either way.
   */
  revalidate?: boolean;
}

type Params = Record<string, unknown>;

let endpoints: Record<string, Endpoint> = {};
let onSessionEnd: () => void = () => {};

const BASE = 'api/';
const TIMEOUT_MS = 20000;

/** A query string as the server has always read it: arrays as `key[]=v`, objects as JSON, empty values left out. */
function queryString(params: Params): string {
  const query = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) {
    if (value === undefined || value === null) continue;
    if (Array.isArray(value)) for (const v of value) query.append(`${key}[]`, typeof v === 'object' ? JSON.stringify(v) : String(v));
    else query.append(key, value instanceof Date ? value.toISOString() : typeof value === 'object' ? JSON.stringify(value) : String(value));
  }
  const text = query.toString();
  return text ? `?${text}` : '';
}

interface Reply { status: number; etag: string | null; data: unknown }

/**
 * One request with the browser's fetch (no HTTP library in the first download): the session's token as a bearer,
 * a 20 s limit, the body read as JSON when it is JSON. Rejects only when no reply came (offline, timeout).
 */
async function request(method: string, path: string, opts: { params?: Params; body?: BodyInit; json?: boolean; headers?: Record<string, string> }): Promise<Reply> {
  const headers: Record<string, string> = { Accept: 'application/json, text/plain, */*', ...opts.headers };
  const token = session.token();
  if (token) headers.Authorization = `Bearer ${token}`;
  if (opts.json) headers['Content-Type'] = 'application/json';
  const reply = await fetch(`${BASE}${path}${opts.params ? queryString(opts.params) : ''}`, { method, headers, body: opts.body, signal: AbortSignal.timeout(TIMEOUT_MS) });
  const text = await reply.text();
  let data: unknown = text;
  try {
    data = text ? JSON.parse(text) : text;
  } catch {
    // not JSON (a proxy's error page): classify() treats it as a reply that is not ours
  }
  return { status: reply.status, etag: reply.headers.get('etag'), data };
}

function formEncode(params: Params): URLSearchParams {
  const form = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) {
    if (value === undefined || value === null) continue;
    form.append(key, typeof value === 'object' ? JSON.stringify(value) : String(value));
  }
  return form;
}

/** `theory/test/{id}` with {id: 3} -> `theory/test/3`; the id is not sent again in the body. */
function fillPath(name: string, params: Params): { path: string; rest: Params } {
  const rest = { ...params };
  const path = name.replace(/\{(\w+)\}/g, (_m, key: string) => {
    const value = rest[key];
    delete rest[key];
    return encodeURIComponent(String(value ?? ''));
  });
  return { path, rest };
}

/** Replies kept for `revalidate` calls, by call (name, parameters and session). */
const kept = new Map<string, { etag: string; body: unknown }>();
const KEPT_LIMIT = 50;

async function send(name: string, params: Params, revalidate = false): Promise<{ status: number | null; body: unknown }> {
  const endpoint = endpoints[name];
  if (!endpoint) throw new ApiCallError(`未知接口 ${name}（不在 config/endpoints.yaml 中）`, null, null);
  const { path, rest } = fillPath(name, params);
  const key = revalidate ? JSON.stringify([name, params, session.token()]) : '';
  const previous = revalidate ? kept.get(key) : undefined;
  const headers = previous ? { 'If-None-Match': previous.etag } : undefined;
  try {
    const reply =
      endpoint.method === 'GET' || endpoint.method === 'DELETE'
        ? await request(endpoint.method, path, { params: rest, headers })
        : await request(endpoint.method, path, endpoint.body === 'json' ? { body: JSON.stringify(rest), json: true, headers } : { body: formEncode(rest), headers });
    if (reply.status === 304 && previous) return { status: 200, body: previous.body };
    const etag = reply.etag;
    if (revalidate && reply.status === 200 && typeof etag === 'string') {
      if (!kept.has(key) && kept.size >= KEPT_LIMIT) kept.delete(kept.keys().next().value!);
      kept.set(key, { etag, body: reply.data });
    }
    return { status: reply.status, body: reply.data };
  } catch {
    return { status: null, body: null }; // network failure or timeout
  }
}

/** Acts on a failure the way the error catalogue says: toast, end the session, go to Login. */
function handleFailure(outcome: Extract<Outcome, { ok: false }>, opts: CallOptions): never {
  if (outcome.endSession) {
    session.clear();
    onSessionEnd();
  }
  if (outcome.endSession) notify.sessionEnded(outcome.message);
  else if (!opts.silent) notify.error(outcome.message);
  throw new ApiCallError(outcome.message, outcome.code, outcome.status, outcome.errors);
}

export const api = {
  /** Called once by the bootstrap with the contract from /api/config and what to do when a session ends. */
  configure(contract: Record<string, Endpoint>, sessionEnded: () => void) {
    endpoints = contract;
    onSessionEnd = sessionEnded;
  },

  /** Calls a contract entry by name and resolves with the reply's `data`; rejects with ApiCallError. */
  async call<T = unknown>(name: string, params: Params = {}, opts: CallOptions = {}): Promise<T> {
    const { status, body } = await send(name, params, opts.revalidate);
    const outcome = classify<T>(status, body);
    if (outcome.ok) return outcome.data;
    return handleFailure(outcome, opts);
  },

  /**
   * Sends one file as the multipart field `file` to a contract entry (common/upload_file ...), reporting progress
   * (0..1); resolves with the reply's `data` and fails like `call`.
   */
  async upload<T = unknown>(name: string, file: Blob, opts: CallOptions & { filename?: string; params?: Params; onProgress?: (fraction: number) => void; signal?: AbortSignal } = {}): Promise<T> {
    const endpoint = endpoints[name];
    if (!endpoint) throw new ApiCallError(`未知接口 ${name}（不在 config/endpoints.yaml 中）`, null, null);
    const form = new FormData();
    form.append('file', file, opts.filename ?? (file instanceof File ? file.name : 'file'));
    let status: number | null = null;
    let body: unknown = null;
    try {
      // Uploads report progress, which fetch cannot: the HTTP library comes with the first upload, not with every page.
      const { default: axios } = await import('axios');
      const token = session.token();
      const reply = await axios.request({
        baseURL: BASE, validateStatus: () => true, headers: token ? { Authorization: `Bearer ${token}` } : undefined,
        method: endpoint.method, url: name, params: opts.params, data: form, signal: opts.signal, timeout: 120000,
        onUploadProgress: (e) => opts.onProgress?.(e.total ? e.loaded / e.total : 0),
      });
      status = reply.status;
      body = reply.data;
    } catch {
      // network failure, timeout or cancelled
    }
    const outcome = classify<T>(status, body);
    if (outcome.ok) return outcome.data;
    return handleFailure(outcome, opts);
  },

  /**
   * The address of a GET call that answers with a file (a zip, a spreadsheet), for the browser to download: a download
   * cannot carry the Authorization header, so the server reads the `token` cookie the session already keeps.
   */
  fileUrl(name: string, params: Params = {}): string {
    const endpoint = endpoints[name];
    if (!endpoint) throw new ApiCallError(`未知接口 ${name}（不在 config/endpoints.yaml 中）`, null, null);
    if (endpoint.method !== 'GET') throw new ApiCallError(`接口 ${name} 不是 GET，不能下载`, null, null);
    const { path, rest } = fillPath(name, params);
    const query = new URLSearchParams();
    for (const [key, value] of Object.entries(rest)) if (value !== undefined && value !== null) query.append(key, String(value));
    const qs = query.toString();
    return `api/${path}${qs ? `?${qs}` : ''}`;
  },

  /** Like call, but also gives the success message (e.g. to show 提交成功). */
  async callWithMessage<T = unknown>(name: string, params: Params = {}, opts: CallOptions = {}): Promise<{ data: T; message: string }> {
    const { status, body } = await send(name, params);
    const outcome = classify<T>(status, body);
    if (outcome.ok) return { data: outcome.data, message: outcome.message };
    return handleFailure(outcome, opts);
  },
};

/** Loads the site configuration before anything else can call by name. */
export async function fetchSiteConfig<T>(): Promise<T> {
  const reply = await request('GET', 'config', {}).catch(() => ({ status: null, data: null }));
  const outcome = classify<T>(reply.status, reply.data);
  if (!outcome.ok) throw new ApiCallError(outcome.message, outcome.code, outcome.status);
  return outcome.data;
}
