import { createHmac, randomUUID } from 'node:crypto';
import { ApiError, refuse, tooMany } from '../http/errors';
import type { SmsProvider } from './sms';

/**
 * Alibaba Cloud SMS (dysmsapi, API version 2017-05-25), called RPC-style: every parameter in the query string,
 * signed with HMAC-SHA1 as the provider documents for its RPC APIs (sorted, RFC 3986-encoded parameters; the
 * string to sign is `GET&%2F&` + the encoded canonical query; the key is the AccessKey secret followed by `&`).
 */
export interface AliyunSmsSettings {
  accessKeyId: string;
  accessKeySecret: string;
  signName: string;
  templateCode: string;
  /** https://dysmsapi.aliyuncs.com/ in production; a local stub in tests. */
  endpoint: string;
  regionId: string;
  timeoutMs: number;
}

export const ALIYUN_DEFAULT_ENDPOINT = 'https://dysmsapi.aliyuncs.com/';

/** RFC 3986 percent-encoding as the signature needs it: only A-Z a-z 0-9 - _ . ~ stay as they are. */
export const percentEncode = (text: string) =>
  encodeURIComponent(text).replace(/[!'()*]/g, (ch) => `%${ch.charCodeAt(0).toString(16).toUpperCase()}`);

/** The canonical query: parameters sorted by name, each name and value percent-encoded, joined by `&`. */
export const canonicalQuery = (params: Record<string, string>) =>
  Object.keys(params)
    .filter((k) => k !== 'Signature')
    .sort()
    .map((k) => `${percentEncode(k)}=${percentEncode(params[k])}`)
    .join('&');

/** Base64(HMAC-SHA1(secret + '&', method & %2F & encoded canonical query)). */
export function aliyunSignature(params: Record<string, string>, secret: string, method = 'GET'): string {
  const stringToSign = `${method}&${percentEncode('/')}&${percentEncode(canonicalQuery(params))}`;
  return createHmac('sha1', `${secret}&`).update(stringToSign, 'utf8').digest('base64');
}

/** The provider's answer codes a student can do something about; anything else is the platform's problem. */
function failureFor(code: string): ApiError {
  if (code === 'isv.MOBILE_NUMBER_ILLEGAL') return refuse('手机号码无效，请检查后重新输入');
  if (code === 'isv.BUSINESS_LIMIT_CONTROL' || code === 'Throttling.User') return tooMany('该手机号获取验证码过于频繁，请稍后再试');
  return new SmsGatewayError('短信发送失败，请稍后重试');
}

/** The gateway did not deliver: answered 503 so the student knows to try later (the route gives back their SMS quota). */
export class SmsGatewayError extends ApiError {
  constructor(message: string) {
    super(503, 503, message);
  }
}

export class AliyunSmsProvider implements SmsProvider {
  readonly name = 'aliyun';
  constructor(
    private readonly settings: AliyunSmsSettings,
    /** Operator log: the provider's code and request id, never the verification code, the text or the secret. */
    private readonly log: (line: string) => void = (line) => console.warn(line),
  ) {}

  /** The signed query for one message, exposed so tests can check it against an independent computation. */
  signedParams(mobile: string, code: string, at = new Date(), nonce: string = randomUUID()): Record<string, string> {
    const s = this.settings;
    const params: Record<string, string> = {
      AccessKeyId: s.accessKeyId,
      Action: 'SendSms',
      Format: 'JSON',
      PhoneNumbers: mobile,
      RegionId: s.regionId,
      SignName: s.signName,
      SignatureMethod: 'HMAC-SHA1',
      SignatureNonce: nonce,
      SignatureVersion: '1.0',
      TemplateCode: s.templateCode,
      TemplateParam: JSON.stringify({ code }),
      Timestamp: at.toISOString().replace(/\.\d{3}Z$/, 'Z'),
      Version: '2017-05-25',
    };
    return { ...params, Signature: aliyunSignature(params, s.accessKeySecret) };
  }

  async send(mobile: string, _text: string, meta: { code: string; purpose: string }): Promise<void> {
    const params = this.signedParams(mobile, meta.code);
    const url = `${this.settings.endpoint.replace(/\/?$/, '/')}?${Object.entries(params).map(([k, v]) => `${percentEncode(k)}=${percentEncode(v)}`).join('&')}`;
    const masked = `${mobile.slice(0, 3)}****${mobile.slice(-4)}`;
    let answer: { Code?: string; Message?: string; RequestId?: string };
    try {
      const response = await fetch(url, { signal: AbortSignal.timeout(this.settings.timeoutMs) });
      answer = (await response.json().catch(() => ({ Code: `HTTP ${response.status}` }))) as typeof answer;
    } catch (error) {
      const timedOut = error instanceof Error && (error.name === 'TimeoutError' || error.name === 'AbortError');
      this.log(`[短信-aliyun] ${masked} ${meta.purpose}: ${timedOut ? `no answer within ${this.settings.timeoutMs} ms` : `unreachable (${(error as Error).message})`}`);
      throw new SmsGatewayError(timedOut ? '短信服务响应超时，请稍后重试' : '短信服务暂时不可用，请稍后重试');
    }
    if (answer.Code === 'OK') return;
    this.log(`[短信-aliyun] ${masked} ${meta.purpose}: refused ${answer.Code ?? '?'} (${answer.Message ?? ''}) request ${answer.RequestId ?? '?'}`);
    throw failureFor(String(answer.Code ?? ''));
  }
}

const REQUIRED = [
  ['SMS_ACCESS_KEY_ID', 'AccessKey ID'],
  ['SMS_ACCESS_KEY_SECRET', 'AccessKey Secret'],
  ['SMS_SIGN_NAME', '短信签名'],
  ['SMS_TEMPLATE_CODE', '短信模板编号'],
] as const;

/** Reads SMS_* for the Aliyun gateway; every missing setting is a problem (said in Chinese and English). */
export function readAliyunSettings(env: NodeJS.ProcessEnv): { settings: AliyunSmsSettings; missing: { variable: string; zh: string; en: string }[] } {
  const missing: { variable: string; zh: string; en: string }[] = REQUIRED.filter(([name]) => !(env[name] ?? '').trim()).map(([name, label]) => ({
    variable: name,
    zh: `SMS_PROVIDER=aliyun 需要设置 ${name}（${label}）`,
    en: `SMS_PROVIDER=aliyun needs ${name}`,
  }));
  const timeout = Number(env.SMS_TIMEOUT_MS ?? 5000);
  if (!Number.isInteger(timeout) || timeout < 100) {
    missing.push({ variable: 'SMS_TIMEOUT_MS', zh: `SMS_TIMEOUT_MS 必须是不小于 100 的整数（毫秒），当前为 "${env.SMS_TIMEOUT_MS}"`, en: `SMS_TIMEOUT_MS must be an integer >= 100 (ms), got "${env.SMS_TIMEOUT_MS}"` });
  }
  const endpoint = env.SMS_ENDPOINT || ALIYUN_DEFAULT_ENDPOINT;
  if (!/^https?:\/\/[^/\s]+/.test(endpoint)) {
    missing.push({ variable: 'SMS_ENDPOINT', zh: `SMS_ENDPOINT 应为 http(s) 地址，当前为 "${endpoint}"`, en: `SMS_ENDPOINT must be an http(s) URL, got "${endpoint}"` });
  }
  return {
    settings: {
      accessKeyId: (env.SMS_ACCESS_KEY_ID ?? '').trim(),
      accessKeySecret: (env.SMS_ACCESS_KEY_SECRET ?? '').trim(),
      signName: (env.SMS_SIGN_NAME ?? '').trim(),
      templateCode: (env.SMS_TEMPLATE_CODE ?? '').trim(),
      endpoint,
      regionId: env.SMS_REGION_ID || 'cn-hangzhou',
      timeoutMs: Number.isInteger(timeout) && timeout >= 100 ? timeout : 5000,
    },
    missing,
  };
}
