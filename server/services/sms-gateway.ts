import { ApiError } from '../http/errors';

/** What the SMS gateways share: the 503 a failed send answers, the masked number they log, the common settings. */

/** The gateway did not deliver: answered 503 so the student knows to try later (the route gives back their SMS quota). */
export class SmsGatewayError extends ApiError {
  constructor(message: string) {
    super(503, 503, message);
  }
}

export const GATEWAY_FAILED = '短信发送失败，请稍后重试';
export const GATEWAY_TIMEOUT = '短信服务响应超时，请稍后重试';
export const GATEWAY_UNREACHABLE = '短信服务暂时不可用，请稍后重试';

/** 13900001111 → 139****1111: enough for an operator to match a complaint, not enough to read the number. */
export const maskMobile = (mobile: string) => `${mobile.slice(0, 3)}****${mobile.slice(-4)}`;

export interface SmsSettingProblem {
  variable: string;
  zh: string;
  en: string;
}

/** The settings every gateway needs present: each missing one is a problem naming the provider, in Chinese and English. */
export function missingSettings(env: NodeJS.ProcessEnv, provider: string, required: readonly (readonly [string, string])[]): SmsSettingProblem[] {
  return required
    .filter(([name]) => !(env[name] ?? '').trim())
    .map(([name, label]) => ({ variable: name, zh: `SMS_PROVIDER=${provider} 需要设置 ${name}（${label}）`, en: `SMS_PROVIDER=${provider} needs ${name}` }));
}

/** SMS_ENDPOINT (the provider's address, a local stub in tests) and SMS_TIMEOUT_MS, shared by every gateway. */
export function readTransport(env: NodeJS.ProcessEnv, defaultEndpoint: string, problems: SmsSettingProblem[]): { endpoint: string; timeoutMs: number } {
  const timeout = Number(env.SMS_TIMEOUT_MS ?? 5000);
  const timeoutOk = Number.isInteger(timeout) && timeout >= 100;
  if (!timeoutOk) {
    problems.push({ variable: 'SMS_TIMEOUT_MS', zh: `SMS_TIMEOUT_MS 必须是不小于 100 的整数（毫秒），当前为 "${env.SMS_TIMEOUT_MS}"`, en: `SMS_TIMEOUT_MS must be an integer >= 100 (ms), got "${env.SMS_TIMEOUT_MS}"` });
  }
  const endpoint = env.SMS_ENDPOINT || defaultEndpoint;
  if (!/^https?:\/\/[^/\s]+/.test(endpoint)) {
    problems.push({ variable: 'SMS_ENDPOINT', zh: `SMS_ENDPOINT 应为 http(s) 地址，当前为 "${endpoint}"`, en: `SMS_ENDPOINT must be an http(s) URL, got "${endpoint}"` });
  }
  return { endpoint, timeoutMs: timeoutOk ? timeout : 5000 };
}

/**
 * One request to the gateway with the deadline covering the answer's body too. Network failure and timeout are logged
 * (`log(reason)`) and thrown as a 503 in Chinese; a body that is not JSON comes back as `undefined` with the status.
 */
export async function callGateway(url: string, init: RequestInit, timeoutMs: number, log: (reason: string) => void): Promise<{ status: number; json: unknown }> {
  try {
    const response = await fetch(url, { ...init, signal: AbortSignal.timeout(timeoutMs) });
    const text = await response.text();
    let json: unknown;
    try {
      json = JSON.parse(text);
    } catch {
      json = undefined;
    }
    return { status: response.status, json };
  } catch (error) {
    const timedOut = error instanceof Error && (error.name === 'TimeoutError' || error.name === 'AbortError');
    log(timedOut ? `no answer within ${timeoutMs} ms` : `unreachable (${(error as Error).message})`);
    throw new SmsGatewayError(timedOut ? GATEWAY_TIMEOUT : GATEWAY_UNREACHABLE);
  }
}
