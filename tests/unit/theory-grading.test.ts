import { describe, expect, it } from 'vitest';
import { ApiError } from '../../server/http/errors';
import { grade, normalizeAnswer } from '../../server/services/theory-grading';

const single = { type: 1, options: 4, answer: 'C', poins: 10 };
const multi = { type: 2, options: 6, answer: 'A B C', poins: 15 };
const judge = { type: 3, options: 2, answer: '正确', poins: 5 };
const fill = { type: 4, options: 0, answer: '32|28 12|8 8', poins: 15 };

describe('theory answer formats', () => {
  it('normalises letters: upper case, sorted, joined by spaces', () => {
    expect(normalizeAnswer(single, ' c ')).toBe('C');
    expect(normalizeAnswer(multi, 'c,a  B a')).toBe('A B C');
    expect(normalizeAnswer(multi, '')).toBe('');
    expect(normalizeAnswer(fill, ' 32， 12  8 ')).toBe('32 12 8');
    expect(normalizeAnswer({ type: 6, options: 0 }, '  ')).toBe('');
  });

  it('rejects letters outside the options, two letters for a single choice, and judge words other than 正确/错误', () => {
    const message = (fn: () => unknown) => {
      try {
        fn();
      } catch (err) {
        expect(err).toBeInstanceOf(ApiError);
        return (err as ApiError).message;
      }
      return 'no error';
    };
    expect(message(() => normalizeAnswer(single, 'E'))).toBe('单选题答案应为一个选项字母（A–D）');
    expect(message(() => normalizeAnswer(single, 'A C'))).toBe('单选题只能选择一个选项（A–D）');
    expect(message(() => normalizeAnswer(multi, 'A K'))).toBe('多选题答案应为以空格分隔的选项字母（A–F）');
    expect(message(() => normalizeAnswer(judge, '对'))).toBe('判断题答案只能是“正确”或“错误”');
    expect(message(() => normalizeAnswer({ type: 5, options: 0 }, 'x'.repeat(5001)))).toBe('答案过长，最长为5000个字符');
  });
});

describe('theory grading', () => {
  it('grades single and judge questions by exact match', () => {
    expect(grade(single, 'C')).toEqual({ isright: 1, poins: 10 });
    expect(grade(single, 'B')).toEqual({ isright: 2, poins: 0 });
    expect(grade(judge, '正确')).toEqual({ isright: 1, poins: 5 });
    expect(grade(judge, '错误')).toEqual({ isright: 2, poins: 0 });
  });

  it('gives multi choice full, partial or no points', () => {
    expect(grade(multi, 'A B C')).toEqual({ isright: 1, poins: 15 });
    expect(grade(multi, 'A B')).toEqual({ isright: 2, poins: 10 });
    expect(grade(multi, 'A')).toEqual({ isright: 2, poins: 5 });
    expect(grade(multi, 'A B C D')).toEqual({ isright: 2, poins: 0 }); // an extra, wrong option
    expect(grade(multi, 'D')).toEqual({ isright: 2, poins: 0 });
  });

  it('scores each blank of a fill question, accepting listed alternatives', () => {
    expect(grade(fill, '32 12 8')).toEqual({ isright: 1, poins: 15 });
    expect(grade(fill, '28 8 8')).toEqual({ isright: 1, poins: 15 });
    expect(grade(fill, '28 12 7')).toEqual({ isright: 2, poins: 10 });
    expect(grade(fill, '30')).toEqual({ isright: 2, poins: 0 });
    expect(grade({ ...fill, answer: '1.0 2~5', poins: 10 }, '1.0')).toEqual({ isright: 2, poins: 5 });
  });

  it('leaves subjective answers for a teacher and marks empty answers wrong', () => {
    expect(grade({ type: 5, options: 0, answer: '…', poins: 15 }, '我的解释')).toEqual({ isright: 0, poins: 0 });
    expect(grade({ type: 7, options: 0, answer: '…', poins: 15 }, '简答')).toEqual({ isright: 0, poins: 0 });
    expect(grade({ type: 6, options: 0, answer: '…', poins: 25 }, '')).toEqual({ isright: 2, poins: 0 });
    expect(grade(single, '')).toEqual({ isright: 2, poins: 0 });
  });
});
