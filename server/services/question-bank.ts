import { LETTERS, typeName } from './theory-grading';

/**
 * A teacher's question bank (issue 16 item 5): the rules a question must meet, the same whether it is typed into
 * the form or read from a spreadsheet row. Pure: gives the stored form of a question, or the Chinese messages saying
 * what is wrong with it.
 */
export const TYPE_NAMES = ['单选题', '多选题', '判断题', '填空题', '名词解释', '论述题', '简答题'] as const;
const TYPE_WORDS: Record<string, number> = {
  单选: 1, 单选题: 1, 多选: 2, 多选题: 2, 判断: 3, 判断题: 3, 填空: 4, 填空题: 4, 名词解释: 5, 论述: 6, 论述题: 6, 简答: 7, 简答题: 7,
};
export const MAX_TEXT = 5000;
export const MAX_POINTS = 100;
const JUDGE_WORDS: Record<string, string> = {
  正确: '正确', 对: '正确', '√': '正确', T: '正确', TRUE: '正确', 是: '正确',
  错误: '错误', 错: '错误', '×': '错误', X: '错误', F: '错误', FALSE: '错误', 否: '错误',
};

export interface QuestionInput {
  type: number | string;
  question: string;
  options?: string[];
  answer: string;
  poins: number | string;
  analysis?: string;
}

export interface BankQuestion {
  type: number;
  question: string;
  options: string[];
  answer: string;
  poins: number;
  analysis: string;
}

export const isChoice = (type: number) => type === 1 || type === 2;

/** 1..7 from a number or a name (单选, 单选题, …); null when it is neither. */
export function parseType(raw: number | string): number | null {
  if (typeof raw === 'number') return Number.isInteger(raw) && raw >= 1 && raw <= 7 ? raw : null;
  const text = raw.trim();
  if (/^[1-7]$/.test(text)) return Number(text);
  return TYPE_WORDS[text] ?? null;
}

/** A choice answer's letters: "ABD", "A,B,D", "a b d" all read as A, B, D. */
const lettersOf = (raw: string) => raw.toUpperCase().replace(/[\s,，、;；]+/g, '').split('');

export type QuestionField = 'type' | 'question' | 'options' | 'answer' | 'poins' | 'analysis';
export interface QuestionError {
  field: QuestionField;
  message: string;
}

/** The stored question, or everything wrong with it (all of it, so a spreadsheet row is fixed in one go). */
export function checkQuestion(input: QuestionInput): { value: BankQuestion; errors: [] } | { value: null; errors: QuestionError[] } {
  const errors: QuestionError[] = [];
  const fail = (field: QuestionField, message: string) => errors.push({ field, message });
  const type = parseType(input.type);
  if (type === null) {
    const given = String(input.type ?? '').trim();
    fail('type', given ? `未知题型“${given}”（应为 单选、多选、判断、填空、名词解释、论述、简答）` : '缺少题型');
  }
  const question = String(input.question ?? '').trim();
  if (!question) fail('question', '缺少题目');
  else if (question.length > MAX_TEXT) fail('question', `题目过长，最多 ${MAX_TEXT} 个字`);

  // Options: written from A on, no gaps; only choice questions keep them.
  const raw = (input.options ?? []).map((o) => String(o ?? '').trim());
  let last = raw.length - 1;
  while (last >= 0 && !raw[last]) last--;
  const options = raw.slice(0, last + 1);
  if (options.length > LETTERS.length) fail('options', '选项最多 10 个（A–J）');
  const gap = options.findIndex((o) => !o);
  if (type !== null && isChoice(type)) {
    if (gap >= 0) fail('options', `选项${LETTERS[gap]}为空，但后面的选项有内容`);
    else if (options.length < 2) fail('options', `${typeName(type)}至少需要两个选项（选项A、选项B）`);
  }

  let answer = String(input.answer ?? '').trim();
  if (!answer) fail('answer', '缺少答案');
  else if (type !== null) {
    if (isChoice(type)) {
      const letters = lettersOf(answer);
      const outside = letters.find((l) => !LETTERS.includes(l));
      if (outside) fail('answer', `答案中的“${outside}”不是 A–J 的选项字母`);
      else {
        const beyond = letters.find((l) => LETTERS.indexOf(l) >= options.length);
        if (beyond && options.length >= 2 && gap < 0) fail('answer', `答案“${beyond}”没有对应的选项（已填写 A–${LETTERS[options.length - 1]}）`);
        const unique = [...new Set(letters)].sort();
        if (type === 1 && unique.length > 1) fail('answer', '单选题只能有一个答案');
        answer = unique.join(type === 2 ? ' ' : '');
      }
    } else if (type === 3) {
      const word = JUDGE_WORDS[answer.toUpperCase()];
      if (!word) fail('answer', '判断题答案应为“正确”或“错误”');
      else answer = word;
    } else if (type === 4) {
      answer = answer.replace(/[，、]/g, ' ').split(/\s+/).filter(Boolean).join(' ');
    }
    if (answer.length > MAX_TEXT) fail('answer', `答案过长，最多 ${MAX_TEXT} 个字`);
  }

  const rawPoints = typeof input.poins === 'string' ? input.poins.trim() : input.poins;
  const poins = rawPoints === '' || rawPoints === null || rawPoints === undefined ? NaN : Number(rawPoints);
  if (!Number.isFinite(poins) || poins <= 0) fail('poins', '分值必须是正数');
  else if (poins > MAX_POINTS) fail('poins', `分值不能超过 ${MAX_POINTS} 分`);

  const analysis = String(input.analysis ?? '').trim();
  if (analysis.length > MAX_TEXT) fail('analysis', `解析过长，最多 ${MAX_TEXT} 个字`);

  if (errors.length || type === null) return { value: null, errors };
  return { value: { type, question, options: isChoice(type) ? options : [], answer, poins: Math.round(poins * 10) / 10, analysis }, errors: [] };
}

/** Two rows are the same question when type and text match, whatever the spacing. */
export const sameQuestionKey = (type: number | string, question: string) => `${parseType(type) ?? String(type)}|${String(question).replace(/\s+/g, '')}`;
