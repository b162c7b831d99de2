// A real S3-compatible server for the tests (s3rver: S3's REST API over HTTP, objects kept on disk), on
// a free port with one empty bucket. Its fixed credentials are S3RVER / S3RVER; it refuses an unknown access key (403)
// but, unlike real stores, does not check the signature.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import S3rver from 's3rver';
import type { StorageSettings } from '../../server/storage';

// The SDK warns once per process that its releases from 2027 need Node 22; the test output need not repeat it.
process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED ??= 'true';

export interface TestS3 {
  endpoint: string;
  bucket: string;
  /** What the server's settings would be with STORAGE=s3 and this server's S3_* variables. */
  settings: Extract<StorageSettings, { kind: 's3' }>;
  /** The S3_* environment of a server process using this store. */
  env: Record<string, string>;
  close(): Promise<void>;
}

export async function startS3Server(opts: { port?: number; bucket?: string } = {}): Promise<TestS3> {
  const directory = fs.mkdtempSync(path.join(os.tmpdir(), 'vsim-s3-'));
  const bucket = opts.bucket ?? 'vsim-uploads';
  const server = new S3rver({ address: '127.0.0.1', port: opts.port ?? 0, silent: true, directory, configureBuckets: [{ name: bucket }] });
  const { port } = await server.run();
  const endpoint = `http://127.0.0.1:${port}`;
  const env = { STORAGE: 's3', S3_ENDPOINT: endpoint, S3_BUCKET: bucket, S3_REGION: 'us-east-1', S3_ACCESS_KEY_ID: 'S3RVER', S3_SECRET_ACCESS_KEY: 'S3RVER', S3_FORCE_PATH_STYLE: '1' };
  return {
    endpoint,
    bucket,
    env,
    settings: { kind: 's3', endpoint, bucket, region: 'us-east-1', accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER', forcePathStyle: true, prefix: 'uploads/' },
    async close() {
      await server.close();
      fs.rmSync(directory, { recursive: true, force: true });
    },
  };
}
