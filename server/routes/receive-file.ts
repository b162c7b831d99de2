import type { FastifyRequest } from 'fastify';
import type { Db } from '../db';
import { currentUser } from '../http/auth';
import { tooMany } from '../http/errors';
import { hit } from '../services/rateLimit';
import { uploadLimits, type UploadLimits } from '../services/upload-limits';
import type { SiteConfigSource } from './system';

export interface ReceivedFile {
  data: Buffer;
  filename: string;
  /** The file was longer than `maxBytes` (or the multipart limit) and was cut there. */
  truncated: boolean;
  /** The school's limits.uploads, for checks after the read (quota). */
  limits: UploadLimits;
}

/**
 * The one file (field `file`) of a multipart upload, for every route that takes one. The uploader's rate
 * (limits.uploads.perUser, per school in YAML; teachers and administrators too) is counted in one atomic upsert
 * before the body is read. `missing` is the route's own refusal when there is no file.
 */
export async function receiveFile(db: Db, request: FastifyRequest, config: SiteConfigSource,
  opts: { schoolId: number; missing: () => Error; maxBytes?: number }): Promise<ReceivedFile> {
  const user = currentUser(request);
  if (!request.isMultipart()) throw opts.missing();
  const limits = uploadLimits(config.forSchool({ id: opts.schoolId }).app);
  const rate = await hit(db, `upload:${user.id}`, limits.perUser);
  if (!rate.allowed) throw tooMany(rate.waitMinutes > 0 ? `上传过于频繁，请${rate.waitMinutes}分钟后再试` : '上传过于频繁，请稍后再试');
  let file;
  try {
    file = await request.file(opts.maxBytes ? { limits: { fileSize: opts.maxBytes, files: 1 } } : undefined);
  } catch {
    throw opts.missing();
  }
  if (!file || file.fieldname !== 'file') throw opts.missing();
  const data = await file.toBuffer();
  return { data, filename: file.filename ?? '', truncated: file.file.truncated, limits };
}
