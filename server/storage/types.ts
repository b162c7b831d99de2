import type { Readable } from 'node:stream';

/** An object as read back: its bytes as a stream (only the range asked for, if any), its whole size and its type. */
export interface StoredObject {
  body: Readable;
  size: number;
  contentType: string;
}

/** Bytes `start` to `end` of an object, both included; within the object (the caller checked its size). */
export interface ReadRange {
  start: number;
  end: number;
}

export interface ListedObject {
  key: string;
  size: number;
  modifiedAt: Date;
}

export interface ObjectInfo {
  size: number;
  contentType: string;
}

/**
 * Where uploaded files live (issue 15 #1). Keys are the generated stored names of `uploads` rows (32 hex digits and an
 * extension); a backend never sees a user's file name. Two backends: the node's own disk (the embedded default) and
 * an S3-compatible object store shared by every node.
 */
export interface FileStorage {
  readonly kind: 'local' | 's3';
  /**
   * Stores the bytes under `key`; a key is written once (generated names never repeat). A stream needs its `size`
   * (S3 signs the length); uploads are buffers already, since their content is checked before they are stored.
   */
  put(key: string, body: Buffer | Readable, contentType: string, size?: number): Promise<void>;
  /** The object, or null when there is none under `key`; with `range`, a stream of only those bytes (video seeking). */
  get(key: string, range?: ReadRange): Promise<StoredObject | null>;
  /** Size and type without the bytes, or null when there is no such object. */
  head(key: string): Promise<ObjectInfo | null>;
  /** Removes the object; no error when it is already gone. */
  delete(key: string): Promise<void>;
  /** Keys in order, from after `after`, at most `limit` (every key without them): backups and the stray sweep. */
  list(opts?: { after?: string; limit?: number }): AsyncIterable<ListedObject>;
  /** Resolves while the storage can be written to (local: the folder is writable; S3: the bucket answers). */
  check(): Promise<void>;
  /** For the start-up line and logs: where files go, without secrets. */
  describe(): string;
}

/** Thrown when the storage cannot answer (network, credentials, bucket gone): the request answers 503, not 500. */
export class StorageUnavailable extends Error {
  readonly code = 'STORAGE_UNAVAILABLE';
  constructor(cause: unknown) {
    super(`文件存储不可用: ${cause instanceof Error ? cause.message : String(cause)}`, { cause });
  }
}

/** Keys are our generated names only: a key with a path separator or a dot segment is a bug, refused before I/O. */
export function assertKey(key: string): void {
  if (!/^[0-9A-Za-z][0-9A-Za-z._-]{0,127}$/.test(key) || key.includes('..')) throw new Error(`invalid storage key: ${JSON.stringify(key)}`);
}
