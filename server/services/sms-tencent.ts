import { createHash, createHmac } from 'node:crypto';
import { type ApiError, refuse, tooMany } from '../http/errors';
import type { SmsProvider } from './sms';
import { callGateway, GATEWAY_FAILED, maskMobile, missingSettings, readTransport, SmsGatewayError, type SmsSettingProblem } from './sms-gateway';

/**
 * Tencent Cloud SMS (`SendSms`, API version 2021-01-11): a JSON POST to the service's API 3.0 endpoint, signed with
 * TC3-HMAC-SHA256 as the provider documents it (a canonical request of method, `/`, empty query, the signed headers
 * and the body's SHA-256; a string to sign naming the UTC date and service; a key derived from `TC3` + SecretKey).
 */
export interface TencentSmsSettings {
  secretId: string;
  secretKey: string;
  /** The SMS application (SdkAppId) the signature and template belong to. */
  sdkAppId: string;
  signName: string;
  templateId: string;
  /** What fills the template's {1}, {2}, ...: the code, and optionally the minutes it stays valid. */
  templateParams: TemplateParam[];
  /** https://sms.tencentcloudapi.com/ in production; a local stub in tests. */
  endpoint: string;
  region: string;
  timeoutMs: number;
}

export type TemplateParam = 'code' | 'minutes';
const TEMPLATE_PARAMS: TemplateParam[] = ['code', 'minutes'];

export const TENCENT_DEFAULT_ENDPOINT = 'https://sms.tencentcloudapi.com/';
export const TENCENT_SMS_VERSION = '2021-01-11';
const SERVICE = 'sms';
const CONTENT_TYPE = 'application/json; charset=utf-8';

const sha256Hex = (text: string) => createHash('sha256').update(text, 'utf8').digest('hex');
const hmac = (key: string | Buffer, text: string) => createHmac('sha256', key).update(text, 'utf8').digest();

export interface Tc3Input {
  secretId: string;
  secretKey: string;
  service: string;
  /** Headers that take part in the signature (content-type and host at least), by lower-case name. */
  headers: Record<string, string>;
  payload: string;
  /** Unix seconds, the X-TC-Timestamp header. */
  timestamp: number;
}

/** The Authorization header for one POST: `TC3-HMAC-SHA256 Credential=…/<date>/<service>/tc3_request, SignedHeaders=…, Signature=…`. */
export function tc3Authorization(input: Tc3Input): string {
  const names = Object.keys(input.headers).map((n) => n.toLowerCase()).sort();
  const value = (name: string) => String(Object.entries(input.headers).find(([n]) => n.toLowerCase() === name)?.[1] ?? '').trim().toLowerCase();
  const canonicalHeaders = names.map((n) => `${n}:${value(n)}\n`).join('');
  const signedHeaders = names.join(';');
  const canonicalRequest = ['POST', '/', '', canonicalHeaders, signedHeaders, sha256Hex(input.payload)].join('\n');
  const date = new Date(input.timestamp * 1000).toISOString().slice(0, 10);
  const scope = `${date}/${input.service}/tc3_request`;
  const stringToSign = ['TC3-HMAC-SHA256', String(input.timestamp), scope, sha256Hex(canonicalRequest)].join('\n');
  const signingKey = hmac(hmac(hmac(`TC3${input.secretKey}`, date), input.service), 'tc3_request');
  const signature = createHmac('sha256', signingKey).update(stringToSign, 'utf8').digest('hex');
  return `TC3-HMAC-SHA256 Credential=${input.secretId}/${scope}, SignedHeaders=${signedHeaders}, Signature=${signature}`;
}

/** The provider wants numbers in E.164; the platform's are mainland mobiles, so +86 unless one already has a country code. */
export const e164 = (mobile: string) => (mobile.startsWith('+') ? mobile : `+86${mobile}`);

/** The provider's per-number answer codes a student can do something about; anything else is the platform's problem. */
function failureFor(code: string): ApiError {
  if (code === 'InvalidParameterValue.IncorrectPhoneNumber') return refuse('手机号码无效，请检查后重新输入');
  if (code.startsWith('LimitExceeded.PhoneNumber')) return tooMany('该手机号获取验证码过于频繁，请稍后再试');
  return new SmsGatewayError(GATEWAY_FAILED);
}

interface TencentAnswer {
  Response?: {
    RequestId?: string;
    Error?: { Code?: string; Message?: string };
    SendStatusSet?: { Code?: string; Message?: string; SerialNo?: string }[];
  };
}

export class TencentSmsProvider implements SmsProvider {
  readonly name = 'tencent';
  constructor(
    private readonly settings: TencentSmsSettings,
    /** Operator log: the provider's code and request id, never the verification code, the text or the secret. */
    private readonly log: (line: string) => void = (line) => console.warn(line),
  ) {}

  /** The signed request for one message, exposed so tests can check it against an independent computation. */
  signedRequest(mobile: string, meta: { code: string; minutes?: number }, at = new Date()): { url: string; headers: Record<string, string>; body: string } {
    const s = this.settings;
    const body = JSON.stringify({
      PhoneNumberSet: [e164(mobile)],
      SmsSdkAppId: s.sdkAppId,
      SignName: s.signName,
      TemplateId: s.templateId,
      TemplateParamSet: s.templateParams.map((p) => (p === 'code' ? meta.code : String(meta.minutes ?? ''))),
    });
    const url = s.endpoint.replace(/\/?$/, '/');
    const timestamp = Math.floor(at.getTime() / 1000);
    const signed = { 'content-type': CONTENT_TYPE, host: new URL(url).host, 'x-tc-action': 'SendSms' };
    const authorization = tc3Authorization({ secretId: s.secretId, secretKey: s.secretKey, service: SERVICE, headers: signed, payload: body, timestamp });
    return {
      url,
      headers: {
        Authorization: authorization,
        'Content-Type': CONTENT_TYPE,
        'X-TC-Action': 'SendSms',
        'X-TC-Version': TENCENT_SMS_VERSION,
        'X-TC-Timestamp': String(timestamp),
        'X-TC-Region': s.region,
      },
      body,
    };
  }

  async send(mobile: string, _text: string, meta: { code: string; purpose: string; minutes?: number }): Promise<void> {
    const { url, headers, body } = this.signedRequest(mobile, meta);
    const line = `[短信-tencent] ${maskMobile(mobile)} ${meta.purpose}:`;
    const { status, json } = await callGateway(url, { method: 'POST', headers, body }, this.settings.timeoutMs, (reason) => this.log(`${line} ${reason}`));
    const answer = (typeof json === 'object' && json !== null ? json : {}) as TencentAnswer;
    const response = answer.Response;
    if (!response) {
      this.log(`${line} unreadable answer (HTTP ${status}, not the provider's JSON)`);
      throw new SmsGatewayError(GATEWAY_FAILED);
    }
    const request = `request ${response.RequestId ?? '?'}`;
    if (response.Error) {
      this.log(`${line} refused ${response.Error.Code ?? '?'} (${response.Error.Message ?? ''}) ${request}`);
      throw failureFor(String(response.Error.Code ?? ''));
    }
    const sent = response.SendStatusSet?.[0];
    if (sent?.Code === 'Ok') return;
    this.log(`${line} refused ${sent?.Code ?? 'no status'} (${sent?.Message ?? ''}) ${request}`);
    throw failureFor(String(sent?.Code ?? ''));
  }
}

const REQUIRED = [
  ['SMS_SECRET_ID', 'SecretId'],
  ['SMS_SECRET_KEY', 'SecretKey'],
  ['SMS_SDK_APP_ID', '短信应用 SdkAppId'],
  ['SMS_SIGN_NAME', '短信签名'],
  ['SMS_TEMPLATE_ID', '短信模板 ID'],
] as const;

/** Reads SMS_* for the Tencent Cloud gateway; every missing or malformed setting is a problem (Chinese and English). */
export function readTencentSettings(env: NodeJS.ProcessEnv): { settings: TencentSmsSettings; missing: SmsSettingProblem[] } {
  const missing = missingSettings(env, 'tencent', REQUIRED);
  const { endpoint, timeoutMs } = readTransport(env, TENCENT_DEFAULT_ENDPOINT, missing);
  const paramsText = (env.SMS_TEMPLATE_PARAMS ?? 'code').trim();
  const params = paramsText.split(',').map((p) => p.trim());
  const paramsOk = params.every((p): p is TemplateParam => (TEMPLATE_PARAMS as string[]).includes(p));
  if (!paramsOk) {
    missing.push({
      variable: 'SMS_TEMPLATE_PARAMS',
      zh: `SMS_TEMPLATE_PARAMS 应为逗号分隔的 code、minutes（模板变量 {1}、{2}… 依次填入验证码、有效分钟数），当前为 "${paramsText}"`,
      en: `SMS_TEMPLATE_PARAMS must be a comma list of code, minutes (filling the template's {1}, {2}, ...), got "${paramsText}"`,
    });
  }
  return {
    settings: {
      secretId: (env.SMS_SECRET_ID ?? '').trim(),
      secretKey: (env.SMS_SECRET_KEY ?? '').trim(),
      sdkAppId: (env.SMS_SDK_APP_ID ?? '').trim(),
      signName: (env.SMS_SIGN_NAME ?? '').trim(),
      templateId: (env.SMS_TEMPLATE_ID ?? '').trim(),
      templateParams: paramsOk ? params : ['code'],
      endpoint,
      region: env.SMS_REGION_ID || 'ap-guangzhou',
      timeoutMs,
    },
    missing,
  };
}
