import type { Envelope } from './types';

/**
 * The error catalogue (shell spec §8) as a pure function: what a reply means for the user.
 * `api.ts` acts on the outcome (toast, clear the session, go to Login).
 */
export const SESSION_EXPIRED = '登录信息已失效，请重新登录！';
export const OTHER_ERROR = '其他错误';
/** No reply at all (offline, timeout, connection dropped): the spec's 其他错误, saying which kind. */
export const NETWORK_ERROR = '网络连接失败，请检查网络后重试';
/** A reply that is not ours from a server or proxy in trouble (502, 503, 504 error pages). */
export const SERVER_BUSY = '服务器暂时无法响应，请稍后重试';

export type Outcome<T = unknown> =
  | { ok: true; data: T; message: string }
  | { ok: false; code: number | null; status: number | null; message: string; errors?: Record<string, string[]>; endSession: boolean; toLogin: boolean };

function isEnvelope(body: unknown): body is Envelope {
  return !!body && typeof body === 'object' && 'code' in body;
}

/** Field errors joined, each followed by a line break; else the message. */
function describeFailure(body: Envelope): string {
  const errors = body.errors && Object.values(body.errors).flat();
  if (errors && errors.length > 0) return errors.map((e) => `${e}\n`).join('');
  return body.message || OTHER_ERROR;
}

/** Client errors that a second try may get past: a timeout, a conflict, too many requests. */
const RETRYABLE_4XX = new Set([408, 409, 425, 429]);

/**
 * A failed call the server refused for what was asked (a missing or wrong parameter, no such record, no permission):
 * asking again the same way cannot succeed, so a screen offers a way back rather than 重新加载. `error` is what a
 * call threw (the api client's ApiCallError carries the HTTP status); anything else may be transient.
 */
export function isRefusal(error: unknown): boolean {
  const status = (error as { status?: unknown } | null)?.status;
  return typeof status === 'number' && status >= 400 && status < 500 && status !== 401 && status !== 402 && !RETRYABLE_4XX.has(status);
}

export function classify<T>(status: number | null, body: unknown): Outcome<T> {
  if (!isEnvelope(body)) {
    // Network failure, proxy error page, or a reply that is not ours (spec: 其他错误, made specific where we can tell).
    const message = status === null ? NETWORK_ERROR : status >= 500 ? SERVER_BUSY : OTHER_ERROR;
    return { ok: false, code: null, status, message, endSession: false, toLogin: false };
  }
  const code = Number(body.code);
  if (status !== null && status >= 400) {
    const expired = code === 401 || code === 402;
    return {
      ok: false, code, status,
      message: expired ? SESSION_EXPIRED : describeFailure(body),
      errors: body.errors,
      endSession: expired,
      toLogin: expired,
    };
  }
  if (code === 200) return { ok: true, data: body.data as T, message: body.message };
  if (code === 401 || code === 402) return { ok: false, code, status, message: SESSION_EXPIRED, endSession: true, toLogin: true };
  if (code === 409) return { ok: false, code, status, message: body.message || SESSION_EXPIRED, endSession: true, toLogin: true };
  // Code 0 (a business refusal) and any other code: the server's message.
  return { ok: false, code, status, message: body.message || OTHER_ERROR, errors: body.errors, endSession: false, toLogin: false };
}
