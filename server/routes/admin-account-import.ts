import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Db } from '../db';
import { now } from '../db/time';
import { invalid, notFound } from '../http/errors';
import { buildAccountTemplate, readAccountImport, type AccountRow, type ImportRole } from '../services/account-import';
import { schoolOfAdmin } from '../services/admin-scope';
import { audit } from '../services/audit';
import { loadExcel, XLSX_MIME } from '../services/excel';
import { IMPORT_PREVIEW_HOURS, previewCutoff } from '../services/import-previews';
import { MAX_SHEET_BYTES, SHEET_MESSAGES } from '../services/sheet-file';
import { attachment } from '../services/staff-export';
import { currentUser } from '../http/auth';
import { Answer, defineRoute, field, objectSchema, type RouteContext } from './define';
import { defineUploadRoute, receiveFile } from './receive-file';
import type { SiteConfigSource } from './system';

/**
 * Importing students and teachers from .xlsx or .csv (issue 17 item 2): the template, the upload (read, checked and
 * kept as a preview: nothing is saved), the preview's rows (errors first, with generated initial passwords), and the
 * confirmation that saves every row in one transaction and audits it. A preview is the uploading administrator's own;
 * previews expire a day after upload and housekeeping deletes them (generated passwords with them).
 */
const ROLE_NAMES = { student: '学生', teacher: '教师' } as const;
const INSERT_CHUNK = 200;

async function ownBatch(db: Db, request: FastifyRequest, id: number) {
  const admin = currentUser(request);
  const row = await db.selectFrom('account_imports').selectAll().where('id', '=', id).where('admin_id', '=', admin.id)
    .where('school_id', '=', schoolOfAdmin(request)).where('created_at', '>=', previewCutoff()).executeTakeFirst();
  if (!row) throw notFound('导入记录不存在或已过期，请重新上传');
  return { ...row, parsed: JSON.parse(row.rows) as AccountRow[] };
}

export function adminAccountImportRoutes(ctx: RouteContext, opts: { config: SiteConfigSource }): void {
  const { db } = ctx;

  const template = (role: ImportRole) => async (request: FastifyRequest, reply: FastifyReply) => {
    schoolOfAdmin(request);
    const book = buildAccountTemplate(await loadExcel(), role);
    const buffer = Buffer.from(await book.xlsx.writeBuffer());
    reply.header('content-disposition', attachment(`${role}-import-template.xlsx`, `${ROLE_NAMES[role]}导入模板.xlsx`))
      .header('cache-control', 'private, no-store').header('x-content-type-options', 'nosniff').type(XLSX_MIME);
    reply.send(buffer);
    return reply;
  };
  defineRoute(ctx, 'admin/students/template', { handler: template('student') });
  defineRoute(ctx, 'admin/teachers/template', { handler: template('teacher') });

  const upload = (role: ImportRole) => async (request: FastifyRequest) => {
    const schoolId = schoolOfAdmin(request);
    const admin = currentUser(request);
    const file = await receiveFile(db, request, opts.config, { schoolId, maxBytes: MAX_SHEET_BYTES, missing: () => invalid('file', SHEET_MESSAGES.noFile) });
    if (file.truncated) throw invalid('file', SHEET_MESSAGES.tooBig);
    const rows = await readAccountImport(await loadExcel(), db, schoolId, role, file.data);
    const fileName = file.filename.slice(0, 200);
    const saved = await db.insertInto('account_imports').values({ school_id: schoolId, admin_id: admin.id, role, file_name: fileName, rows: JSON.stringify(rows), created_at: now() })
      .returning('id').executeTakeFirstOrThrow();
    const bad = rows.filter((r) => r.errors.length).length;
    return { id: saved.id, file_name: fileName, rows: rows.length, errors: bad, ready: rows.length - bad };
  };
  defineUploadRoute(ctx, 'admin/students/import', { handler: upload('student') });
  defineUploadRoute(ctx, 'admin/teachers/import', { handler: upload('teacher') });

  defineRoute(ctx, 'admin/accounts/import/rows', {
    schema: {
      querystring: objectSchema({
        id: field.int('导入记录', { minimum: 1 }), state: field.str('状态', { enum: ['error', 'ok'] }),
        page: field.int('页码', { minimum: 1, default: 1 }), page_size: field.int('每页条数', { minimum: 1, maximum: 1000, default: 20 }),
      }, ['id']),
    },
    async handler(request) {
      const q = request.query;
      const batch = await ownBatch(db, request, q.id);
      const page = q.page ?? 1;
      const pageSize = q.page_size ?? 20;
      const bad = batch.parsed.filter((r) => r.errors.length).length;
      const ordered = [...batch.parsed].sort((a, b) => Number(!a.errors.length) - Number(!b.errors.length) || a.row - b.row)
        .filter((r) => !q.state || (q.state === 'error') === r.errors.length > 0);
      return {
        data: ordered.slice((page - 1) * pageSize, page * pageSize).map((r) => ({
          row: r.row, username: r.username, realname: r.realname, student_no: r.student_no, mobile: r.mobile, class_text: r.class_text,
          initial: r.errors.length ? '' : r.initial || '（文件中已给）', state: r.errors.length ? 'error' : 'ok', errors: r.errors.join('；'),
        })),
        total: ordered.length, page, page_size: pageSize,
        batch: { id: batch.id, role: batch.role, role_name: ROLE_NAMES[batch.role], file_name: batch.file_name, rows: batch.parsed.length, errors: bad, ready: batch.parsed.length - bad, confirmed: batch.confirmed_at ? 1 : 0 },
      };
    },
  });

  defineRoute(ctx, 'admin/accounts/import/confirm', {
    schema: { body: objectSchema({ id: field.int('导入记录', { minimum: 1 }) }, ['id']) },
    async handler(request) {
      const schoolId = schoolOfAdmin(request);
      const batch = await ownBatch(db, request, request.body.id);
      if (batch.confirmed_at) throw invalid('id', '这批账号已经导入过了');
      const bad = batch.parsed.filter((r) => r.errors.length);
      if (bad.length) throw invalid('id', `还有 ${bad.length} 行有错误（第一处在第 ${bad[0].row} 行），请修改文件后重新上传`);
      const at = now();
      const role = batch.role;
      const classes = new Map((await db.selectFrom('classes as c').innerJoin('grades as g', 'g.id', 'c.grade_id').innerJoin('majors as m', 'm.id', 'g.major_id')
        .innerJoin('departments as d', 'd.id', 'm.depart_id').where('d.school_id', '=', schoolId)
        .select(['c.id', 'c.grade_id', 'g.major_id', 'm.depart_id']).execute()).map((c) => [c.id, c]));
      const values = batch.parsed.map((r) => {
        const klass = role === 'student' ? classes.get(r.class_ids[0]) : undefined;
        if (role === 'student' && !klass) throw invalid('id', `第 ${r.row} 行的班级已被删除，请重新上传`);
        return {
          school_id: schoolId, role, username: r.username, realname: r.realname, mobile: r.mobile || null, student_no: r.student_no || null,
          password_hash: r.hash, must_change_password: 1, type: 1, status: 1, created_at: at,
          ...(klass && { class_id: klass.id, grade_id: klass.grade_id, major_id: klass.major_id, depart_id: klass.depart_id }),
        };
      });
      await db.transaction().execute(async (trx) => {
        // The batch is claimed first: a second confirmation of the same preview changes nothing and saves nothing.
        const claimed = await trx.updateTable('account_imports').set({ confirmed_at: at }).where('id', '=', batch.id).where('confirmed_at', 'is', null).executeTakeFirst();
        if (Number(claimed.numUpdatedRows) !== 1) throw invalid('id', '这批账号已经导入过了');
        // Names or numbers taken since the preview was made: refuse rather than half-import.
        const names = values.map((v) => v.username.toLowerCase());
        const mobiles = values.map((v) => v.mobile).filter((m): m is string => Boolean(m));
        const taken = await trx.selectFrom('users').select(['username', 'mobile']).where('school_id', '=', schoolId)
          .where((eb) => eb.or([eb(eb.fn('lower', ['username']), 'in', names), ...(mobiles.length ? [eb('mobile', 'in', mobiles)] : [])])).executeTakeFirst();
        if (taken) throw invalid('id', `账号 ${taken.username} 或其手机号在预览之后已被使用，请重新上传`);
        const ids: number[] = [];
        for (let i = 0; i < values.length; i += INSERT_CHUNK) {
          const saved = await trx.insertInto('users').values(values.slice(i, i + INSERT_CHUNK)).returning('id').execute();
          ids.push(...saved.map((s) => s.id));
        }
        const links = batch.parsed.flatMap((r, i) => (role === 'teacher' ? r.class_ids.map((class_id) => ({ teacher_id: ids[i], class_id })) : []));
        for (let i = 0; i < links.length; i += INSERT_CHUNK) await trx.insertInto('teacher_classes').values(links.slice(i, i + INSERT_CHUNK)).execute();
        // The preview keeps what the administrator may still need (generated passwords), not the hashes.
        await trx.updateTable('account_imports').set({ rows: JSON.stringify(batch.parsed.map((r) => ({ ...r, hash: '' }))) }).where('id', '=', batch.id).execute();
        await audit(trx, request, { kind: 'accounts', action: 'import', targetId: batch.id,
          summary: `导入${ROLE_NAMES[role]} ${values.length} 人（文件 ${batch.file_name || '未命名'}）`,
          detail: { role, file: batch.file_name, count: values.length, usernames: values.map((v) => v.username).slice(0, 2000) } });
      });
      const generated = batch.parsed.filter((r) => r.initial).length;
      return new Answer({ saved: values.length, id: batch.id },
        `已导入 ${values.length} 个${ROLE_NAMES[role]}账号${generated ? `；${generated} 个初始密码见本页，请在 ${IMPORT_PREVIEW_HOURS} 小时内分发` : ''}；首次登录须修改密码`);
    },
  });
}
