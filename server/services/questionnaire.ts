import type { Db } from '../db';
import { requireVisibleCourse } from './catalogue';
import type { User } from '../db/schema';
import { now } from '../db/time';
import { notFound, refuse } from '../http/errors';

export interface Problem {
  topic: string;
  option: string[];
}

export const UNANSWERED = '还有题目未完成，请完成填写';
export const ALREADY_ANSWERED = '您已提交过该实验的评价，每个实验只能评价一次';
export const NOT_TRAINED = '完成该实验的训练后才能评价';

/** The questionnaire of an experiment: its own definition if it has one, else the default one (learn_id null). */
export async function questionnaireOf(db: Db, user: User, learnId: number) {
  const learn = await requireVisibleCourse(db, user, learnId);
  const definition =
    (await db.selectFrom('questionnaires').select('problem').where('learn_id', '=', learnId).orderBy('id', 'desc').executeTakeFirst()) ??
    (await db.selectFrom('questionnaires').select('problem').where('learn_id', 'is', null).orderBy('id', 'desc').executeTakeFirst());
  if (!definition) throw notFound('该实验暂无评价问卷');
  const answered = await db.selectFrom('questionnaire_answers').select('id').where('user_id', '=', user.id).where('learn_id', '=', learnId).executeTakeFirst();
  return { learn: learn.name, learn_id: learn.id, problem: JSON.parse(definition.problem) as Problem[], answered: answered ? 1 : 0 };
}

/** `know` arrives as a JSON array ("[0,2]"), a comma list ("0,2") or one index; anything else is empty. */
export function parseIndexes(value: unknown): number[] | null {
  if (value === undefined || value === null) return [];
  const text = String(value).trim();
  if (text === '' || text === '[]') return [];
  let items: unknown[];
  try {
    const parsed: unknown = text.startsWith('[') ? JSON.parse(text) : text.split(',');
    items = Array.isArray(parsed) ? parsed : [parsed];
  } catch {
    return null;
  }
  const numbers = items.map((x) => Number(typeof x === 'string' ? x.trim() : x));
  return numbers.every((n) => Number.isInteger(n) && n >= 0) ? [...new Set(numbers)].sort((a, b) => a - b) : null;
}

export interface EvaluationInput {
  learn_id: number;
  estimate?: number | string;
  know?: unknown;
  resource?: string;
  perspective?: string;
}

/** Stores a student's answers once per experiment (the unique index makes a race lose too). */
export async function submitEvaluation(db: Db, user: User, input: EvaluationInput): Promise<void> {
  const { problem } = await questionnaireOf(db, user, input.learn_id);
  const estimate = input.estimate === undefined || input.estimate === '' ? NaN : Number(input.estimate);
  const know = parseIndexes(input.know);
  const resource = String(input.resource ?? '').trim();
  const perspective = String(input.perspective ?? '').trim();
  if (!Number.isInteger(estimate) || !know || know.length === 0 || !resource || !perspective) throw refuse(UNANSWERED);
  if (estimate < 0 || estimate >= (problem[0]?.option.length ?? 0) || know.some((k) => k >= (problem[1]?.option.length ?? 0))) {
    throw refuse('所选选项不存在，请重新选择');
  }

  const trained = await db.selectFrom('score_records').select('id').where('user_id', '=', user.id).where('learn_id', '=', input.learn_id).limit(1).executeTakeFirst();
  if (!trained) throw refuse(NOT_TRAINED);
  const existing = await db.selectFrom('questionnaire_answers').select('id').where('user_id', '=', user.id).where('learn_id', '=', input.learn_id).executeTakeFirst();
  if (existing) throw refuse(ALREADY_ANSWERED);
  try {
    await db.insertInto('questionnaire_answers').values({
      user_id: user.id, learn_id: input.learn_id, estimate, know: JSON.stringify(know), resource, perspective, created_at: now(),
    }).execute();
  } catch (err) {
    if (/unique|duplicate/i.test(String((err as Error).message))) throw refuse(ALREADY_ANSWERED);
    throw err;
  }
}
