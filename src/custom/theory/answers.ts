import type { Question, SavedAnswer } from './types';

/** Pure helpers of the answering page: answer formats (spec §4) and merging saved answers. */
export const LETTERS = 'ABCDEFGHIJ';
export const JUDGE = ['正确', '错误'];

export const letterOf = (index: number) => LETTERS[index] ?? '';

/** Blanks of a fill question: runs of underscores in its text (at least one). */
export function blankCount(question: Question): number {
  return Math.max(1, (question.question.match(/_{2,}|＿{2,}/g) ?? []).length);
}

/**
 * Fill answers travel as one string, blanks separated by spaces (spec §4); a blank cannot hold a space. An empty
 * blank before a filled one is sent as `_`, so later blanks keep their position when the server grades them.
 */
export const EMPTY_BLANK = '_';
export function joinBlanks(blanks: string[]): string {
  const parts = blanks.map((b) => b.trim().replace(/\s+/g, '') || EMPTY_BLANK);
  while (parts.length && parts[parts.length - 1] === EMPTY_BLANK) parts.pop();
  return parts.join(' ');
}
export function splitBlanks(answer: string, count: number): string[] {
  const parts = answer.trim() ? answer.trim().split(/\s+/) : [];
  return Array.from({ length: Math.max(count, parts.length) }, (_, i) => (parts[i] === EMPTY_BLANK ? '' : (parts[i] ?? '')));
}

/** Multi answers: letters joined by spaces, in option order. */
export const joinLetters = (letters: string[]) => [...new Set(letters)].sort().join(' ');
export const splitLetters = (answer: string) => answer.split(/\s+/).filter(Boolean);

export const isAnswered = (answer: string | undefined) => !!answer && answer.trim() !== '';

/** Numbers (1-based) of the questions without an answer, for the confirmation before submitting. */
export function unanswered(questions: Question[], answers: Record<string, SavedAnswer>): number[] {
  return questions.flatMap((q, i) => (isAnswered(answers[q.id]?.answer) ? [] : [i + 1]));
}

/** For every question, the answer with the higher seq of what the server holds and what this browser kept. */
export function mergeAnswers(server: Record<string, SavedAnswer>, local: Record<string, SavedAnswer>): Record<string, SavedAnswer> {
  const merged: Record<string, SavedAnswer> = { ...server };
  for (const [id, entry] of Object.entries(local)) if (!merged[id] || entry.seq > merged[id].seq) merged[id] = entry;
  return merged;
}

/** 3725 -> '1:02:05', 65 -> '01:05'. */
export function formatRemaining(seconds: number): string {
  const s = Math.max(0, Math.floor(seconds));
  const pad = (n: number) => String(n).padStart(2, '0');
  const h = Math.floor(s / 3600);
  const rest = `${pad(Math.floor((s % 3600) / 60))}:${pad(s % 60)}`;
  return h > 0 ? `${h}:${rest}` : rest;
}
