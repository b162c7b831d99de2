import path from 'node:path';
import type { SettingProblem } from '../boot/settings';
import { localStorage } from './local';
import { s3Storage, type S3Settings } from './s3';
import type { FileStorage } from './types';

export type { FileStorage, ListedObject, ObjectInfo, StoredObject } from './types';
export { StorageUnavailable } from './types';
export { localStorage } from './local';
export { s3Storage, type S3Settings } from './s3';

export type StorageSettings = { kind: 'local' } | ({ kind: 's3' } & S3Settings);

const REQUIRED_S3 = [
  ['S3_BUCKET', '存储桶名称', 'the bucket name'],
  ['S3_ACCESS_KEY_ID', '访问密钥 ID', 'the access key id'],
  ['S3_SECRET_ACCESS_KEY', '访问密钥', 'the secret access key'],
] as const;

/**
 * STORAGE=local (default: files under DATA_DIR/uploads) or STORAGE=s3 with S3_ENDPOINT, S3_BUCKET, S3_REGION,
 * S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY, S3_FORCE_PATH_STYLE and S3_PREFIX. A missing S3 setting is a problem in every
 * mode: such a server could not store a single file.
 */
export function readStorageSettings(env: NodeJS.ProcessEnv, problems: SettingProblem[]): StorageSettings {
  const kind = (env.STORAGE ?? '').trim() || 'local';
  if (kind !== 'local' && kind !== 's3') {
    problems.push({ variable: 'STORAGE', zh: `STORAGE 只能是 local 或 s3，当前为 "${kind}"`, en: `STORAGE must be local or s3, got "${kind}"` });
    return { kind: 'local' };
  }
  if (kind === 'local') return { kind: 'local' };
  for (const [name, zh, en] of REQUIRED_S3) {
    if (!env[name]) problems.push({ variable: name, zh: `STORAGE=s3 时必须设置 ${name}（${zh}）`, en: `${name} (${en}) is required with STORAGE=s3` });
  }
  const endpoint = (env.S3_ENDPOINT ?? '').trim();
  if (endpoint && !/^https?:\/\/[^/\s]+\/?$/.test(endpoint)) {
    problems.push({ variable: 'S3_ENDPOINT', zh: `S3_ENDPOINT 应为 http(s)://主机[:端口]，当前为 "${endpoint}"`, en: `S3_ENDPOINT must be http(s)://host[:port], got "${endpoint}"` });
  }
  if (!endpoint && !env.S3_REGION) {
    problems.push({ variable: 'S3_REGION', zh: '未设置 S3_ENDPOINT 时必须设置 S3_REGION', en: 'S3_REGION is required when S3_ENDPOINT is not set' });
  }
  const pathStyle = (env.S3_FORCE_PATH_STYLE ?? '').trim();
  if (pathStyle && !['0', '1', 'true', 'false'].includes(pathStyle)) {
    problems.push({ variable: 'S3_FORCE_PATH_STYLE', zh: 'S3_FORCE_PATH_STYLE 只能是 1 或 0', en: 'S3_FORCE_PATH_STYLE must be 1 or 0' });
  }
  let prefix = (env.S3_PREFIX ?? 'uploads/').trim();
  if (prefix && !prefix.endsWith('/')) prefix += '/';
  return {
    kind: 's3',
    endpoint: endpoint.replace(/\/$/, '') || undefined,
    bucket: env.S3_BUCKET ?? '',
    region: env.S3_REGION || 'us-east-1',
    accessKeyId: env.S3_ACCESS_KEY_ID ?? '',
    secretAccessKey: env.S3_SECRET_ACCESS_KEY ?? '',
    // Path style by default when an endpoint is given (self-hosted stores); virtual-host style for AWS itself.
    forcePathStyle: pathStyle ? pathStyle === '1' || pathStyle === 'true' : !!endpoint,
    prefix,
  };
}

/** The storage the settings name; local files live in `<dataDir>/uploads`. */
export function createStorage(settings: StorageSettings, dataDir: string): FileStorage {
  return settings.kind === 's3' ? s3Storage(settings) : localStorage(path.join(dataDir, 'uploads'));
}
