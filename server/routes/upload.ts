import multipart from '@fastify/multipart';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { currentUser, identify } from '../http/auth';
import { forbidden, notFound, refuse, tooMany } from '../http/errors';
import { MAX_UPLOAD_BYTES, storeUpload, UPLOAD_MESSAGES, uploadByStoredName } from '../services/uploads';
import { uploadLimits } from '../services/upload-limits';
import { hit } from '../services/rateLimit';
import type { SiteConfigSource } from './system';
import { mayOpenStudentFile } from '../services/staff-scope';
import { mayOpenCourseFile } from '../services/course-files';
import type { FileStorage } from '../storage';
import { defineRoute, type RouteContext } from './define';

/** The spec's upload calls all take the multipart field `file` and answer data.url (the stored path). */
const ANY_FILE = ['common/upload_file', 'common/ossUploadFile', 'common/UploadFile'];
const WORD_ONLY = 'common/upload_word';

export function uploadRoutes(ctx: RouteContext, opts: { storage: FileStorage; config: SiteConfigSource }): void {
  const { db, app } = ctx;
  // Not throwing at the limit keeps the head of an oversized file, so the refusal can name the right rule.
  void app.register(multipart, { throwFileSizeLimit: false, limits: { fileSize: MAX_UPLOAD_BYTES, files: 1, fields: 10 } });

  const receive = (accept: 'any' | 'docx') => async (request: FastifyRequest) => {
    const user = currentUser(request);
    if (!request.isMultipart()) throw refuse(UPLOAD_MESSAGES.empty);
    // limits.uploads (config/app.yaml, per school if needed): every user, teachers too, has a number of uploads per
    // window, counted in one atomic upsert before the body is read, and a quota of bytes not yet handed in.
    const limits = uploadLimits(opts.config.forSchool({ id: user.school_id }).app as Record<string, unknown> | undefined);
    const rate = await hit(db, `upload:${user.id}`, limits.perUser);
    if (!rate.allowed) throw tooMany(rate.waitMinutes > 0 ? `上传过于频繁，请${rate.waitMinutes}分钟后再试` : '上传过于频繁，请稍后再试');
    let file;
    try {
      file = await request.file();
    } catch {
      throw refuse(UPLOAD_MESSAGES.empty);
    }
    if (!file || file.fieldname !== 'file') throw refuse(UPLOAD_MESSAGES.empty);
    const data = await file.toBuffer();
    const stored = await storeUpload(db, opts.storage, user.id, { data, filename: file.filename, truncated: file.file.truncated }, accept, limits);
    const { sha256: _hash, ...reply } = stored;
    return { ...reply, path: stored.url };
  };

  for (const name of ANY_FILE) defineRoute(ctx, name, { handler: receive('any') });
  defineRoute(ctx, WORD_ONLY, { handler: receive('docx') });

  // Uploaded files are served to the student who uploaded them, and to a teacher grading work that names them.
  app.get('/files/:name', { schema: { hide: true } }, async (request: FastifyRequest, reply: FastifyReply) => {
    const { name } = request.params as { name: string };
    if (!/^[0-9a-f]{32}\.(jpg|png|docx)$/.test(name)) throw notFound();
    const user = await identify(db, request);
    const row = await uploadByStoredName(db, name);
    if (!row) throw notFound();
    if (!user || (user.id !== row.owner_id && !(await mayOpenStudentFile(db, user, row.owner_id, name)) && !(await mayOpenCourseFile(db, user, name)))) {
      throw forbidden('无权查看该文件');
    }
    // Streamed from the storage through the API (local disk or the S3 bucket alike), after the checks above.
    const file = await opts.storage.get(name);
    if (!file) throw notFound();
    reply.header('content-length', file.size).header('cache-control', 'private, max-age=3600').header('x-content-type-options', 'nosniff').type(row.mime);
    if (row.mime.startsWith('application/')) {
      reply.header('content-disposition', `attachment; filename*=UTF-8''${encodeURIComponent(row.original_name)}`);
    }
    return reply.send(file.body);
  });
}

