import type { Readable } from 'node:stream';
import {
  DeleteObjectCommand, GetObjectCommand, HeadBucketCommand, HeadObjectCommand, ListObjectsCommand, PutObjectCommand, S3Client,
} from '@aws-sdk/client-s3';
import { assertKey, StorageUnavailable, type FileStorage, type ObjectInfo, type StoredObject } from './types';

export interface S3Settings {
  /** http(s)://host:port of an S3-compatible service; empty for AWS itself (the region's endpoint). */
  endpoint?: string;
  bucket: string;
  region: string;
  accessKeyId: string;
  secretAccessKey: string;
  /** bucket in the path (http://host/bucket/key) rather than the host name: MinIO and most self-hosted stores. */
  forcePathStyle: boolean;
  /** Prefix of every key in the bucket, so the bucket may hold other things too. */
  prefix: string;
}

const notFound = (err: unknown) => {
  const e = err as { name?: string; $metadata?: { httpStatusCode?: number } };
  return e?.name === 'NoSuchKey' || e?.name === 'NotFound' || e?.$metadata?.httpStatusCode === 404;
};

/** Runs one request; "no such object" is null, anything else means the store cannot answer. */
async function attempt<T>(request: () => Promise<T>): Promise<T | null> {
  try {
    return await request();
  } catch (err) {
    if (notFound(err)) return null;
    throw new StorageUnavailable(err);
  }
}

/**
 * An S3-compatible bucket (AWS S3, MinIO, Alibaba Cloud OSS, Tencent COS) through the AWS SDK. Checksums are only
 * sent where the protocol requires them: several compatible stores reject the SDK's newer default checksum headers.
 */
export function s3Storage(settings: S3Settings): FileStorage {
  const client = new S3Client({
    endpoint: settings.endpoint || undefined,
    region: settings.region,
    forcePathStyle: settings.forcePathStyle,
    credentials: { accessKeyId: settings.accessKeyId, secretAccessKey: settings.secretAccessKey },
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
    maxAttempts: 2,
  });
  const Bucket = settings.bucket;
  const Key = (key: string) => {
    assertKey(key);
    return settings.prefix + key;
  };
  return {
    kind: 's3',
    async put(key, body, contentType, size) {
      const length = Buffer.isBuffer(body) ? body.length : size;
      if (length === undefined) throw new Error('s3 put of a stream needs its size');
      await attempt(() => client.send(new PutObjectCommand({ Bucket, Key: Key(key), Body: body, ContentType: contentType, ContentLength: length })));
    },
    async head(key): Promise<ObjectInfo | null> {
      const out = await attempt(() => client.send(new HeadObjectCommand({ Bucket, Key: Key(key) })));
      return out ? { size: out.ContentLength ?? 0, contentType: out.ContentType ?? 'application/octet-stream' } : null;
    },
    async get(key, range): Promise<StoredObject | null> {
      const Range = range && `bytes=${range.start}-${range.end}`;
      const out = await attempt(() => client.send(new GetObjectCommand({ Bucket, Key: Key(key), Range })));
      if (!out?.Body) return null;
      // A ranged answer's ContentLength is the part's; the whole size ends its Content-Range (bytes a-b/size).
      const whole = out.ContentRange?.match(/\/(\d+)$/)?.[1];
      return { body: out.Body as Readable, size: whole ? Number(whole) : out.ContentLength ?? 0, contentType: out.ContentType ?? 'application/octet-stream' };
    },
    async delete(key) {
      await attempt(() => client.send(new DeleteObjectCommand({ Bucket, Key: Key(key) })));
    },
    // ListObjects (version 1) paged by Marker, the last key seen: every S3-compatible store has it, where some answer
    // ListObjectsV2's continuation tokens wrongly.
    async *list({ after, limit = Infinity } = {}) {
      let Marker = after === undefined ? undefined : settings.prefix + after;
      let listed = 0;
      for (;;) {
        const MaxKeys = Math.min(1000, limit - listed);
        const page = await attempt(() => client.send(new ListObjectsCommand({ Bucket, Prefix: settings.prefix, Marker, MaxKeys })));
        const contents = page?.Contents ?? [];
        for (const o of contents) {
          if (!o.Key) continue;
          listed++;
          yield { key: o.Key.slice(settings.prefix.length), size: o.Size ?? 0, modifiedAt: o.LastModified ?? new Date() };
        }
        if (!page?.IsTruncated || contents.length === 0 || listed >= limit) return;
        Marker = contents[contents.length - 1].Key;
      }
    },
    async check() {
      const found = await attempt(() => client.send(new HeadBucketCommand({ Bucket })));
      if (!found) throw new StorageUnavailable(new Error(`存储桶 ${Bucket} 不存在`));
    },
    describe: () => `s3 ${settings.endpoint || `(${settings.region})`}/${Bucket}/${settings.prefix}`,
  };
}
