import type { FastifyRequest } from 'fastify';
import { currentUser, optionalUser } from '../http/auth';
import { forbidden, notFound, refuse } from '../http/errors';
import { storeUpload, UPLOAD_MESSAGES, uploadByStoredName } from '../services/uploads';
import type { SiteConfigSource } from './system';
import { mayOpenStudentFile } from '../services/staff-scope';
import { mayOpenCourseFile } from '../services/course-files';
import { mayOpenAssignmentFile } from '../services/assignment-files';
import type { FileStorage } from '../storage';
import type { RouteContext } from './define';
import { defineUploadRoute, receiveFile } from './receive-file';
import { parseRange, type ByteRange } from '../http/range';

/** The spec's upload calls all take the multipart field `file` and answer data.url (the stored path). */
const ANY_FILE = ['common/upload_file', 'common/ossUploadFile', 'common/UploadFile'];
const WORD_ONLY = 'common/upload_word';

export function uploadRoutes(ctx: RouteContext, opts: { storage: FileStorage; config: SiteConfigSource }): void {
  const { db, app } = ctx;
  const receive = (accept: 'any' | 'docx') => async (request: FastifyRequest) => {
    const user = currentUser(request);
    // limits.uploads (config/app.yaml, per school if needed): a number of uploads per window, and a quota of bytes
    // not yet handed in (checked by storeUpload).
    const { data, filename, truncated, limits } = await receiveFile(db, request, opts.config, { schoolId: user.school_id, missing: () => refuse(UPLOAD_MESSAGES.empty) });
    const stored = await storeUpload(db, opts.storage, user.id, { data, filename, truncated }, accept, limits);
    const { sha256: _hash, ...reply } = stored;
    return { ...reply, path: stored.url };
  };

  for (const name of ANY_FILE) defineUploadRoute(ctx, name, { handler: receive('any') });
  defineUploadRoute(ctx, WORD_ONLY, { handler: receive('docx') });

  // Uploaded files are served to the student who uploaded them, to a teacher grading work that names them, to whoever
  // sees the course whose cover they are, and to the students and teachers of a homework or exam they are attached to.
  app.get<{ Params: { name: string } }>('/files/:name', { schema: { hide: true } }, async (request, reply) => {
    const { name } = request.params;
    if (!/^[0-9a-f]{32}\.(jpg|png|docx|mp4|webm|pdf|xlsx|pptx|zip)$/.test(name)) throw notFound();
    const user = await optionalUser(db, request);
    const row = await uploadByStoredName(db, name);
    if (!row) throw notFound();
    if (!user || (user.id !== row.owner_id && !(await mayOpenStudentFile(db, user, row.owner_id, name)) && !(await mayOpenCourseFile(db, user, name))
      && !(await mayOpenAssignmentFile(db, user, name)))) {
      throw forbidden('无权查看该文件');
    }
    // Streamed from the storage through the API (local disk or the S3 bucket alike), after the checks above; a video
    // player seeks with `Range: bytes=…` (206 with that part only).
    const range = request.headers.range === undefined ? null : await rangeOf(opts.storage, name, request.headers.range);
    if (range === 'missing') throw notFound();
    reply.header('accept-ranges', 'bytes').header('cache-control', 'private, max-age=3600').header('x-content-type-options', 'nosniff');
    if (range && 'size' in range) {
      return reply.code(416).header('content-range', `bytes */${range.size}`).send({ code: 416, message: RANGE_REFUSED, data: null });
    }
    const file = await opts.storage.get(name, range ?? undefined);
    if (!file) throw notFound();
    reply.type(row.mime);
    if (range) reply.code(206).header('content-range', `bytes ${range.start}-${range.end}/${file.size}`).header('content-length', range.end - range.start + 1);
    else reply.header('content-length', file.size);
    if (row.mime.startsWith('application/')) {
      reply.header('content-disposition', `attachment; filename*=UTF-8''${encodeURIComponent(row.original_name)}`);
    }
    return reply.send(file.body);
  });
}

const RANGE_REFUSED = '请求的文件范围无效';

/** The part of the stored file a Range asks for; null for the whole file; the file's size when the range is past it. */
async function rangeOf(storage: FileStorage, name: string, header: string): Promise<ByteRange | { size: number } | null | 'missing'> {
  const info = await storage.head(name);
  if (!info) return 'missing';
  const range = parseRange(header, info.size);
  return range === 'unsatisfiable' ? { size: info.size } : range;
}

