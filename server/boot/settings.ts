import path from 'node:path';
import { DEV_PARTNER_SECRET } from '../app';
import { smsSettingProblems } from '../services/sms';
import { readStorageSettings, type StorageSettings } from '../storage';

/** What the server reads from its environment, resolved once at start-up. */
export interface ServerSettings {
  production: boolean;
  port: number;
  host: string;
  dataDir: string;
  configDir: string;
  distDir: string;
  databaseUrl?: string;
  databasePoolSize: number;
  defaultDomain: string;
  partnerSecret: string;
  logLevel: string;
  /** Seed the demo school into an empty database: development only, unless SEED_DEMO=1. */
  seedDemo: boolean;
  housekeepingMinutes: number;
  /** X-Forwarded-For is believed only from these proxies: false (default), a hop count, or addresses/CIDRs. */
  trustProxy: boolean | number | string;
  /** Where uploaded files live: this node's DATA_DIR/uploads, or an S3-compatible bucket shared by every node. */
  storage: StorageSettings;
}

/** A setting production refuses to start without, said in Chinese and English for the operator. */
export interface SettingProblem {
  variable: string;
  zh: string;
  en: string;
}

const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'];

function whole(env: NodeJS.ProcessEnv, name: string, fallback: number, problems: SettingProblem[], min = 1): number {
  const text = env[name];
  if (text === undefined || text === '') return fallback;
  const n = Number(text);
  if (Number.isInteger(n) && n >= min) return n;
  problems.push({ variable: name, zh: `${name} 必须是不小于 ${min} 的整数，当前为 "${text}"`, en: `${name} must be an integer >= ${min}, got "${text}"` });
  return fallback;
}

/** TRUST_PROXY: unset/false/0 = trust no proxy; a whole number = that many hops; else a comma list of addresses/CIDRs. */
function trustProxyOf(text: string | undefined, problems: SettingProblem[]): boolean | number | string {
  const value = (text ?? '').trim();
  if (value === '' || value === 'false' || value === '0') return false;
  if (/^\d+$/.test(value)) return Number(value);
  const entries = value.split(',').map((e) => e.trim());
  if (entries.every((e) => /^[0-9a-fA-F:.]+(\/\d{1,3})?$/.test(e) || ['loopback', 'linklocal', 'uniquelocal'].includes(e))) return entries.join(',');
  problems.push({ variable: 'TRUST_PROXY', zh: `TRUST_PROXY 应为代理层数或代理地址列表（逗号分隔），当前为 "${value}"`, en: `TRUST_PROXY must be a hop count or a comma-separated list of proxy addresses, got "${value}"` });
  return false;
}

/**
 * Reads the environment. Problems are returned, not thrown, so every one is reported at once. In production a
 * development default is a problem: the demo partner secret, development hooks, a development SMS outbox.
 */
export function readSettings(env: NodeJS.ProcessEnv, root: string): { settings: ServerSettings; problems: SettingProblem[] } {
  const problems: SettingProblem[] = [];
  const production = env.NODE_ENV === 'production';
  const partnerSecret = env.LANDING_PARTNER_SECRET ?? '';
  const logLevel = env.LOG_LEVEL ?? 'info';
  if (!LOG_LEVELS.includes(logLevel)) {
    problems.push({ variable: 'LOG_LEVEL', zh: `LOG_LEVEL 只能是 ${LOG_LEVELS.join('、')}`, en: `LOG_LEVEL must be one of ${LOG_LEVELS.join(', ')}` });
  }
  const settings: ServerSettings = {
    production,
    port: whole(env, 'PORT', 8080, problems, 0), // 0: any free port
    host: env.HOST ?? '0.0.0.0',
    dataDir: path.resolve(env.DATA_DIR ?? path.join(root, 'data')),
    configDir: path.resolve(env.CONFIG_DIR ?? path.join(root, 'config')),
    distDir: path.resolve(env.DIST_DIR ?? path.join(root, 'dist')),
    databaseUrl: env.DATABASE_URL || undefined,
    databasePoolSize: whole(env, 'DATABASE_POOL_SIZE', 10, problems, 2), // one connection holds the start-up lock while another seeds
    defaultDomain: env.DEFAULT_SCHOOL_DOMAIN ?? 'demo',
    partnerSecret: partnerSecret || DEV_PARTNER_SECRET,
    logLevel: LOG_LEVELS.includes(logLevel) ? logLevel : 'info',
    seedDemo: production ? env.SEED_DEMO === '1' : env.SEED_DEMO !== '0',
    housekeepingMinutes: whole(env, 'HOUSEKEEPING_MINUTES', 10, problems),
    trustProxy: trustProxyOf(env.TRUST_PROXY, problems),
    storage: readStorageSettings(env, problems),
  };
  problems.push(...smsSettingProblems(env));
  if (!production) return { settings, problems };

  if (!partnerSecret || partnerSecret === DEV_PARTNER_SECRET) {
    problems.push({ variable: 'LANDING_PARTNER_SECRET', zh: '未设置省级平台共享密钥 LANDING_PARTNER_SECRET（或仍为开发默认值）', en: 'LANDING_PARTNER_SECRET is missing or still the development default' });
  } else if (partnerSecret.length < 16) {
    problems.push({ variable: 'LANDING_PARTNER_SECRET', zh: 'LANDING_PARTNER_SECRET 过短，至少 16 个字符', en: 'LANDING_PARTNER_SECRET is too short (at least 16 characters)' });
  }
  if (env.DEV_HOOKS === '1') {
    problems.push({ variable: 'DEV_HOOKS', zh: '生产环境不得开启 DEV_HOOKS（测试用接口会泄露验证码）', en: 'DEV_HOOKS must not be set in production (test hooks reveal verification codes)' });
  }
  if ((env.SMS_PROVIDER ?? '') === 'dev') {
    problems.push({ variable: 'SMS_PROVIDER', zh: '生产环境不得使用开发短信通道 SMS_PROVIDER=dev', en: 'SMS_PROVIDER=dev (development outbox) is not allowed in production' });
  }
  return { settings, problems };
}

/** The operator-facing report printed when the server refuses to start. */
export function formatProblems(problems: SettingProblem[]): string {
  return [
    '服务未启动：以下配置缺失或不安全 / Server not started: these settings are missing or unsafe:',
    ...problems.map((p) => `  - ${p.variable}: ${p.zh} / ${p.en}`),
    '请在环境变量中设置后重新启动（见 docs/security.md 与 docs/deploy.md）。',
  ].join('\n');
}
