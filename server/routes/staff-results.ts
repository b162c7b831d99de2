import type ExcelJS from 'exceljs';
import { sql } from 'kysely';
import type { Db } from '../db';
import type { User } from '../db/schema';
import { now } from '../db/time';
import { currentUser } from '../http/auth';
import { notFound } from '../http/errors';
import { likePattern } from '../services/catalogue';
import { classCourseData, questionnaireProblem, stepStats, surveyRows, weakestStep, type StepStat, type SurveyRow } from '../services/class-results';
import { loadExcel, XLSX_MIME } from '../services/excel';
import { attachment, minutes } from '../services/staff-export';
import { taughtClassIds } from '../services/staff-scope';
import { round1 } from '../services/theory-grading';
import { defineRoute, field, objectSchema, type RouteContext } from './define';

/**
 * 班级成绩 (issue 16 item 7): per taught class and simulation course, over the students' score records — participants
 * (实验人数), attempts (实验人次), average and best score, pass (≥ 60) and excellent (≥ 90) rates of the attempts, the
 * average time, the step students lose most on and how many answered the questionnaire; per class and course the
 * step-by-step figures and the questionnaire counted (staff/results/detail); all of it as .xlsx. docs/api.md.
 */
interface Filter { keyword?: string }

async function groupedResults(db: Db, teacher: User, filter: Filter) {
  const taught = await taughtClassIds(db, teacher);
  let list = db.selectFrom('score_records as r').innerJoin('users as u', 'u.id', 'r.user_id').innerJoin('learns as l', 'l.id', 'r.learn_id')
    .innerJoin('classes as c', 'c.id', 'u.class_id')
    .where('u.class_id', 'in', taught.length ? taught : [-1]).where('u.school_id', '=', teacher.school_id);
  const keyword = filter.keyword?.trim();
  if (keyword) list = list.where(sql<boolean>`(l.name like ${likePattern(keyword)} escape '\\' or c.class_name like ${likePattern(keyword)} escape '\\')`);
  return list.groupBy(['u.class_id', 'c.class_name', 'r.learn_id', 'l.name']);
}

type Grouped = Awaited<ReturnType<typeof groupedResults>>;

/** The rows of one page (or all of them), with the step and questionnaire columns of each class and course. */
async function resultRows(db: Db, teacher: User, grouped: Grouped, limit?: { page: number; pageSize: number }) {
  let query = grouped.select((eb) => [
    'u.class_id', 'c.class_name', 'r.learn_id', 'l.name as learn_name',
    eb.fn.count<number>('r.user_id').distinct().as('participants'),
    eb.fn.countAll<number>().as('attempts'),
    eb.fn.avg<number>('r.total_score').as('average'),
    eb.fn.max('r.total_score').as('best'),
    eb.fn.sum<number>(eb.case().when('r.total_score', '>=', 60).then(1).else(0).end()).as('passed'),
    eb.fn.sum<number>(eb.case().when('r.total_score', '>=', 90).then(1).else(0).end()).as('excellent'),
    eb.fn.avg<number>('r.total_time').as('time'),
  ]).orderBy('c.class_name').orderBy('l.name').orderBy('r.learn_id');
  if (limit) query = query.limit(limit.pageSize).offset((limit.page - 1) * limit.pageSize);
  const rows = await query.execute();
  const rate = (n: unknown, of: number) => (of ? Math.round((Number(n ?? 0) / of) * 1000) / 10 : 0);
  const problems = new Map<number, Awaited<ReturnType<typeof questionnaireProblem>>>();
  const out = [];
  for (const r of rows) {
    const attempts = Number(r.attempts);
    const data = await classCourseData(db, teacher, r.class_id!, r.learn_id);
    const steps = stepStats(data.details);
    if (!problems.has(r.learn_id)) problems.set(r.learn_id, await questionnaireProblem(db, r.learn_id));
    const survey = surveyRows(problems.get(r.learn_id)!, data.answers);
    const satisfaction = survey.filter((s) => s.question === 1).sort((a, b) => b.count - a.count)[0];
    out.push({
      row: {
        class_id: r.class_id!, class_name: r.class_name, learn_id: r.learn_id, learn_name: r.learn_name, participants: Number(r.participants), attempts,
        average: round1(Number(r.average ?? 0)), best: Number(r.best ?? 0), pass_rate: rate(r.passed, attempts), excellent_rate: rate(r.excellent, attempts),
        average_time: Math.round(Number(r.time ?? 0)),
        weak_step: weakestStep(steps),
        evaluated: data.answers.length,
        satisfaction: satisfaction?.count ? `${satisfaction.answer} ${satisfaction.percent}%` : '',
      },
      steps, survey,
    });
  }
  return out;
}

type ResultRow = Awaited<ReturnType<typeof resultRows>>[number];

function workbook(Excel: typeof ExcelJS, rows: ResultRow[], keyword: string) {
  const book = new Excel.Workbook();
  book.creator = '虚拟仿真实训平台';
  book.created = new Date();
  const header = { font: { bold: true }, alignment: { vertical: 'middle' as const, horizontal: 'center' as const }, fill: { type: 'pattern' as const, pattern: 'solid' as const, fgColor: { argb: 'FFEFF3F8' } } };
  const sheet = (name: string, columns: Partial<ExcelJS.Column>[]) => {
    const s = book.addWorksheet(name, { views: [{ state: 'frozen', ySplit: 1 }] });
    s.columns = columns;
    s.getRow(1).eachCell((c) => Object.assign(c, { style: header }));
    return s;
  };
  const summary = sheet('班级成绩', [
    { header: '班级', key: 'class_name', width: 22 }, { header: '实训项目', key: 'learn_name', width: 30 }, { header: '实验人数', key: 'participants', width: 10 },
    { header: '实验人次', key: 'attempts', width: 10 }, { header: '平均分', key: 'average', width: 9 }, { header: '最高分', key: 'best', width: 9 },
    { header: '及格率', key: 'pass_rate', width: 9 }, { header: '优秀率', key: 'excellent_rate', width: 9 }, { header: '平均用时（秒）', key: 'average_time', width: 14 },
    { header: '失分最多的步骤（得分率）', key: 'weak_step', width: 28 }, { header: '问卷人数', key: 'evaluated', width: 10 }, { header: '满意度（最多的选项）', key: 'satisfaction', width: 20 },
  ]);
  for (const { row } of rows) {
    const added = summary.addRow({ ...row, pass_rate: row.pass_rate / 100, excellent_rate: row.excellent_rate / 100 });
    added.getCell('pass_rate').numFmt = '0.0%';
    added.getCell('excellent_rate').numFmt = '0.0%';
  }
  const steps = sheet('步骤得分', [
    { header: '班级', key: 'class_name', width: 22 }, { header: '实训项目', key: 'learn_name', width: 30 }, { header: '序号', key: 'no', width: 6 },
    { header: '步骤', key: 'name', width: 24 }, { header: '满分', key: 'full', width: 8 }, { header: '平均得分', key: 'average', width: 10 },
    { header: '平均失分', key: 'lost', width: 10 }, { header: '得分率', key: 'score_rate', width: 9 }, { header: '失分人次占比', key: 'loss_rate', width: 13 }, { header: '人次', key: 'attempts', width: 8 },
  ]);
  for (const { row, steps: list } of rows) {
    for (const st of list) {
      const added = steps.addRow({ class_name: row.class_name, learn_name: row.learn_name, ...st, score_rate: st.score_rate / 100, loss_rate: st.loss_rate / 100 });
      added.getCell('score_rate').numFmt = '0.0%';
      added.getCell('loss_rate').numFmt = '0.0%';
    }
  }
  const survey = sheet('问卷', [
    { header: '班级', key: 'class_name', width: 22 }, { header: '实训项目', key: 'learn_name', width: 30 }, { header: '题号', key: 'question', width: 6 },
    { header: '题目', key: 'topic', width: 36 }, { header: '选项 / 回答', key: 'answer', width: 40 }, { header: '人数', key: 'count', width: 8 }, { header: '占答卷', key: 'percent', width: 9 },
  ]);
  for (const { row, survey: list } of rows) {
    for (const q of list) survey.addRow({ class_name: row.class_name, learn_name: row.learn_name, ...q, percent: q.percent / 100 }).getCell('percent').numFmt = '0.0%';
  }
  const about = book.addWorksheet('说明');
  about.columns = [{ key: 'k', width: 16 }, { key: 'v', width: 60 }];
  about.addRow({ k: '导出时间', v: minutes(now()) });
  about.addRow({ k: '范围', v: keyword ? `按页面上的筛选导出：班级或实训项目含“${keyword}”` : '全部任教班级（页面上没有筛选）' });
  about.addRow({ k: '行数', v: `${rows.length} 行（班级 × 实训项目）` });
  about.addRow({ k: '说明', v: '及格率、优秀率按实验人次计算（≥60、≥90）；步骤得分来自仿真上报的每步得分，失分人次占比 = 该步未得满分的人次 ÷ 上报该步的人次。' });
  return book;
}

export function staffResultRoutes(ctx: RouteContext): void {
  const { db } = ctx;
  defineRoute(ctx, 'staff/results', {
    schema: {
      querystring: objectSchema({
        page: field.int('页码', { minimum: 1, default: 1 }),
        page_size: field.int('每页条数', { minimum: 1, maximum: 100, default: 20 }),
        keyword: field.str('关键词', { maxLength: 50 }),
      }),
    },
    async handler(request) {
      const teacher = currentUser(request);
      const q = request.query;
      const page = q.page ?? 1;
      const pageSize = q.page_size ?? 20;
      const grouped = await groupedResults(db, teacher, q);
      const total = Number((await db.selectFrom(grouped.select(['u.class_id', 'r.learn_id']).as('g')).select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirst())?.n ?? 0);
      const rows = await resultRows(db, teacher, grouped, { page, pageSize });
      return { data: rows.map((r) => r.row), total, page, page_size: pageSize };
    },
  });

  defineRoute(ctx, 'staff/results/detail', {
    schema: {
      querystring: objectSchema({
        class_id: field.int('班级', { minimum: 1 }), learn_id: field.int('实训项目', { minimum: 1 }),
        page: field.int('页码', { minimum: 1, default: 1 }), page_size: field.int('每页条数', { minimum: 1, maximum: 100 }),
      }, ['class_id', 'learn_id']),
    },
    async handler(request) {
      const teacher = currentUser(request);
      const q = request.query;
      if (!(await taughtClassIds(db, teacher)).includes(q.class_id)) throw notFound('班级不存在');
      // A course of the teacher's school or the shared catalogue: another school's course is not named.
      const names = await db.selectFrom('classes as c').innerJoin('learns as l', (j) => j.on('l.id', '=', q.learn_id)).select(['c.class_name', 'l.name as learn_name'])
        .where('c.id', '=', q.class_id).where((eb) => eb.or([eb('l.school_id', '=', teacher.school_id), eb('l.school_id', 'is', null)])).executeTakeFirst();
      if (!names) throw notFound('实训项目不存在');
      const data = await classCourseData(db, teacher, q.class_id, q.learn_id);
      const steps: StepStat[] = stepStats(data.details);
      const survey: SurveyRow[] = surveyRows(await questionnaireProblem(db, q.learn_id), data.answers);
      // A class of 200 answers the open questions with as many texts: with page_size both lists come a page at a time.
      const pageOf = <T>(list: T[]) => (q.page_size ? list.slice(((q.page ?? 1) - 1) * q.page_size, (q.page ?? 1) * q.page_size) : list);
      return {
        class_id: q.class_id, learn_id: q.learn_id, ...names, attempts: data.details.length, evaluated: data.answers.length,
        steps: pageOf(steps), steps_total: steps.length, survey: pageOf(survey), survey_total: survey.length,
      };
    },
  });

  defineRoute(ctx, 'staff/results/export', {
    schema: { querystring: objectSchema({ keyword: field.str('关键词', { maxLength: 50 }) }) },
    async handler(request, reply) {
      const teacher = currentUser(request);
      const keyword = request.query.keyword?.trim() ?? '';
      const rows = await resultRows(db, teacher, await groupedResults(db, teacher, { keyword }));
      const book = workbook(await loadExcel(), rows, keyword);
      const buffer = Buffer.from(await book.xlsx.writeBuffer());
      reply.header('content-disposition', attachment('class-results.xlsx', `班级成绩-${now().slice(0, 10)}.xlsx`))
        .header('cache-control', 'private, no-store').header('x-content-type-options', 'nosniff').type(XLSX_MIME);
      reply.send(buffer);
      return reply;
    },
  });
}
