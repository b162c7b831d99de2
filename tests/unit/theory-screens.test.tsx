// @vitest-environment jsdom
import './setup-dom';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { readFileSync } from 'node:fs';
import { parse } from 'yaml';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { ExamNotice, fillRule } from '../../src/custom/theory/ExamNotice';
import type { TheoryExamProps } from '../../src/custom/theory/schema.gen';
import type { ExamPaper } from '../../src/custom/theory/types';
import TableRenderer from '../../src/renderers/table';
import type { TableProps } from '../../src/renderers/table/schema.gen';
import { renderWithProviders } from './renderer-harness';

const mocks = vi.hoisted(() => ({ call: vi.fn() }));
vi.mock('../../src/renderers/shared/engine', async () =>
  (await import('./renderer-harness')).fakeEngine({ api: { call: mocks.call } }),
);

const propsOf = (id: string) => parse(readFileSync(`config/screens/${id}.yaml`, 'utf8')).props as TableProps;
const test = (id: number, state: string, extra: object = {}) => ({ id, name: `试卷${id}`, teacher: '陈老师', start: '2026-11-20 08:00:00', end: '2026-12-01 22:00:00', times: 30, score: 100, is_test: 0, user_score: null, state, ...extra });

beforeEach(() => {
  mocks.call.mockReset();
});

describe('theory list screen (config/screens/theory-list.yaml)', () => {
  it('asks for 20 a page and offers entry only to open tests, the score to taken ones, nothing to missed ones', async () => {
    mocks.call.mockResolvedValue({
      data: [test(1, 'open'), test(2, 'taken', { is_test: 1, user_score: 85, pending: 0 }), test(3, 'missed'), test(4, 'in_progress'),
        test(5, 'taken', { is_test: 1, user_score: 47, pending: 3 })],
      meta: { current_page: 1, per_page: 20, last_page: 1, total: 5 },
    });
    renderWithProviders(<TableRenderer screen={{ id: 'theory-list', route: '/ucenter/theorylist', type: 'table' }} props={propsOf('theory-list')} />, '/ucenter/theorylist');
    const rows = await screen.findAllByTestId('table-row');
    expect(mocks.call).toHaveBeenCalledWith('theory/tests', { page: 1, per_page: 20 }, { silent: true });
    const buttons = rows.map((row) => within(row).queryAllByRole('button').map((b) => b.textContent));
    expect(buttons).toEqual([['进入考试'], ['查看成绩'], [], ['继续答题'], ['查看成绩']]);
    expect(rows.map((row) => within(row).getByTestId('cell-tag').textContent)).toEqual(['未考', '已考', '未参加', '答题中', '待批阅']);
    expect(rows[1].textContent).toContain('85 分');
    expect(rows[1].textContent).not.toContain('暂定');
    expect(rows[4].textContent).toContain('47 分（暂定）'); // answers still wait for the teacher
    expect(rows[0].textContent).toContain('30 分钟');

    fireEvent.click(within(rows[0]).getByRole('button', { name: '进入考试' }));
    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe('/ucenter/theoryexam?testid=1'));
  });
});

describe('answer review screen (config/screens/answer-list.yaml)', () => {
  it('reads 9 records a page of the test in the query and marks each right, partly right, wrong or waiting, under the total and time', async () => {
    mocks.call.mockResolvedValue({
      data: [
        { id: 1, no: 1, type_name: '单选题', test_content: '题一', answer: 'C', right_answer: null, isright: 1, poins: 10, full_poins: 10 },
        { id: 2, no: 2, type_name: '多选题', test_content: '题二', answer: 'A B', right_answer: 'A B C', isright: 2, poins: 10, full_poins: 15 },
        { id: 3, no: 3, type_name: '论述题', test_content: '题三', answer: '', right_answer: null, isright: 0, poins: 0, full_poins: 25 },
        { id: 4, no: 4, type_name: '单选题', test_content: '题四', answer: 'B', right_answer: 'A', isright: 2, poins: 0, full_poins: 10 },
      ],
      meta: { current_page: 1, per_page: 9, last_page: 1, total: 4, test: { id: 5, name: '口腔测验', score: 60 }, attempt: { score: 20, pending: 1, used_minutes: 12, submitted_at: '2026-11-20 09:12:00' } },
    });
    renderWithProviders(<TableRenderer screen={{ id: 'answer-list', route: '/ucenter/answerlist', type: 'table' }} props={propsOf('answer-list')} />, '/ucenter/answerlist?testid=5');
    const rows = await screen.findAllByTestId('table-row');
    expect(mocks.call).toHaveBeenCalledWith('theory/records', { logid: '5', page: 1, per_page: 9 }, { silent: true });
    expect(rows.map((row) => within(row).getByTestId('cell-tag').textContent)).toEqual(['正确', '部分得分', '待批阅', '错误']);
    expect(screen.getByTestId('table-caption').textContent).toContain('得分 20 / 60 分（1 题待老师批阅，成绩暂定）　用时 12 分钟　交卷时间 2026-11-20 09:12:00');
    expect(rows[1].textContent).toContain('10 / 15');
    expect(rows[1].textContent).toContain('A B C');
    expect(rows[2].textContent).toContain('未作答');
    expect(rows[0].textContent).toContain('考试结束后公布');
  });
});

describe('exam notice (config/screens/theory-exam.yaml)', () => {
  const header: ExamPaper = {
    id: 5, name: '口腔解剖生理学在线测验', teacher: '陈老师', start: '2026-11-20 08:00:00', end: '2026-12-01 22:00:00', times: 30, score: 80,
    state: 'open', question_count: 2, sections: [{ type: 1, type_name: '单选题', count: 1, points: 10 }, { type: 5, type_name: '名词解释', count: 1, points: 70 }],
    questions: [], attempt: null,
  };

  it('fills the placeholders of a rule from the header', () => {
    expect(fillRule('共 {count} 题，满分 {score} 分，时长 {duration}，{end} 截止，{unknown}', header)).toBe('共 2 题，满分 80 分，时长 30 分钟，2026-12-01 22:00:00 截止，{unknown}');
    expect(fillRule('{duration}', { ...header, times: 0 })).toBe('不限时长');
  });

  it('shows the rules of the YAML (time limit, clock starts on click and cannot pause, autosave) and 开始考试', () => {
    const props = parse(readFileSync('config/screens/theory-exam.yaml', 'utf8')).props as TheoryExamProps;
    const onStart = vi.fn();
    renderWithProviders(<ExamNotice paper={header} props={props} starting={false} onStart={onStart} onBack={() => {}} />);
    const rules = screen.getByTestId('exam-rules').textContent ?? '';
    expect(rules).toContain('考试时长 30 分钟');
    expect(rules).toContain('开始计时');
    expect(rules).toContain('不能暂停');
    expect(rules).toContain('自动保存');
    expect(screen.getByTestId('exam-sections').textContent).toContain('名词解释');
    fireEvent.click(screen.getByRole('button', { name: '开始考试' }));
    expect(onStart).toHaveBeenCalledOnce();
  });
});
