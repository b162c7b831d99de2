import { createHmac, randomUUID } from 'node:crypto';
import { type ApiError, refuse, tooMany } from '../http/errors';
import type { SmsProvider } from './sms';
import { callGateway, GATEWAY_FAILED, maskMobile, missingSettings, readTransport, SmsGatewayError, type SmsSettingProblem } from './sms-gateway';

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
  return new SmsGatewayError(GATEWAY_FAILED);
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
    const line = `[短信-aliyun] ${maskMobile(mobile)} ${meta.purpose}:`;
    const { status, json } = await callGateway(url, {}, this.settings.timeoutMs, (reason) => this.log(`${line} ${reason}`));
    const answer = (json ?? { Code: `HTTP ${status}` }) as { Code?: string; Message?: string; RequestId?: string };
    if (answer.Code === 'OK') return;
    this.log(`${line} refused ${answer.Code ?? '?'} (${answer.Message ?? ''}) request ${answer.RequestId ?? '?'}`);
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
export function readAliyunSettings(env: NodeJS.ProcessEnv): { settings: AliyunSmsSettings; missing: SmsSettingProblem[] } {
  const missing = missingSettings(env, 'aliyun', REQUIRED);
  const { endpoint, timeoutMs } = readTransport(env, ALIYUN_DEFAULT_ENDPOINT, missing);
  return {
    settings: {
      accessKeyId: (env.SMS_ACCESS_KEY_ID ?? '').trim(),
      accessKeySecret: (env.SMS_ACCESS_KEY_SECRET ?? '').trim(),
      signName: (env.SMS_SIGN_NAME ?? '').trim(),
      templateCode: (env.SMS_TEMPLATE_CODE ?? '').trim(),
      endpoint,
      regionId: env.SMS_REGION_ID || 'cn-hangzhou',
      timeoutMs,
    },
    missing,
  };
}
