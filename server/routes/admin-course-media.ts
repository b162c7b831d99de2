import crypto from 'node:crypto';
import { invalid } from '../http/errors';
import { now } from '../db/time';
import { courseInSchool } from '../services/admin-catalogue';
import { schoolOfAdmin } from '../services/admin-scope';
import { audit } from '../services/audit';
import { detectFileType } from '../services/file-type';
import { cleanName, FILES_PREFIX, visibleText } from '../services/uploads';
import type { FileStorage } from '../storage';
import type { SiteConfigSource } from './system';
import { Answer, field, objectSchema, type RouteContext } from './define';
import { defineUploadRoute, receiveFile } from './receive-file';

/**
 * A course's gallery (图片与视频, `learn_files`) and downloadable resources (下载资源, `learn_resources`) uploaded in the
 * admin console (课程 → 上传图片或视频 / 上传资源). Each file is judged by its content (file-type's signatures, never the
 * client's name or type), stored through server/storage under a generated name, recorded in `uploads`, and appended
 * to the course. Whoever sees the course may open it (services/course-files.ts).
 */
const KINDS = {
  gallery: {
    maxBytes: 50 * 1024 * 1024,
    accept: { jpg: 'image', png: 'image', mp4: 'video', webm: 'video' } as Record<string, 'image' | 'video'>,
    refused: '请上传 PNG、JPEG 图片或 MP4、WebM 视频',
    tooBig: '图片或视频不能超过 50MB',
  },
  resource: {
    maxBytes: 20 * 1024 * 1024,
    accept: { pdf: 'resource', docx: 'resource', xlsx: 'resource', pptx: 'resource', zip: 'resource' } as Record<string, 'resource'>,
    refused: '下载资源须是 PDF、Word（docx）、Excel（xlsx）、PowerPoint（pptx）或 ZIP 文件',
    tooBig: '下载资源不能超过 20MB',
  },
} as const;

/** Extensions a course file may be stored with (routes/upload.ts serves only these names). */
export const COURSE_FILE_EXTENSIONS = ['mp4', 'webm', 'pdf', 'xlsx', 'pptx', 'zip'];

export function adminCourseMediaRoutes(ctx: RouteContext, opts: { storage: FileStorage; config: SiteConfigSource }): void {
  const { db } = ctx;
  defineUploadRoute(ctx, 'admin/course/media', {
    schema: {
      querystring: objectSchema({
        id: field.int('课程ID', { minimum: 1, errorMessage: '缺少课程' }),
        kind: field.str('类型', { enum: ['gallery', 'resource'], errorMessage: '类型须是 gallery（图片或视频）或 resource（下载资源）' }),
      }, ['id', 'kind']),
    },
    async handler(request) {
      const schoolId = schoolOfAdmin(request);
      const q = request.query;
      const rule = KINDS[q.kind];
      const course = await courseInSchool(db, schoolId, q.id);
      const file = await receiveFile(db, request, opts.config, { schoolId, maxBytes: rule.maxBytes, missing: () => invalid('file', rule.refused) });
      if (file.truncated) throw invalid('file', rule.tooBig);
      if (file.data.length === 0) throw invalid('file', rule.refused);
      const type = await detectFileType(file.data);
      const role = type ? rule.accept[type.ext] : undefined;
      if (!type || !role) throw invalid('file', rule.refused);

      const storedName = `${crypto.randomBytes(16).toString('hex')}.${type.ext}`;
      const url = `${FILES_PREFIX}${storedName}`;
      const name = cleanName(file.filename, type.ext);
      const title = visibleText(name.replace(/\.[^.]*$/, '')).slice(0, 50);
      // The file first: a row never names a file that is not there; a failed write removes it again.
      await opts.storage.put(storedName, file.data, type.mime);
      try {
        await db.transaction().execute(async (trx) => {
          await trx.insertInto('uploads').values({
            owner_id: request.user!.id, stored_name: storedName, original_name: name, mime: type.mime, size: file.data.length,
            sha256: crypto.createHash('sha256').update(file.data).digest('hex'), purpose: 'course', created_at: now(),
          }).execute();
          const table = role === 'resource' ? 'learn_resources' : 'learn_files';
          const last = await trx.selectFrom(table).select((eb) => eb.fn.max('sort').as('sort')).where('learn_id', '=', course.id).executeTakeFirst();
          const sort = Number(last?.sort ?? -1) + 1;
          if (role === 'resource') {
            await trx.insertInto('learn_resources').values({ learn_id: course.id, title, path: url, size: file.data.length, sort }).execute();
          } else {
            await trx.insertInto('learn_files').values({ learn_id: course.id, type: role, path: url, title, cover: '', sort }).execute();
          }
          await audit(trx, request, { kind: 'catalogue', action: 'media', targetId: course.id,
            summary: `为课程 ${course.name} 上传${role === 'resource' ? '下载资源' : role === 'video' ? '视频' : '图片'} ${name}`, detail: { path: url, size: file.data.length } });
        });
      } catch (err) {
        await opts.storage.delete(storedName).catch(() => undefined);
        throw err;
      }
      const label = role === 'resource' ? '资源' : role === 'video' ? '视频' : '图片';
      return new Answer({ id: course.id, type: role, path: url, title, size: file.data.length }, `已上传${label}：${title}（可在“编辑”中修改标题和顺序）`);
    },
  });
}
