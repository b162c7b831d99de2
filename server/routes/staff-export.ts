import path from 'node:path';
import type { Readable } from 'node:stream';
import type ExcelJS from 'exceljs';
import type yazl from 'yazl';
import type { Db } from '../db';
import { now } from '../db/time';
import { currentUser } from '../http/auth';
import { CLASSIFY_NAMES } from '../services/assignments';
import { loadExcel, XLSX_MIME } from '../services/excel';
import { attachment, csvCell, minutes, safeSegment, scoreStats, uniqueNamer, workFiles } from '../services/staff-export';
import { allStudentWork, rosterClasses, submissionBatches, type ScopedAssignment, type StudentWork } from '../services/staff-roster';
import { assignmentInScope } from '../services/staff-scope';
import { zipTotals } from '../services/zip-totals';
import type { FileStorage } from '../storage';
import { defineRoute, field, objectSchema, type RouteContext } from './define';

/**
 * Bulk download and score export of the teacher console (issue 16 #4); docs/api.md describes both calls.
 * Both are plain GETs: a browser download cannot add an Authorization header, so they are also reached with the
 * `token` cookie the client keeps (http/auth.ts tokenOf), like /files/.
 */
const EXT_OF_MIME: Record<string, string> = { 'image/jpeg': 'jpg', 'image/png': 'png' };

/** Shanghai wall-clock text → a Date whose local fields read the same, which is how zip entries store their time. */
function zipTime(at: string | null): Date {
  const m = at && /^(\d{4})-(\d{2})-(\d{2}) (\d{2}):(\d{2}):(\d{2})/.exec(at);
  return m ? new Date(+m[1], +m[2] - 1, +m[3], +m[4], +m[5], +m[6]) : new Date();
}

// Loaded on the first zip download, not at every server start.
let zipLibrary: Promise<typeof yazl> | undefined;
const loadZip = () => (zipLibrary ??= import('yazl').then((m) => (m.default ?? m) as typeof yazl));

const stateText = (w: StudentWork) => (w.mark_id === null ? '未提交' : w.graded ? '已批阅' : '待批阅');

/**
 * Streams the zip: the headers and a small 说明.txt go out at once; the submissions are read a batch at a time and
 * each file is opened only when its turn comes, so neither the first byte nor the memory used grows with the class.
 * 名单.csv, written last, lists every student with what was (or was not) put in the zip.
 */
function streamZip(Zip: typeof yazl, db: Db, storage: FileStorage, teacher: Parameters<typeof submissionBatches>[1], a: ScopedAssignment, classIds: number[]) {
  const zip = new Zip.ZipFile();
  let current: Readable | null = null;
  let aborted = false;
  const root = safeSegment(a.title, `作业${a.id}`);

  const readme = [
    `作业：${a.title}`, `类型：${a.kind === 'exam' ? '考试' : '作业'}（${CLASSIFY_NAMES[a.classify] ?? ''}）`, `截止时间：${minutes(a.end_time)}`,
    `导出时间：${minutes(now())}`, '',
    '每位学生一个文件夹：班级/学号-姓名/，其中是学生提交的作品（原文件名；没有文件名的按 作品1、作品2… 命名）和附件。',
    '名单.csv 列出任教班级的全部学生：提交时间、是否迟交、分数、文件数和说明（未上传到平台的示例图片不在压缩包中）。', '',
  ].join('\r\n');
  zip.addBuffer(Buffer.from(`\ufeff${readme}`, 'utf8'), `${root}/说明.txt`, { compress: false, mtime: new Date() });

  const produce = async () => {
    const listed: { work: StudentWork; files: number; note: string[] }[] = [];
    for await (const batch of submissionBatches(db, teacher, a, classIds)) {
      if (aborted) return;
      const refs = batch.map((w) => ({ work: w, files: workFiles(w) }));
      const names = [...new Set(refs.flatMap((r) => r.files.map((f) => f.stored).filter((n): n is string => !!n)))];
      const uploads = names.length
        ? await db.selectFrom('uploads').select(['owner_id', 'stored_name', 'original_name', 'mime']).where('stored_name', 'in', names).execute()
        : [];
      const byName = new Map(uploads.map((u) => [u.stored_name, u]));
      for (const { work, files } of refs) {
        const folder = `${root}/${safeSegment(work.class_name, '未分班')}/${safeSegment(`${work.student_no || `ID${work.student_id}`}-${work.realname}`)}`;
        const unique = uniqueNamer();
        const note: string[] = [];
        let added = 0;
        let skipped = 0;
        let foreign = 0;
        let n = 0;
        for (const f of files) {
          const upload = f.stored ? byName.get(f.stored) : undefined;
          if (!upload) { skipped++; continue; }
          // Only the student's own uploads: a URL naming someone else's file is not theirs to hand in.
          if (upload.owner_id !== work.student_id) { foreign++; continue; }
          const stat = await storage.head(upload.stored_name);
          if (!stat) { note.push(`文件缺失：${upload.original_name}`); continue; }
          const ext = EXT_OF_MIME[upload.mime] ?? path.extname(upload.stored_name).slice(1);
          const given = f.name || upload.original_name;
          const generic = !given || /^file\.[a-z]+$/i.test(given);
          const kept = generic ? '' : safeSegment(given, '');
          const base = f.annex ? `附件-${kept || `附件.${ext}`}` : kept || `作品${++n}.${ext}`;
          zip.addReadStreamLazy(`${folder}/${unique(base)}`, { compress: false, mtime: zipTime(work.submitted_at), size: stat.size }, (cb) => {
            // Opened when its turn comes; a file removed since the listing ends the zip with an error, as before.
            storage.get(upload.stored_name).then((file) => {
              if (!file) return cb(new Error(`文件缺失：${upload.original_name}`), null as never);
              current = file.body;
              if (aborted) file.body.destroy();
              cb(null, file.body);
            }, (error: Error) => cb(error, null as never));
          });
          added++;
        }
        if (skipped) note.push(`${skipped} 个示例文件未包含（不是上传到平台的文件）`);
        if (foreign) note.push(`${foreign} 个文件不是该学生本人上传的，未包含`);
        listed.push({ work, files: added, note });
      }
    }
    if (aborted) return;
    // Students who have not handed in are listed too, so the teacher sees the whole class in one sheet.
    const everyone = await allStudentWork(db, teacher, a, classIds);
    const byStudent = new Map(listed.map((l) => [l.work.student_id, l]));
    const lines = [['班级', '学号', '姓名', '状态', '提交时间', '是否迟交', '分数', '文件数', '说明'].join(',')];
    for (const w of everyone) {
      const l = byStudent.get(w.student_id);
      const work = l?.work ?? w;
      lines.push([work.class_name, work.student_no, work.realname, stateText(work), minutes(work.submitted_at), work.mark_id === null ? '' : work.late ? '迟交' : '否',
        work.score ?? '', l ? l.files : '', l?.note.join('；') ?? ''].map(csvCell).join(','));
    }
    zip.addBuffer(Buffer.from(`\ufeff${lines.join('\r\n')}\r\n`, 'utf8'), `${root}/名单.csv`, { mtime: new Date() });
    zip.end();
  };

  return {
    zip,
    start(onAbort: (cb: () => void) => void) {
      onAbort(() => {
        aborted = true;
        current?.destroy();
      });
      // After the headers and 说明.txt are on their way: with SQLite a query runs on this thread, so the first batch
      // would otherwise hold back the first byte.
      const run = () => (aborted ? Promise.resolve() : produce());
      new Promise<void>((resolve) => setImmediate(resolve)).then(run).catch((error: unknown) => {
        aborted = true;
        current?.destroy();
        (zip.outputStream as Readable).destroy(error instanceof Error ? error : new Error(String(error)));
      });
    },
  };
}

function formatWorkbook(Excel: typeof ExcelJS, a: ScopedAssignment, rows: StudentWork[], classLabel: string): ExcelJS.Workbook {
  const book = new Excel.Workbook();
  book.creator = '虚拟仿真实训平台';
  book.created = new Date();
  const header = { font: { bold: true }, alignment: { vertical: 'middle' as const, horizontal: 'center' as const }, fill: { type: 'pattern' as const, pattern: 'solid' as const, fgColor: { argb: 'FFEFF3F8' } } };

  const scores = book.addWorksheet('成绩', { views: [{ state: 'frozen', ySplit: 1 }] });
  scores.columns = [
    { header: '班级', key: 'class_name', width: 22 },
    { header: '学号', key: 'student_no', width: 16 },
    { header: '姓名', key: 'realname', width: 12 },
    { header: '提交时间', key: 'submitted_at', width: 18 },
    { header: '是否迟交', key: 'late', width: 10 },
    { header: '分数', key: 'score', width: 8 },
    { header: '评语', key: 'comment', width: 48 },
  ];
  scores.getRow(1).eachCell((c) => Object.assign(c, { style: header }));
  for (const w of rows) {
    const row = scores.addRow({
      class_name: w.class_name, student_no: w.student_no, realname: w.realname,
      submitted_at: w.mark_id === null ? '未提交' : minutes(w.submitted_at), late: w.mark_id === null ? '' : w.late ? '是' : '否',
      score: w.graded ? w.score : null, comment: w.comment,
    });
    row.getCell('student_no').numFmt = '@'; // a student number is text, never 2.0261E+11
    row.getCell('comment').alignment = { wrapText: true, vertical: 'top' };
  }
  scores.autoFilter = { from: 'A1', to: 'G1' };

  const s = scoreStats(rows);
  const stats = book.addWorksheet('统计');
  stats.columns = [{ header: '项目', key: 'k', width: 18 }, { header: '数值', key: 'v', width: 18 }];
  stats.getRow(1).eachCell((c) => Object.assign(c, { style: header }));
  const put = (k: string, v: string | number | null, numFmt?: string) => {
    const row = stats.addRow({ k, v: v ?? '—' });
    if (numFmt && v !== null) row.getCell('v').numFmt = numFmt;
  };
  put('作业', a.title);
  put('班级', classLabel);
  put('截止时间', minutes(a.end_time));
  put('导出时间', minutes(now()));
  put('应交人数', s.students);
  put('已提交', s.submitted);
  put('未提交', s.students - s.submitted);
  put('迟交', s.late);
  put('已批阅', s.graded);
  put('平均分', s.average, '0.00');
  put('最高分', s.max);
  put('最低分', s.min);
  put('及格率（≥60）', s.passRate, '0.0%');
  put('优秀率（≥90）', s.excellentRate, '0.0%');
  stats.addRow({});
  const bandHeader = stats.addRow({ k: '分数段', v: '人数' });
  bandHeader.eachCell((c) => Object.assign(c, { style: header }));
  for (const b of s.bands) stats.addRow({ k: b.label, v: b.count });
  return book;
}

export function staffExportRoutes(ctx: RouteContext, opts: { storage: FileStorage }): void {
  const { db } = ctx;

  defineRoute(ctx, 'staff/assignment/zip', {
    schema: { querystring: objectSchema({ id: field.int('作业ID', { minimum: 1 }) }, ['id']) },
    async handler(request, reply) {
      const teacher = currentUser(request);
      const a = await assignmentInScope(db, teacher, request.query.id);
      const classIds = await rosterClasses(db, a);
      const totals = await zipTotals(db, teacher, a, classIds);
      const job = streamZip(await loadZip(), db, opts.storage, teacher, a, classIds);
      const name = `${safeSegment(a.title, `作业${a.id}`)}-学生作品.zip`;
      reply.header('content-disposition', attachment(`assignment-${a.id}.zip`, name))
        .header('cache-control', 'private, no-store').header('x-content-type-options', 'nosniff').type('application/zip')
        .header('x-total-files', String(totals.files)).header('x-total-bytes', String(totals.bytes));
      job.start((cb) => reply.raw.once('close', () => { if (!reply.raw.writableFinished) cb(); }));
      reply.send(job.zip.outputStream);
      return reply;
    },
  });

  defineRoute(ctx, 'staff/assignment/export', {
    schema: { querystring: objectSchema({ id: field.int('作业ID', { minimum: 1 }), class_id: field.int('班级', { minimum: 1 }) }, ['id']) },
    async handler(request, reply) {
      const teacher = currentUser(request);
      const q = request.query;
      const a = await assignmentInScope(db, teacher, q.id);
      const classIds = await rosterClasses(db, a, q.class_id);
      const rows = await allStudentWork(db, teacher, a, classIds);
      const classLabel = [...new Set(rows.map((r) => r.class_name))].join('、') || '—';
      const book = formatWorkbook(await loadExcel(), a, rows, classLabel);
      const buffer = Buffer.from(await book.xlsx.writeBuffer());
      const single = q.class_id !== undefined && rows[0] ? `-${safeSegment(rows[0].class_name, '')}` : '';
      const name = `${safeSegment(a.title, `作业${a.id}`)}${single}-成绩.xlsx`;
      reply.header('content-disposition', attachment(`scores-${a.id}.xlsx`, name))
        .header('cache-control', 'private, no-store').header('x-content-type-options', 'nosniff').type(XLSX_MIME);
      reply.send(buffer);
      return reply;
    },
  });
}
