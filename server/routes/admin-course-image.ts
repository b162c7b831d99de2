import { invalid } from '../http/errors';
import { courseInSchool } from '../services/admin-catalogue';
import { schoolOfAdmin } from '../services/admin-scope';
import { audit } from '../services/audit';
import { sniff, storeUpload } from '../services/uploads';
import type { FileStorage } from '../storage';
import type { SiteConfigSource } from './system';
import { Answer, field, objectSchema, type RouteContext } from './define';
import { defineUploadRoute, receiveFile } from './receive-file';

/**
 * A course's cover image (admin console, 课程 → 上传封面): one PNG or JPEG, judged by its content like every upload
 * (services/uploads.ts storeUpload, same size limit and storage), stored as the course's `thum`. Students who see
 * the course may open the file (routes/upload.ts, services/course-files.ts).
 */
export function adminCourseImageRoutes(ctx: RouteContext, opts: { storage: FileStorage; config: SiteConfigSource }): void {
  const { db } = ctx;
  defineUploadRoute(ctx, 'admin/course/image', {
    schema: { querystring: objectSchema({ id: field.int('课程ID', { minimum: 1, errorMessage: '缺少课程' }) }, ['id']) },
    async handler(request) {
      const admin = schoolOfAdmin(request);
      const course = await courseInSchool(db, admin, request.query.id);
      const { data, filename, truncated } = await receiveFile(db, request, opts.config, { schoolId: admin, missing: () => invalid('file', '请选择一张 PNG 或 JPEG 图片') });
      // A document is a valid upload elsewhere, not a cover: refused before anything is stored.
      const kind = await sniff(data);
      if (data.length > 0 && !truncated && kind !== 'jpeg' && kind !== 'png') throw invalid('file', '课程封面须是 PNG 或 JPEG 图片');
      const stored = await storeUpload(db, opts.storage, request.user!.id, { data, filename, truncated }, 'any');
      await db.transaction().execute(async (trx) => {
        await trx.updateTable('learns').set({ thum: stored.url }).where('id', '=', course.id).execute();
        await audit(trx, request, { kind: 'catalogue', action: 'image', targetId: course.id, summary: `更换课程 ${course.name} 的封面`, detail: { thum: stored.url } });
      });
      return new Answer({ id: course.id, thum: stored.url }, '封面已更新');
    },
  });
}
