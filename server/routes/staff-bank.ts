import { sql } from 'kysely';
import type { Db } from '../db';
import type { User } from '../db/schema';
import { now } from '../db/time';
import { currentUser } from '../http/auth';
import { invalid, notFound } from '../http/errors';
import { defineUploadRoute, receiveFile } from './receive-file';
import type { SiteConfigSource } from './system';
import { likePattern } from '../services/catalogue';
import { attachment } from '../services/staff-export';
import { loadExcel, XLSX_MIME } from '../services/excel';
import { previewCutoff } from '../services/import-previews';
import { checkQuestion, isChoice, MAX_TEXT, type BankQuestion } from '../services/question-bank';
import { buildTemplate, IMPORT_MESSAGES, MAX_IMPORT_BYTES, readImport, type ImportRow } from '../services/question-import';
import { optionsOf } from '../services/theory';
import { typeName } from '../services/theory-grading';
import { Answer, defineRoute, field, objectSchema, type RouteContext } from './define';

/**
 * The teacher's question bank (issue 16 item 5): questions of all seven types written in a form or imported from a
 * spreadsheet (preview first, saved in one transaction on confirmation). A bank belongs to one teacher of one school;
 * another teacher's question is "not found".
 */
const paging = {
  page: field.int('页码', { minimum: 1, default: 1 }),
  page_size: field.int('每页条数', { minimum: 1, maximum: 100, default: 20 }),
};
const INSERT_CHUNK = 200;

async function ownQuestion(db: Db, teacher: User, id: number) {
  const row = await db.selectFrom('bank_questions').selectAll().where('id', '=', id).where('teacher_id', '=', teacher.id)
    .where('school_id', '=', teacher.school_id).executeTakeFirst();
  if (!row) throw notFound('题目不存在');
  return row;
}

const toRow = (teacher: User, q: BankQuestion, at: string) => ({
  school_id: teacher.school_id, teacher_id: teacher.id, type: q.type, question: q.question, content: JSON.stringify(q.options),
  answer: q.answer, poins: q.poins, analysis: q.analysis, created_at: at, updated_at: at,
});

const plain = (html: string, length: number) => html.replace(/<[^>]*>/g, '').slice(0, length);

async function ownImport(db: Db, teacher: User, id: number) {
  const row = await db.selectFrom('question_imports').selectAll().where('id', '=', id).where('teacher_id', '=', teacher.id).where('created_at', '>=', previewCutoff()).executeTakeFirst();
  if (!row) throw notFound('导入记录不存在或已过期，请重新上传');
  return { ...row, parsed: JSON.parse(row.rows) as ImportRow[] };
}

export function staffBankRoutes(ctx: RouteContext, opts: { config: SiteConfigSource }): void {
  const { db } = ctx;

  defineRoute(ctx, 'staff/bank', {
    schema: { querystring: objectSchema({ ...paging, type: field.int('题型', { minimum: 1, maximum: 7 }), keyword: field.str('关键词', { maxLength: 50 }) }) },
    async handler(request) {
      const teacher = currentUser(request);
      const q = request.query;
      const page = q.page ?? 1;
      const pageSize = q.page_size ?? 20;
      let list = db.selectFrom('bank_questions').where('teacher_id', '=', teacher.id).where('school_id', '=', teacher.school_id);
      if (q.type) list = list.where('type', '=', q.type);
      const keyword = q.keyword?.trim();
      if (keyword) list = list.where(sql<boolean>`question like ${likePattern(keyword)} escape '\\'`);
      const total = Number((await list.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirst())?.n ?? 0);
      const rows = await list.selectAll().orderBy('updated_at', 'desc').orderBy('id', 'desc').limit(pageSize).offset((page - 1) * pageSize).execute();
      const counts = await db.selectFrom('bank_questions').select((eb) => ['type', eb.fn.countAll<number>().as('n')])
        .where('teacher_id', '=', teacher.id).where('school_id', '=', teacher.school_id).groupBy('type').execute();
      return {
        data: rows.map((r) => ({
          id: r.id, type: r.type, type_name: typeName(r.type), question: plain(r.question, 120), options: optionsOf(r.content).length,
          answer: r.answer.slice(0, 60), poins: r.poins, updated_at: r.updated_at,
        })),
        total, page, page_size: pageSize,
        summary: counts.map((c) => `${typeName(c.type)} ${Number(c.n)}`).join('，'),
      };
    },
  });

  // Choices for the test builder: every question of the bank, labelled with its type and points.
  defineRoute(ctx, 'staff/bank/options', {
    async handler(request) {
      const teacher = currentUser(request);
      const rows = await db.selectFrom('bank_questions').select(['id', 'type', 'question', 'poins'])
        .where('teacher_id', '=', teacher.id).where('school_id', '=', teacher.school_id).orderBy('type').orderBy('id').limit(5000).execute();
      return rows.map((r) => ({ id: r.id, type: r.type, name: `[${typeName(r.type)}] ${plain(r.question, 40)}（${r.poins} 分）` }));
    },
  });

  defineRoute(ctx, 'staff/bank/question', {
    schema: { querystring: objectSchema({ id: field.int('题目ID', { minimum: 1 }) }, ['id']) },
    async handler(request) {
      const teacher = currentUser(request);
      const r = await ownQuestion(db, teacher, request.query.id);
      return { id: r.id, type: r.type, type_name: typeName(r.type), question: r.question, options: optionsOf(r.content), answer: r.answer, poins: r.poins, analysis: r.analysis };
    },
  });

  defineRoute(ctx, 'staff/bank/save', {
    schema: {
      body: objectSchema({
        id: field.int('题目ID', { minimum: 1 }),
        type: field.int('题型', { minimum: 1, maximum: 7, errorMessage: '请选择题型' }),
        question: field.str('题目', { maxLength: MAX_TEXT, errorMessage: '请输入题目' }),
        options: field.list('选项', field.str('选项', { maxLength: 1000 }), { maxItems: 10, errorMessage: '选项最多 10 个（A–J），每个最多 1000 字' }),
        answer: field.str('答案', { maxLength: MAX_TEXT, errorMessage: '答案过长' }),
        poins: field.num('分值', { errorMessage: '分值必须是正数' }),
        analysis: field.str('解析', { maxLength: MAX_TEXT, default: '', errorMessage: '解析过长' }),
      }, ['type', 'question', 'poins']),
    },
    async handler(request) {
      const teacher = currentUser(request);
      const b = request.body;
      if (b.id) await ownQuestion(db, teacher, b.id);
      const checked = checkQuestion({ ...b, options: isChoice(b.type) ? b.options ?? [] : [], answer: b.answer ?? '' });
      if (!checked.value) throw invalid(checked.errors[0].field, checked.errors[0].message);
      const at = now();
      const values = toRow(teacher, checked.value, at);
      if (b.id) {
        const { created_at: _c, school_id: _s, teacher_id: _t, ...changes } = values;
        await db.updateTable('bank_questions').set(changes).where('id', '=', b.id).execute();
        return new Answer({ id: b.id }, '保存成功');
      }
      const row = await db.insertInto('bank_questions').values(values).returning('id').executeTakeFirstOrThrow();
      return new Answer({ id: row.id }, '保存成功');
    },
  });

  defineRoute(ctx, 'staff/bank/delete', {
    schema: { body: objectSchema({ id: field.int('题目ID', { minimum: 1 }) }, ['id']) },
    async handler(request) {
      const teacher = currentUser(request);
      const row = await ownQuestion(db, teacher, request.body.id);
      // Tests keep their own copy of each question, so deleting from the bank changes no test.
      await db.deleteFrom('bank_questions').where('id', '=', row.id).execute();
      return new Answer({ id: row.id }, '已删除');
    },
  });

  defineRoute(ctx, 'staff/bank/template', {
    async handler(_request, reply) {
      const book = buildTemplate(await loadExcel());
      const buffer = Buffer.from(await book.xlsx.writeBuffer());
      reply.header('content-disposition', attachment('question-template.xlsx', '题库导入模板.xlsx'))
        .header('cache-control', 'private, no-store').header('x-content-type-options', 'nosniff').type(XLSX_MIME);
      reply.send(buffer);
      return reply;
    },
  });

  // The upload: read and checked, kept as a preview; nothing enters the bank until staff/bank/import/confirm.
  defineUploadRoute(ctx, 'staff/bank/import', {
    async handler(request) {
      const teacher = currentUser(request);
      // An import counts as an upload (limits.uploads.perUser): it is read whole and parsed, so it is not free.
      const file = await receiveFile(db, request, opts.config, { schoolId: teacher.school_id, maxBytes: MAX_IMPORT_BYTES, missing: () => invalid('file', IMPORT_MESSAGES.noFile) });
      if (file.truncated) throw invalid('file', IMPORT_MESSAGES.tooBig);
      const rows = await readImport(await loadExcel(), file.data);
      const fileName = file.filename.slice(0, 200);
      const saved = await db.insertInto('question_imports').values({ teacher_id: teacher.id, file_name: fileName, rows: JSON.stringify(rows), created_at: now() })
        .returning('id').executeTakeFirstOrThrow();
      const bad = rows.filter((r) => r.errors.length).length;
      return { id: saved.id, file_name: fileName, rows: rows.length, errors: bad, ready: rows.length - bad };
    },
  });

  defineRoute(ctx, 'staff/bank/import/rows', {
    schema: { querystring: objectSchema({ ...paging, id: field.int('导入记录', { minimum: 1 }), state: field.str('状态', { enum: ['error', 'ok'] }) }, ['id']) },
    async handler(request) {
      const teacher = currentUser(request);
      const q = request.query;
      const batch = await ownImport(db, teacher, q.id);
      const page = q.page ?? 1;
      const pageSize = q.page_size ?? 20;
      const bad = batch.parsed.filter((r) => r.errors.length).length;
      // Rows with errors first: those are what the teacher has to fix.
      const ordered = [...batch.parsed].sort((a, b) => Number(!a.errors.length) - Number(!b.errors.length) || a.row - b.row)
        .filter((r) => !q.state || (q.state === 'error') === r.errors.length > 0);
      return {
        data: ordered.slice((page - 1) * pageSize, page * pageSize).map((r) => ({
          row: r.row, type: r.type, question: r.question.slice(0, 120), answer: r.answer.slice(0, 60), poins: r.poins,
          state: r.errors.length ? 'error' : 'ok', errors: r.errors.join('；'),
        })),
        total: ordered.length, page, page_size: pageSize,
        batch: { id: batch.id, file_name: batch.file_name, rows: batch.parsed.length, errors: bad, ready: batch.parsed.length - bad },
      };
    },
  });

  defineRoute(ctx, 'staff/bank/import/confirm', {
    schema: { body: objectSchema({ id: field.int('导入记录', { minimum: 1 }) }, ['id']) },
    async handler(request) {
      const teacher = currentUser(request);
      const batch = await ownImport(db, teacher, request.body.id);
      const bad = batch.parsed.filter((r) => r.errors.length);
      if (bad.length) throw invalid('id', `还有 ${bad.length} 行有错误（第一处在第 ${bad[0].row} 行），请修改文件后重新上传`);
      const at = now();
      const rows = batch.parsed.map((r) => toRow(teacher, r.value!, at));
      await db.transaction().execute(async (trx) => {
        // The batch is claimed first: a second confirm of the same preview finds nothing to delete and saves nothing.
        const claimed = await trx.deleteFrom('question_imports').where('id', '=', batch.id).executeTakeFirst();
        if (Number(claimed.numDeletedRows) !== 1) throw notFound('导入记录不存在或已过期，请重新上传');
        for (let i = 0; i < rows.length; i += INSERT_CHUNK) await trx.insertInto('bank_questions').values(rows.slice(i, i + INSERT_CHUNK)).execute();
      });
      return new Answer({ saved: rows.length }, `已导入 ${rows.length} 道题`);
    },
  });
}
