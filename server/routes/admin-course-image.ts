import { invalid, tooMany } from '../http/errors';
import { courseInSchool } from '../services/admin-catalogue';
import { schoolOfAdmin } from '../services/admin-scope';
import { audit } from '../services/audit';
import { hit } from '../services/rateLimit';
import { uploadLimits } from '../services/upload-limits';
import { sniff, storeUpload } from '../services/uploads';
import type { FileStorage } from '../storage';
import type { SiteConfigSource } from './system';
import { Answer, defineRoute, field, objectSchema, type RouteContext } from './define';

/**
 * A course's cover image (admin console, 课程 → 上传封面): one PNG or JPEG, judged by its content like every upload
 * (services/uploads.ts storeUpload, same size limit and storage), stored as the course's `thum`. Students who see
 * the course may open the file (routes/upload.ts, services/course-files.ts).
 */
export function adminCourseImageRoutes(ctx: RouteContext, opts: { storage: FileStorage; config: SiteConfigSource }): void {
  const { db } = ctx;
  defineRoute(ctx, 'admin/course/image', {
    schema: { querystring: objectSchema({ id: field.int('课程ID', { minimum: 1, errorMessage: '缺少课程' }) }, ['id']) },
    async handler(request) {
      const admin = schoolOfAdmin(request);
      const course = await courseInSchool(db, admin, (request.query as { id: number }).id);
      if (!request.isMultipart()) throw invalid('file', '请选择一张 PNG 或 JPEG 图片');
      const limits = uploadLimits(opts.config.forSchool({ id: admin }).app as Record<string, unknown> | undefined);
      const rate = await hit(db, `upload:${request.user!.id}`, limits.perUser);
      if (!rate.allowed) throw tooMany(rate.waitMinutes > 0 ? `上传过于频繁，请${rate.waitMinutes}分钟后再试` : '上传过于频繁，请稍后再试');
      let file;
      try {
        file = await request.file();
      } catch {
        throw invalid('file', '请选择一张 PNG 或 JPEG 图片');
      }
      if (!file || file.fieldname !== 'file') throw invalid('file', '请选择一张 PNG 或 JPEG 图片');
      const data = await file.toBuffer();
      // A document is a valid upload elsewhere, not a cover: refused before anything is stored.
      const kind = sniff(data);
      if (data.length > 0 && !file.file.truncated && kind !== 'jpeg' && kind !== 'png') throw invalid('file', '课程封面须是 PNG 或 JPEG 图片');
      const stored = await storeUpload(db, opts.storage, request.user!.id, { data, filename: file.filename, truncated: file.file.truncated }, 'any');
      await db.transaction().execute(async (trx) => {
        await trx.updateTable('learns').set({ thum: stored.url }).where('id', '=', course.id).execute();
        await audit(trx, request, { kind: 'catalogue', action: 'image', targetId: course.id, summary: `更换课程 ${course.name} 的封面`, detail: { thum: stored.url } });
      });
      return new Answer({ id: course.id, thum: stored.url }, '封面已更新');
    },
  });
}
