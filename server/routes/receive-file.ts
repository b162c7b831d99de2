import multipart from '@fastify/multipart';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Db } from '../db';
import { currentUser } from '../http/auth';
import { tooMany } from '../http/errors';
import { hit } from '../services/rateLimit';
import { uploadLimits, type UploadLimits } from '../services/upload-limits';
import type { SiteConfigSource } from './system';
import { defineRoute, type RouteContext, type RouteSchema, type RouteSpec } from './define';
import { MAX_UPLOAD_BYTES } from '../services/uploads';

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

/**
 * A contract entry that takes a file (read with `receiveFile`): @fastify/multipart is registered around this route
 * only. Registered for the whole app, its async onRequest (a `close` listener per reply) and onResponse hooks ran on
 * every request, the polls included (issue 20). Not throwing at the size limit keeps the head of an oversized file, so
 * the refusal can name the right rule; a route passes its own smaller limit to `receiveFile`.
 */
export function defineUploadRoute<const S extends RouteSchema = {}>(ctx: RouteContext, name: string, spec: RouteSpec<S>): void {
  void ctx.app.register(async (scope: FastifyInstance) => {
    await scope.register(multipart, { throwFileSizeLimit: false, limits: { fileSize: MAX_UPLOAD_BYTES, files: 1, fields: 10 } });
    defineRoute({ ...ctx, app: scope }, name, spec);
  });
}
