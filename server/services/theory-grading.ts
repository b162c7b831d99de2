import { invalid } from '../http/errors';

/**
 * Theory answer formats and grading (spec: learning §4 "Theory answer formats", §9 question types).
 * Pure functions: the server checks the format when an answer is saved and grades objective types at submit.
 */
export const QUESTION_TYPES: Record<number, string> = { 1: '单选题', 2: '多选题', 3: '判断题', 4: '填空题', 5: '名词解释', 6: '论述题' };
export const typeName = (type: number) => QUESTION_TYPES[type] ?? '简答题';
export const isObjective = (type: number) => type >= 1 && type <= 4;

export const LETTERS = 'ABCDEFGHIJ';
export const JUDGE = ['正确', '错误'] as const;
const MAX_FILL = 500;
const MAX_TEXT = 5000;

export interface QuestionKey {
  type: number;
  /** Number of options (single and multi choice). */
  options: number;
  answer: string;
  poins: number;
}

export interface Grade {
  /** 1 right, 2 wrong (also partly right), 0 waiting for a teacher. */
  isright: 0 | 1 | 2;
  poins: number;
}

const words = (text: string) => text.trim().split(/[\s,，、]+/).filter(Boolean);
export const round1 = (n: number) => Math.round(n * 10) / 10;

function letters(raw: string, options: number, field: string, message: string): string[] {
  const chosen = words(raw.toUpperCase());
  const allowed = LETTERS.slice(0, Math.max(0, Math.min(options, LETTERS.length)));
  for (const letter of chosen) if (letter.length !== 1 || !allowed.includes(letter)) throw invalid(field, message);
  return [...new Set(chosen)].sort();
}

/**
 * The stored form of an answer, or a 422 with a message saying what the format is.
 * An empty answer is allowed: it clears the question (the student took the choice back).
 */
export function normalizeAnswer(q: Pick<QuestionKey, 'type' | 'options'>, raw: string, field = 'answer'): string {
  const range = `A–${LETTERS[Math.max(0, Math.min(q.options, LETTERS.length) - 1)]}`;
  switch (q.type) {
    case 1: {
      const chosen = letters(raw, q.options, field, `单选题答案应为一个选项字母（${range}）`);
      if (chosen.length > 1) throw invalid(field, `单选题只能选择一个选项（${range}）`);
      return chosen.join('');
    }
    case 2:
      return letters(raw, q.options, field, `多选题答案应为以空格分隔的选项字母（${range}）`).join(' ');
    case 3: {
      const value = raw.trim();
      if (value && !(JUDGE as readonly string[]).includes(value)) throw invalid(field, '判断题答案只能是“正确”或“错误”');
      return value;
    }
    case 4: {
      const value = words(raw.replace(/[，、]/g, ' ')).join(' ');
      if (value.length > MAX_FILL) throw invalid(field, `填空题答案过长，最长为${MAX_FILL}个字符`);
      return value;
    }
    default:
      if (raw.length > MAX_TEXT) throw invalid(field, `答案过长，最长为${MAX_TEXT}个字符`);
      return raw.trim() ? raw : '';
  }
}

const same = (a: string, b: string) => a.trim().toLowerCase() === b.trim().toLowerCase();

/**
 * Grades an objective answer; subjective ones wait for a teacher (isright 0) unless left empty.
 * Multi choice: every right option and nothing else earns full points; a subset without wrong options earns
 * its share (partly right counts as isright 2); any wrong option earns 0.
 * Fill: one point share per blank, blanks separated by spaces; a blank of the key may list alternatives with `|`.
 */
export function grade(q: QuestionKey, answer: string): Grade {
  const given = answer.trim();
  if (!given) return { isright: 2, poins: 0 };
  switch (q.type) {
    case 1:
    case 3:
      return same(given, q.answer) ? { isright: 1, poins: q.poins } : { isright: 2, poins: 0 };
    case 2: {
      const key = new Set(words(q.answer.toUpperCase()));
      const chosen = new Set(words(given.toUpperCase()));
      if ([...chosen].some((c) => !key.has(c))) return { isright: 2, poins: 0 };
      if (chosen.size === key.size) return { isright: 1, poins: q.poins };
      return { isright: 2, poins: round1((q.poins * chosen.size) / key.size) };
    }
    case 4: {
      const blanks = words(q.answer);
      const filled = words(given);
      if (blanks.length === 0) return { isright: 2, poins: 0 };
      const right = blanks.filter((blank, i) => filled[i] !== undefined && blank.split('|').some((alt) => same(alt, filled[i]))).length;
      return right === blanks.length ? { isright: 1, poins: q.poins } : { isright: 2, poins: round1((q.poins * right) / blanks.length) };
    }
    default:
      return { isright: 0, poins: 0 };
  }
}
