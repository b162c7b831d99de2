import type ExcelJS from 'exceljs';
import { now } from '../db/time';
import { currentUser } from '../http/auth';
import { loadExcel, XLSX_MIME } from '../services/excel';
import { attachment, minutes, safeSegment, scoreSummary } from '../services/staff-export';
import { defineRoute, field, objectSchema, type RouteContext } from './define';
import { testInScope } from './staff-theory';
import { studentsOf } from './staff-theory-build';

/**
 * 导出成绩 of a theory test (teacher console): every student of the taught classes the test is for, with their state
 * and score, and a 统计 sheet like the assignment export's (rates against the test's full marks). docs/api.md.
 */
const STATE: Record<string, string> = { in_progress: '答题中', submitted: '已交卷', expired: '已交卷（超时）' };

interface Row { class_name: string; student_no: string; realname: string; state: string; submitted_at: string; score: number | null; pending: number }

function workbook(Excel: typeof ExcelJS, test: { name: string; start_time: string; end_time: string }, full: number, rows: Row[], classLabel: string) {
  const book = new Excel.Workbook();
  book.creator = '虚拟仿真实训平台';
  book.created = new Date();
  const header = { font: { bold: true }, alignment: { vertical: 'middle' as const, horizontal: 'center' as const }, fill: { type: 'pattern' as const, pattern: 'solid' as const, fgColor: { argb: 'FFEFF3F8' } } };
  const sheet = book.addWorksheet('成绩', { views: [{ state: 'frozen', ySplit: 1 }] });
  sheet.columns = [
    { header: '班级', key: 'class_name', width: 22 }, { header: '学号', key: 'student_no', width: 16 }, { header: '姓名', key: 'realname', width: 12 },
    { header: '状态', key: 'state', width: 14 }, { header: '交卷时间', key: 'submitted_at', width: 18 }, { header: '得分', key: 'score', width: 8 },
    { header: '待评分题数', key: 'pending', width: 12 },
  ];
  sheet.getRow(1).eachCell((c) => Object.assign(c, { style: header }));
  for (const r of rows) sheet.addRow({ ...r, pending: r.pending || null }).getCell('student_no').numFmt = '@';
  sheet.autoFilter = { from: 'A1', to: 'G1' };

  // Scores of handed-in papers with nothing left to grade by hand.
  const final = rows.filter((r) => r.score !== null && r.pending === 0 && r.state.startsWith('已交卷')).map((r) => r.score!);
  const s = scoreSummary(final, full);
  const stats = book.addWorksheet('统计');
  stats.columns = [{ header: '项目', key: 'k', width: 20 }, { header: '数值', key: 'v', width: 18 }];
  stats.getRow(1).eachCell((c) => Object.assign(c, { style: header }));
  const put = (k: string, v: string | number | null, numFmt?: string) => {
    const row = stats.addRow({ k, v: v ?? '—' });
    if (numFmt && v !== null) row.getCell('v').numFmt = numFmt;
  };
  put('考试', test.name);
  put('班级', classLabel);
  put('考试时间', `${minutes(test.start_time)} 至 ${minutes(test.end_time)}`);
  put('导出时间', minutes(now()));
  put('满分', full);
  put('应考人数', rows.length);
  put('已交卷', rows.filter((r) => r.state.startsWith('已交卷')).length);
  put('未参加', rows.filter((r) => r.state === '未参加').length);
  put('待评分人数', rows.filter((r) => r.pending > 0).length);
  put('计入统计人数', s.graded);
  put('平均分', s.average, '0.00');
  put('最高分', s.max);
  put('最低分', s.min);
  put('及格率（≥60%）', s.passRate, '0.0%');
  put('优秀率（≥90%）', s.excellentRate, '0.0%');
  stats.addRow({});
  stats.addRow({ k: '得分率段', v: '人数' }).eachCell((c) => Object.assign(c, { style: header }));
  for (const b of s.bands) stats.addRow({ k: `${b.label}%`, v: b.count });
  return book;
}

export function staffTheoryExportRoutes(ctx: RouteContext): void {
  const { db } = ctx;

  defineRoute(ctx, 'staff/theory/export', {
    schema: { querystring: objectSchema({ test_id: field.int('考试ID', { minimum: 1 }) }, ['test_id']) },
    async handler(request, reply) {
      const teacher = currentUser(request);
      const { test, taught } = await testInScope(db, teacher, request.query.test_id);
      const full = Number((await db.selectFrom('theory_questions').select((eb) => eb.fn.sum<number>('poins').as('n')).where('test_id', '=', test.id).executeTakeFirst())?.n ?? 0);
      const found = await studentsOf(db, test.id, taught, teacher.school_id)
        .leftJoin('theory_attempts as a', (join) => join.onRef('a.user_id', '=', 'u.id').on('a.test_id', '=', test.id))
        .leftJoin('classes as c', 'c.id', 'u.class_id')
        .select((eb) => ['u.realname', 'u.student_no', 'c.class_name', 'a.status', 'a.submitted_at', 'a.score',
          eb.selectFrom('theory_answers as x').select(eb.fn.countAll<number>().as('n')).whereRef('x.attempt_id', '=', 'a.id').where('x.isright', '=', 0).as('pending')])
        .orderBy('c.class_name').orderBy('u.student_no').orderBy('u.id').execute();
      const rows: Row[] = found.map((r) => {
        const finished = r.status === 'submitted' || r.status === 'expired';
        return {
          class_name: r.class_name ?? '', student_no: r.student_no ?? '', realname: r.realname ?? '', state: r.status ? STATE[r.status] ?? r.status : '未参加',
          submitted_at: finished ? minutes(r.submitted_at) : '', score: finished && r.score !== null ? Number(r.score) : null, pending: finished ? Number(r.pending ?? 0) : 0,
        };
      });
      const classLabel = [...new Set(rows.map((r) => r.class_name))].join('、') || '—';
      const book = workbook(await loadExcel(), test, full, rows, classLabel);
      const buffer = Buffer.from(await book.xlsx.writeBuffer());
      reply.header('content-disposition', attachment(`theory-${test.id}.xlsx`, `${safeSegment(test.name, `理论考试${test.id}`)}-成绩.xlsx`))
        .header('cache-control', 'private, no-store').header('x-content-type-options', 'nosniff').type(XLSX_MIME);
      reply.send(buffer);
      return reply;
    },
  });
}
