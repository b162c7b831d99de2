import type { Db } from '../db';
import type { User } from '../db/schema';
import { jsonOr } from './assignments';
import type { Problem } from './questionnaire';

/**
 * 班级成绩's detail (issue 16 item 7): which steps of a simulation the students of a class lose points on, read from the
 * step rows the simulation reports with each score (`score_records.detail`: a header row 序号 / 考核项目 / 满分 / 得分 /
 * 用时, then a row per step), and the course questionnaire's answers of that class, counted per option.
 */
export interface StepStat {
  no: number;
  name: string;
  full: number;
  /** Average points over the attempts that reported the step, one decimal. */
  average: number;
  /** Average points lost (full − average). */
  lost: number;
  /** Share of those attempts that lost points on it, %. */
  loss_rate: number;
  /** Average score as a share of full marks, %. */
  score_rate: number;
  attempts: number;
}

const round1 = (n: number) => Math.round(n * 10) / 10;
const num = (v: unknown) => (typeof v === 'number' ? v : typeof v === 'string' && v.trim() !== '' ? Number(v) : Number.NaN);

/** Columns of a step table, found by the header's words (a simulation may order them its own way). */
function columnsOf(header: unknown[]) {
  const find = (re: RegExp, fallback: number) => {
    const i = header.findIndex((h) => typeof h === 'string' && re.test(h));
    return i >= 0 ? i : fallback;
  };
  return { no: find(/序号/, 0), name: find(/项目|步骤|名称/, 1), full: find(/满分|分值/, 2), score: find(/得分/, 3) };
}

/** The step rows of score records, added up per step (by number and name); records without step rows are skipped. */
export function stepStats(details: string[]): StepStat[] {
  const steps = new Map<string, { no: number; name: string; full: number; sum: number; lost: number; n: number }>();
  for (const text of details) {
    const rows = jsonOr<unknown[]>(text, []);
    if (!Array.isArray(rows) || !Array.isArray(rows[0])) continue;
    const hasHeader = (rows[0] as unknown[]).every((c) => typeof c === 'string');
    const cols = columnsOf(hasHeader ? rows[0] as unknown[] : []);
    for (const row of rows.slice(hasHeader ? 1 : 0)) {
      if (!Array.isArray(row)) continue;
      const full = num(row[cols.full]);
      const score = num(row[cols.score]);
      const name = String(row[cols.name] ?? '').trim();
      if (!name || !Number.isFinite(full) || !Number.isFinite(score) || full <= 0) continue;
      const no = Number.isInteger(num(row[cols.no])) ? num(row[cols.no]) : steps.size + 1;
      const key = `${no}\u0000${name}`;
      const step = steps.get(key) ?? { no, name, full, sum: 0, lost: 0, n: 0 };
      step.full = Math.max(step.full, full);
      step.sum += score;
      step.n += 1;
      if (score < full) step.lost += 1;
      steps.set(key, step);
    }
  }
  return [...steps.values()].sort((a, b) => a.no - b.no || a.name.localeCompare(b.name)).map((s) => {
    const average = s.sum / s.n;
    return {
      no: s.no, name: s.name, full: s.full, average: round1(average), lost: round1(s.full - average), loss_rate: round1((s.lost / s.n) * 100),
      score_rate: round1((average / s.full) * 100), attempts: s.n,
    };
  });
}

/** The step with the lowest average score rate, for the list's column: 「操作过程 62%」; '' without step rows. */
export function weakestStep(steps: StepStat[]): string {
  const sorted = [...steps].sort((a, b) => a.score_rate - b.score_rate || a.no - b.no);
  if (!sorted.length) return '';
  const weakest = sorted[0];
  // No step stands out: naming the first would send the teacher to the wrong one.
  if (sorted.length > 1 && weakest.score_rate === sorted[sorted.length - 1].score_rate) return `各步均为 ${weakest.score_rate}%`;
  return `${weakest.name} ${weakest.score_rate}%`;
}

export interface SurveyRow {
  question: number;
  topic: string;
  /** An option's label, or a written answer. */
  answer: string;
  count: number;
  /** Of the students who answered the questionnaire, %. */
  percent: number;
}

interface AnswerRow {
  estimate: number;
  know: string;
  resource: string;
  perspective: string;
}

/**
 * The questionnaire's answers counted: per option of the single-choice and multiple-choice questions (every option,
 * also those nobody chose), and the written answers of the open ones, the same text counted once, most frequent first.
 * Nothing when nobody answered.
 */
export function surveyRows(problem: Problem[], answers: AnswerRow[]): SurveyRow[] {
  const total = answers.length;
  if (!total) return [];
  const percent = (n: number) => (total ? round1((n / total) * 100) : 0);
  const rows: SurveyRow[] = [];
  problem.forEach((q, i) => {
    const question = i + 1;
    if (i === 0 || i === 1) {
      const counts = q.option.map(() => 0);
      for (const a of answers) {
        const chosen = i === 0 ? [a.estimate] : jsonOr<unknown[]>(a.know, []);
        for (const c of chosen) if (Number.isInteger(c) && (c as number) >= 0 && (c as number) < counts.length) counts[c as number] += 1;
      }
      q.option.forEach((label, k) => rows.push({ question, topic: q.topic, answer: label, count: counts[k], percent: percent(counts[k]) }));
      return;
    }
    const texts = new Map<string, number>();
    for (const a of answers) {
      const text = (i === 2 ? a.resource : a.perspective).trim();
      if (text) texts.set(text, (texts.get(text) ?? 0) + 1);
    }
    for (const [text, count] of [...texts].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]))) {
      rows.push({ question, topic: q.topic, answer: text, count, percent: percent(count) });
    }
  });
  return rows;
}

/** The questionnaire a course's students answered: its own, else the default one. */
export async function questionnaireProblem(db: Db, learnId: number): Promise<Problem[]> {
  const definition =
    (await db.selectFrom('questionnaires').select('problem').where('learn_id', '=', learnId).orderBy('id', 'desc').executeTakeFirst()) ??
    (await db.selectFrom('questionnaires').select('problem').where('learn_id', 'is', null).orderBy('id', 'desc').executeTakeFirst());
  return jsonOr<Problem[]>(definition?.problem ?? null, []);
}

/** The score records' step rows and the questionnaire answers of one class (students of the teacher's school) in one course. */
export async function classCourseData(db: Db, teacher: User, classId: number, learnId: number) {
  const details = await db.selectFrom('score_records as r').innerJoin('users as u', 'u.id', 'r.user_id').select('r.detail')
    .where('u.class_id', '=', classId).where('u.school_id', '=', teacher.school_id).where('r.learn_id', '=', learnId).execute();
  const answers = await db.selectFrom('questionnaire_answers as q').innerJoin('users as u', 'u.id', 'q.user_id')
    .select(['q.estimate', 'q.know', 'q.resource', 'q.perspective'])
    .where('u.class_id', '=', classId).where('u.school_id', '=', teacher.school_id).where('q.learn_id', '=', learnId).orderBy('q.id').execute();
  return { details: details.map((d) => d.detail), answers };
}
