import { createHash, randomBytes, randomInt } from 'node:crypto';
import type { Db } from '../db';
import { fromNow, now, parseTimestamp } from '../db/time';
import { refuse } from '../http/errors';
import { AliyunSmsProvider, readAliyunSettings } from './sms-aliyun';
import { readTencentSettings, TencentSmsProvider } from './sms-tencent';

/** Sends a text message. A real gateway (Aliyun, Tencent Cloud, ...) implements this and is chosen in createSmsProvider. */
export interface SmsProvider {
  readonly name: string;
  /** `minutes`: how long the code stays valid, for a template that says so. */
  send(mobile: string, text: string, meta: { code: string; purpose: string; minutes?: number }): Promise<void>;
}

export interface OutboxEntry {
  mobile: string;
  purpose: string;
  code: string;
  text: string;
  at: string;
}

/** Development gateway: nothing leaves the machine; messages are logged and kept in an outbox developers and tests read. */
export class DevSmsProvider implements SmsProvider {
  readonly name = 'dev';
  readonly outbox: OutboxEntry[] = [];
  constructor(private readonly log: (line: string) => void = (line) => console.log(line)) {}
  async send(mobile: string, text: string, meta: { code: string; purpose: string }): Promise<void> {
    this.outbox.push({ mobile, purpose: meta.purpose, code: meta.code, text, at: now() });
    if (this.outbox.length > 200) this.outbox.shift();
    this.log(`[短信-开发] ${mobile}: ${text}`);
  }
  latest(mobile: string): OutboxEntry | undefined {
    return [...this.outbox].reverse().find((m) => m.mobile === mobile);
  }
}

/** Production has no gateway until one is configured; sending then refuses instead of pretending. */
class MissingSmsProvider implements SmsProvider {
  readonly name = 'none';
  async send(): Promise<void> {
    throw refuse('短信服务未配置，请联系管理员');
  }
}

export const SMS_PROVIDERS = ['dev', 'none', 'aliyun', 'tencent'] as const;

/**
 * SMS_PROVIDER=dev (default outside production), none (production default), aliyun (Alibaba Cloud SMS) or tencent
 * (Tencent Cloud SMS), each gateway with its SMS_* settings.
 */
export function createSmsProvider(env: NodeJS.ProcessEnv = process.env, log?: (line: string) => void): SmsProvider {
  const name = smsProviderName(env);
  if (name === 'dev') return new DevSmsProvider();
  if (name === 'aliyun') return new AliyunSmsProvider(readAliyunSettings(env).settings, log);
  if (name === 'tencent') return new TencentSmsProvider(readTencentSettings(env).settings, log);
  return new MissingSmsProvider();
}

const smsProviderName = (env: NodeJS.ProcessEnv) => env.SMS_PROVIDER || (env.NODE_ENV === 'production' ? 'none' : 'dev');

/** What start-up prints about the gateway, so an operator sees at once when codes cannot go out. */
export function describeSmsGateway(env: NodeJS.ProcessEnv): string {
  const labels: Record<string, string> = {
    dev: '开发通道（验证码只写入日志，不会发出）',
    none: '未配置（注册、找回密码会提示“短信服务未配置，请联系管理员”；见 docs/deploy.md）',
    aliyun: '阿里云短信',
    tencent: '腾讯云短信',
  };
  return labels[smsProviderName(env)] ?? smsProviderName(env);
}

/** Problems with the SMS settings, for start-up to refuse on (an unknown provider, a gateway missing a key). */
export function smsSettingProblems(env: NodeJS.ProcessEnv): { variable: string; zh: string; en: string }[] {
  const name = env.SMS_PROVIDER || '';
  if (name === 'aliyun') return readAliyunSettings(env).missing;
  if (name === 'tencent') return readTencentSettings(env).missing;
  if (name && !(SMS_PROVIDERS as readonly string[]).includes(name)) {
    return [{ variable: 'SMS_PROVIDER', zh: `SMS_PROVIDER 只能是 ${SMS_PROVIDERS.join('、')}，当前为 "${name}"`, en: `SMS_PROVIDER must be one of ${SMS_PROVIDERS.join(', ')}, got "${name}"` }];
  }
  return [];
}

/** Errors the gateway raised while sending: the message did not go out, so the sender's SMS quota is given back. */
const notSent = new WeakSet<object>();
export const wasNotSent = (error: unknown) => typeof error === 'object' && error !== null && notSent.has(error);

export interface SmsRules {
  codeTtlSeconds: number;
  resendSeconds: number;
  maxAttempts: number;
}

/** register and reset: the account page; mobile: a signed-in student changing their number (user/mobile_code). */
export type SmsPurpose = 'register' | 'reset' | 'mobile';
const SMS_PURPOSES: SmsPurpose[] = ['register', 'reset', 'mobile'];
const hashCode = (key: string, code: string) => createHash('sha256').update(`${key}:${code}`).digest('hex');

/** Creates and sends a 6-digit code; at most one per number every `resendSeconds`. Returns the verification key. */
export async function sendCode(db: Db, provider: SmsProvider, mobile: string, purpose: SmsPurpose, rules: SmsRules): Promise<string> {
  const last = await db.selectFrom('verification_codes').select('created_at').where('mobile', '=', mobile).where('purpose', 'in', SMS_PURPOSES).orderBy('id', 'desc').executeTakeFirst();
  const since = last ? (Date.now() - (parseTimestamp(last.created_at)?.getTime() ?? 0)) / 1000 : Infinity;
  if (since < rules.resendSeconds) throw refuse(`验证码发送过于频繁，请${Math.ceil(rules.resendSeconds - since)}秒后再试`);
  const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
  const key = randomBytes(16).toString('hex');
  try {
    const minutes = Math.round(rules.codeTtlSeconds / 60);
    await provider.send(mobile, `您的验证码是${code}，${minutes}分钟内有效。如非本人操作，请忽略本短信。`, { code, purpose, minutes });
  } catch (error) {
    if (typeof error === 'object' && error !== null) notSent.add(error);
    throw error;
  }
  await db.insertInto('verification_codes').values({ mobile, purpose, key, code_hash: hashCode(key, code), expires_at: fromNow(rules.codeTtlSeconds) }).execute();
  return key;
}

/**
 * Checks an SMS code and, unless `keep` is set, uses it up on success. Without a key the newest code sent to the
 * number is checked. Every check takes one of the code's `maxAttempts` in a single conditional update before the
 * comparison, so parallel guesses cannot try more codes than that; after them the code is dead.
 */
export async function consumeCode(db: Db, input: { mobile: string; purpose: SmsPurpose; code: string; key?: string }, rules: SmsRules, opts: { keep?: boolean } = {}): Promise<void> {
  let query = db.selectFrom('verification_codes').select(['id', 'used_at', 'expires_at', 'attempts']).where('mobile', '=', input.mobile).where('purpose', '=', input.purpose);
  query = input.key ? query.where('key', '=', input.key) : query.orderBy('id', 'desc');
  const found = await query.executeTakeFirst();
  if (!found) throw refuse(input.key ? '验证码已失效，请重新获取' : '请获取验证码！');
  if (found.used_at || found.expires_at < now()) throw refuse('验证码已失效，请重新获取');
  const row = await db
    .updateTable('verification_codes')
    .set((eb) => ({ attempts: eb('attempts', '+', 1) }))
    .where('id', '=', found.id)
    .where('used_at', 'is', null)
    .where('attempts', '<', rules.maxAttempts)
    .returning(['key', 'code_hash'])
    .executeTakeFirst();
  if (!row) throw refuse('验证码错误次数过多，请重新获取');
  if (row.code_hash !== hashCode(row.key, input.code.trim())) throw refuse('请输入正确验证码');
  if (opts.keep) return;
  const used = await db.updateTable('verification_codes').set({ used_at: now() }).where('id', '=', found.id).where('used_at', 'is', null).executeTakeFirst();
  if (Number(used.numUpdatedRows) === 0) throw refuse('验证码已失效，请重新获取');
}
