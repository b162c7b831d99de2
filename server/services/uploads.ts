import crypto from 'node:crypto';
import path from 'node:path';
import type { Db } from '../db';
import { now } from '../db/time';
import { ApiError, refuse } from '../http/errors';
import { detectFileType } from './file-type';
import { formatBytes, type UploadLimits } from './upload-limits';
import { pendingUploadBytes } from './upload-orphans';
import type { FileStorage } from '../storage';

/** Spec §9: upload limit 2 MB ("under 2 MB", so exactly 2 MB is refused). */
export const MAX_UPLOAD_BYTES = 2 * 1024 * 1024;
export const FILES_PREFIX = '/files/';

export const UPLOAD_MESSAGES = {
  bmp: '上传图片不能是BMP格式!',
  imageTooBig: '上传头像图片大小不能超过 2MB!',
  fileTooBig: '上传文件大小不能超过 2MB!',
  unsupported: '只能上传 jpg、jpeg、png 图片或 docx 文档！',
  notDocx: '只能上传 docx 格式的文档！',
  empty: '还未上传文件！',
} as const;

export type FileKind = 'jpeg' | 'png' | 'docx';
const MIME: Record<FileKind, string> = {
  jpeg: 'image/jpeg',
  png: 'image/png',
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
};
const EXT: Record<FileKind, string> = { jpeg: 'jpg', png: 'png', docx: 'docx' };

export const isImageMime = (mime: string) => mime === MIME.jpeg || mime === MIME.png;
export const isDocxMime = (mime: string) => mime === MIME.docx;

const KIND_OF_EXT = new Map<string, FileKind | 'bmp' | 'zip'>([['jpg', 'jpeg'], ['png', 'png'], ['bmp', 'bmp'], ['docx', 'docx'], ['zip', 'zip']]);

/**
 * What the bytes are, by their content (never the client's file name or type): an accepted kind, a BMP (refused
 * with its own message), another zip (a document that is not Word), or null. Works on the head of a file too, so an
 * oversized upload read only up to the limit still gets the message for its kind.
 */
export async function sniff(buf: Buffer): Promise<FileKind | 'bmp' | 'zip' | null> {
  const type = await detectFileType(buf);
  return (type && KIND_OF_EXT.get(type.ext)) ?? null;
}

export interface StoredUpload {
  url: string;
  name: string;
  size: number;
  mime: string;
  sha256: string;
}

/** 413 when this file and the user's uploads not yet handed in (`pending` bytes) would pass limits.uploads.quotaBytes. */
export function quotaExceeded(pending: number, limits: Pick<UploadLimits, 'quotaBytes' | 'orphanGraceHours'>): ApiError {
  return new ApiError(
    413,
    413,
    `您上传但尚未提交的文件已有 ${formatBytes(pending)}，再上传这个文件会超过上限 ${formatBytes(limits.quotaBytes)}。请先提交作业再上传（未提交的文件 ${limits.orphanGraceHours} 小时后自动删除）`,
  );
}

/**
 * Checks an uploaded file against the spec's rules and stores it under a generated name.
 * `truncated` is set when the multipart reader stopped at the size limit. With `quota`, the owner's uploads that no
 * record names yet, this one included, may not pass quota.quotaBytes: checked before the file is written, and again
 * after its row is in, so parallel uploads cannot pass it together (the one that finds the total over removes itself).
 */
export async function storeUpload(
  db: Db,
  storage: FileStorage,
  ownerId: number,
  file: { data: Buffer; filename: string; truncated: boolean },
  accept: 'any' | 'docx' = 'any',
  quota?: Pick<UploadLimits, 'quotaBytes' | 'orphanGraceHours'>,
): Promise<StoredUpload> {
  const { data } = file;
  if (data.length === 0) throw refuse(UPLOAD_MESSAGES.empty);
  const kind = await sniff(data);
  if (kind === 'bmp') throw refuse(UPLOAD_MESSAGES.bmp);
  if (file.truncated || data.length >= MAX_UPLOAD_BYTES) {
    if (!kind) throw refuse(UPLOAD_MESSAGES.unsupported);
    throw refuse(kind === 'zip' || kind === 'docx' ? UPLOAD_MESSAGES.fileTooBig : UPLOAD_MESSAGES.imageTooBig);
  }
  if (accept === 'docx' && kind !== 'docx') throw refuse(UPLOAD_MESSAGES.notDocx);
  if (!kind || kind === 'zip') throw refuse(UPLOAD_MESSAGES.unsupported);
  if (quota) {
    const pending = await pendingUploadBytes(db, ownerId);
    if (pending + data.length > quota.quotaBytes) throw quotaExceeded(pending, quota);
  }
  const sha256 = crypto.createHash('sha256').update(data).digest('hex');
  const storedName = `${crypto.randomBytes(16).toString('hex')}.${EXT[kind]}`;
  // The file first: a row never names a file that is not there; a failed insert removes it again.
  await storage.put(storedName, data, MIME[kind]);
  const name = cleanName(file.filename, EXT[kind]);
  let id: number;
  try {
    ({ id } = await db
      .insertInto('uploads')
      .values({ owner_id: ownerId, stored_name: storedName, original_name: name, mime: MIME[kind], size: data.length, sha256, purpose: kind === 'docx' ? 'document' : 'image', created_at: now() })
      .returning('id')
      .executeTakeFirstOrThrow());
  } catch (err) {
    await storage.delete(storedName).catch(() => undefined);
    throw err;
  }
  if (quota) {
    const total = await pendingUploadBytes(db, ownerId);
    if (total > quota.quotaBytes) {
      await db.deleteFrom('uploads').where('id', '=', id).execute();
      await storage.delete(storedName).catch(() => undefined);
      throw quotaExceeded(total - data.length, quota);
    }
  }
  return { url: FILES_PREFIX + storedName, name, size: data.length, mime: MIME[kind], sha256 };
}

/**
 * Control characters and the invisible direction marks (U+200E/F, U+202A–202E, U+2066–2069) that can make
 * "invoice\u202Efdp.exe" display as "invoiceexe.pdf"; removed from every name a user supplies.
 */
const HIDDEN = /[\u0000-\u001f\u007f-\u009f\u200b-\u200f\u202a-\u202e\u2060-\u2069\ufeff]/g;
export const visibleText = (text: string) => text.replace(HIDDEN, '');

/** The client's name is only shown back, never used as a path: keep the base name, short, with a truthful extension. */
export function cleanName(filename: string, ext: string): string {
  const base = path.basename(visibleText(filename || '')).replace(/[<>:"/\\|?*]/g, '').slice(0, 80);
  const stem = base.replace(/\.[^.]*$/, '') || 'file';
  return `${stem}.${ext}`;
}

/** The stored name behind a /files/ URL, or null when the URL is not one of ours. */
export function storedNameOf(url: string): string | null {
  const m = /^(?:https?:\/\/[^/]+)?\/files\/([0-9a-f]{32}\.(?:jpg|png|docx))$/.exec(url.trim());
  return m ? m[1] : null;
}

/** Upload rows of the given URLs that belong to the owner; URLs that are not the owner's own uploads are left out. */
export async function ownUploads(db: Db, ownerId: number, urls: string[]) {
  const names = urls.map(storedNameOf).filter((n): n is string => !!n);
  if (names.length === 0) return [];
  return db.selectFrom('uploads').selectAll().where('owner_id', '=', ownerId).where('stored_name', 'in', names).execute();
}

/**
 * Marks uploads as just accepted by a submission or profile edit, before its record is written: the orphan cleanup
 * leaves a file alone for its grace period after that, so it cannot remove a file between that check and the write.
 * False when one of them is gone already (removed a moment ago): the caller refuses as for a file that is not the
 * user's.
 */
export async function claimUploads(db: Db, ids: number[]): Promise<boolean> {
  const unique = [...new Set(ids)];
  if (unique.length === 0) return true;
  const result = await db.updateTable('uploads').set({ claimed_at: now() }).where('id', 'in', unique).executeTakeFirst();
  return Number(result.numUpdatedRows) === unique.length;
}

export async function uploadByStoredName(db: Db, storedName: string) {
  return db.selectFrom('uploads').selectAll().where('stored_name', '=', storedName).executeTakeFirst();
}
