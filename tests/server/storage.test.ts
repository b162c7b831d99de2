// Storage settings (STORAGE=local|s3 and the S3_* variables) and what a node does when its object store cannot answer:
// not ready, and 503 系统繁忙 on the calls that need a file, never 500.
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../server/app';
import { formatProblems, readSettings } from '../../server/boot/settings';
import { createConfigStore } from '../../server/config';
import { loadContract } from '../../server/contract';
import { s3Storage } from '../../server/storage';
import { CONFIG_DIR, startTestServer, type TestServer } from './harness';
import { multipart, PNG } from './work-files';

const ROOT = path.resolve(import.meta.dirname, '../..');
const PROD = { NODE_ENV: 'production', LANDING_PARTNER_SECRET: 'a-real-secret-of-some-length' };

describe('storage settings', () => {
  it('keeps files on the local disk unless STORAGE=s3', () => {
    expect(readSettings({}, ROOT).settings.storage).toEqual({ kind: 'local' });
    expect(readSettings({ ...PROD, STORAGE: 'local' }, ROOT).problems).toEqual([]);
    const wrong = readSettings({ STORAGE: 'oss' }, ROOT).problems;
    expect(wrong).toEqual([{ variable: 'STORAGE', zh: 'STORAGE 只能是 local 或 s3，当前为 "oss"', en: 'STORAGE must be local or s3, got "oss"' }]);
  });

  it('refuses STORAGE=s3 without its bucket and keys, in Chinese and English', () => {
    const { problems } = readSettings({ ...PROD, STORAGE: 's3' }, ROOT);
    expect(problems.map((p) => p.variable)).toEqual(['S3_BUCKET', 'S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY', 'S3_REGION']);
    const report = formatProblems(problems);
    expect(report).toContain('服务未启动');
    expect(report).toContain('S3_BUCKET: STORAGE=s3 时必须设置 S3_BUCKET（存储桶名称） / S3_BUCKET (the bucket name) is required with STORAGE=s3');
    const badEndpoint = readSettings({ ...PROD, STORAGE: 's3', S3_ENDPOINT: 'minio:9000', S3_BUCKET: 'b', S3_ACCESS_KEY_ID: 'k', S3_SECRET_ACCESS_KEY: 's' }, ROOT);
    expect(badEndpoint.problems.map((p) => p.variable)).toEqual(['S3_ENDPOINT']);
  });

  it('reads a complete S3 configuration; path style by default with an endpoint, virtual-host style for AWS', () => {
    const env = { ...PROD, STORAGE: 's3', S3_ENDPOINT: 'http://10.0.0.5:9000/', S3_BUCKET: 'vsim', S3_ACCESS_KEY_ID: 'k', S3_SECRET_ACCESS_KEY: 's' };
    const minio = readSettings(env, ROOT);
    expect(minio.problems).toEqual([]);
    expect(minio.settings.storage).toEqual({ kind: 's3', endpoint: 'http://10.0.0.5:9000', bucket: 'vsim', region: 'us-east-1', accessKeyId: 'k', secretAccessKey: 's', forcePathStyle: true, prefix: 'uploads/' });
    const oss = readSettings({ ...env, S3_ENDPOINT: 'https://oss-cn-hangzhou.aliyuncs.com', S3_FORCE_PATH_STYLE: '0', S3_PREFIX: 'vsim' }, ROOT).settings.storage;
    expect(oss).toMatchObject({ forcePathStyle: false, prefix: 'vsim/' });
    const aws = readSettings({ ...env, S3_ENDPOINT: '', S3_REGION: 'cn-north-1' }, ROOT).settings.storage;
    expect(aws).toMatchObject({ endpoint: undefined, region: 'cn-north-1', forcePathStyle: false });
  });
});

describe('a platform on S3', () => {
  let s: TestServer;
  beforeAll(async () => {
    s = await startTestServer('sqlite', { storage: 's3' });
  });
  afterAll(async () => s?.close());

  it('puts the result images into the bucket and serves them to the student only', async () => {
    const token = await s.login('stu00011');
    const launch = await s.post('learn/getlearnurl', { learn_id: 13 }, token); // course 13 reports its detail as images
    const launchToken = new URL(launch.body.data.url, 'http://localhost').searchParams.get('token')!;
    const boundary = '----vsimsim';
    const part = (head: string, data: Buffer | string) => Buffer.concat([Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; ${head}\r\n\r\n`), Buffer.from(data), Buffer.from('\r\n')]);
    const payload = Buffer.concat([
      part('name="token"', launchToken), part('name="total_score"', '92'), part('name="total_time"', '900'),
      part('name="images"; filename="shot.png"\r\nContent-Type: image/png', PNG), Buffer.from(`--${boundary}--\r\n`),
    ]);
    const res = await s.app.inject({ method: 'POST', url: '/api/sim/result', payload, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } });
    expect(res.json().code, res.body).toBe(200);
    const record = await s.opened.db.selectFrom('score_records').select('detail').where('id', '=', res.json().data.id).executeTakeFirstOrThrow();
    const [url] = JSON.parse(record.detail) as string[];
    expect(await s.storage.head(url.slice('/files/'.length))).toEqual({ size: PNG.length, contentType: 'image/png' });
    const own = await s.app.inject({ method: 'GET', url, headers: { authorization: `Bearer ${token}` } });
    expect(own.statusCode).toBe(200);
    expect(own.rawPayload.equals(PNG)).toBe(true);
    const other = await s.app.inject({ method: 'GET', url, headers: { authorization: `Bearer ${await s.login('stu00012')}` } });
    expect(other.statusCode).toBe(403);
  });

  describe('an object store that cannot answer', () => {
    let token: string;
    let url: string;
    beforeAll(async () => {
      token = await s.login('stu00026');
      url = await s.upload(token, 'a.png', PNG);
    });

    for (const [what, change] of [
      ['refuses its access key', { accessKeyId: 'not-a-known-key' }],
      ['is not there', { endpoint: 'http://127.0.0.1:9' }],
    ] as const) {
      it(`${what}: not ready, and uploads and downloads answer 503 系统繁忙`, async () => {
        const storage = s3Storage({ ...s.s3!.settings, ...change });
        const app = await buildApp({ db: s.opened.db, contract: loadContract(CONFIG_DIR), config: createConfigStore({ configDir: CONFIG_DIR }), dataDir: s.dataDir, storage });
        try {
          const headers = { host: 'localhost', authorization: `Bearer ${token}` };
          const ready = await app.inject({ method: 'GET', url: '/api/ready' });
          expect(ready.statusCode).toBe(503);
          expect(ready.json().message).toBe('系统繁忙，请稍后重试（不可用：文件存储）');
          const form = multipart('file', 'b.png', PNG);
          const upload = await app.inject({ method: 'POST', url: '/api/common/upload_file', payload: form.body, headers: { ...headers, 'content-type': form.contentType } });
          expect(upload.statusCode).toBe(503);
          expect(upload.json()).toMatchObject({ code: 503, message: '系统繁忙，请稍后重试' });
          const download = await app.inject({ method: 'GET', url, headers });
          expect(download.statusCode).toBe(503);
          // The working store still has the file: nothing was lost, it only could not be reached.
          expect((await s.app.inject({ method: 'GET', url, headers })).statusCode).toBe(200);
        } finally {
          await app.close();
        }
      });
    }
  });
});
