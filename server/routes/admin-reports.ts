import type ExcelJS from 'exceljs';
import { now } from '../db/time';
import { schoolOfAdmin } from '../services/admin-scope';
import { PASS_SCORE, PERIODS, schoolReport, type Figures, type SchoolReport } from '../services/admin-report';
import { loadExcel, XLSX_MIME } from '../services/excel';
import { attachment, minutes } from '../services/staff-export';
import { defineRoute, field, keysOf, objectSchema, type RouteContext } from './define';

/**
 * The school report (issue 17 #6; services/admin-report.ts): the figures on screen, per course or per month, and the
 * same as an .xlsx download (汇总, 按课程, 按月份), reached by the `token` cookie like the teacher console's exports.
 */
const periodField = field.str('统计范围', { enum: keysOf(PERIODS), default: 'all', errorMessage: '统计范围应为 all、12m、year 或 lastyear' });
const percent = (r: number | null) => (r === null ? '—' : `${(r * 100).toFixed(1)}%`);
const duration = (s: number | null) => (s === null ? '—' : s >= 60 ? `${Math.floor(s / 60)} 分 ${Math.round(s % 60)} 秒` : `${Math.round(s)} 秒`);
const shown = (f: Figures) => ({ ...f, pass_rate_text: percent(f.pass_rate), avg_time_text: duration(f.avg_time) });

function workbook(Excel: typeof ExcelJS, school: string, r: SchoolReport): ExcelJS.Workbook {
  const book = new Excel.Workbook();
  book.creator = '虚拟仿真实训平台';
  book.created = new Date();
  const header = { font: { bold: true }, alignment: { horizontal: 'center' as const }, fill: { type: 'pattern' as const, pattern: 'solid' as const, fgColor: { argb: 'FFEFF3F8' } } };
  const summary = book.addWorksheet('汇总');
  summary.columns = [{ header: '项目', key: 'k', width: 22 }, { header: '数值', key: 'v', width: 26 }];
  summary.getRow(1).eachCell((c) => Object.assign(c, { style: header }));
  const put = (k: string, v: string | number | null, numFmt?: string) => {
    const row = summary.addRow({ k, v: v ?? '—' });
    if (numFmt && v !== null) row.getCell('v').numFmt = numFmt;
  };
  put('学校', school);
  put('统计范围', r.period_name);
  put('导出时间', minutes(now()));
  put('开设实训项目数（含子项目）', r.courses);
  put('有实验记录的实训项目数', r.active_courses);
  put('实验人数', r.summary.participants);
  put('实验人次', r.summary.sessions);
  put(`通过人次（≥${PASS_SCORE} 分）`, r.summary.passed);
  put('通过率', r.summary.pass_rate, '0.0%');
  put('平均用时（秒）', r.summary.avg_time, '0.0');
  put('平均分', r.summary.avg_score, '0.00');
  const sheet = (name: string, first: string, width: number, rows: (Figures & { label: string })[]) => {
    const ws = book.addWorksheet(name, { views: [{ state: 'frozen', ySplit: 1 }] });
    ws.columns = [
      { header: first, key: 'label', width }, { header: '实验人数', key: 'participants', width: 10 }, { header: '实验人次', key: 'sessions', width: 10 },
      { header: '通过人次', key: 'passed', width: 10 }, { header: '通过率', key: 'pass_rate', width: 10 },
      { header: '平均用时（秒）', key: 'avg_time', width: 14 }, { header: '平均分', key: 'avg_score', width: 10 },
    ];
    ws.getRow(1).eachCell((c) => Object.assign(c, { style: header }));
    for (const row of rows) {
      const added = ws.addRow(row);
      added.getCell('pass_rate').numFmt = '0.0%';
      added.getCell('avg_time').numFmt = '0.0';
      added.getCell('avg_score').numFmt = '0.00';
    }
  };
  sheet('按课程', '课程', 40, r.by_course.map((c) => ({ ...c, label: c.name })));
  sheet('按月份', '月份', 12, r.by_month.map((m) => ({ ...m, label: m.month })));
  return book;
}

export function adminReportRoutes(ctx: RouteContext): void {
  const { db } = ctx;

  defineRoute(ctx, 'admin/report', {
    schema: { querystring: objectSchema({ period: periodField, by: field.str('分组', { enum: ['course', 'month'], default: 'course', errorMessage: '分组应为 course 或 month' }) }) },
    async handler(request) {
      const schoolId = schoolOfAdmin(request);
      const q = request.query;
      const r = await schoolReport(db, schoolId, q.period ?? 'all', q.by === 'month' ? { month: true } : { course: true });
      const data = q.by === 'month'
        ? r.by_month.map((m) => ({ key: m.month, label: m.month, ...shown(m) }))
        : r.by_course.map((c) => ({ key: String(c.learn_id), label: c.name, ...shown(c) }));
      return { data, total: data.length, period: r.period, period_name: r.period_name, by: q.by ?? 'course',
        courses: r.courses, active_courses: r.active_courses, summary: shown(r.summary) };
    },
  });

  defineRoute(ctx, 'admin/report/export', {
    schema: { querystring: objectSchema({ period: periodField }) },
    async handler(request, reply) {
      const schoolId = schoolOfAdmin(request);
      const period = request.query.period ?? 'all';
      const [r, school] = await Promise.all([
        schoolReport(db, schoolId, period),
        db.selectFrom('schools').select('school_name').where('id', '=', schoolId).executeTakeFirst(),
      ]);
      const book = workbook(await loadExcel(), school?.school_name ?? '', r);
      const buffer = Buffer.from(await book.xlsx.writeBuffer());
      reply.header('content-disposition', attachment(`report-${schoolId}.xlsx`, `实验统计-${r.period_name}-${now().slice(0, 10)}.xlsx`))
        .header('cache-control', 'private, no-store').header('x-content-type-options', 'nosniff').type(XLSX_MIME);
      reply.send(buffer);
      return reply;
    },
  });
}
