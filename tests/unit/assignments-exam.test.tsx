// @vitest-environment jsdom
import './setup-dom';
import { MantineProvider } from '@mantine/core';
import { act, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ExamQuestions } from '../../src/custom/assignments/ExamQuestions';
import { QueryProvider } from './renderer-harness';

const mocks = vi.hoisted(() => ({ call: vi.fn(), callWithMessage: vi.fn(), warn: vi.fn(), success: vi.fn() }));
vi.mock('../../src/engine', () => ({
  api: { call: mocks.call, callWithMessage: mocks.callWithMessage },
  notify: { warn: mocks.warn, success: mocks.success, error: vi.fn(), info: vi.fn() },
  invalidateEndpoints: async () => undefined,
}));
// The questions are read through the query layer, which reaches the engine by the renderers' door.
vi.mock('../../src/renderers/shared/engine', async () => (await import('./renderer-harness')).fakeEngine({ api: { call: mocks.call } }));

// Mantine's autosize textarea listens to document.fonts, which jsdom lacks.
if (!('fonts' in document)) Object.defineProperty(document, 'fonts', { value: { addEventListener() {}, removeEventListener() {} } });

const QUESTIONS = {
  list: [{ id: 11, question: '全冠预备的顺序？' }, { id: 12, question: '肩台宽度？' }],
  test_time: 1, // minutes
  end_time: '2026-12-01 10:30:00',
  server_time: '2026-12-01 10:00:00',
  submitted: false,
};

describe('exam answering with a countdown', () => {
  beforeEach(() => {
    vi.useFakeTimers({ shouldAdvanceTime: false });
    mocks.call.mockReset().mockResolvedValue(QUESTIONS);
    mocks.callWithMessage.mockReset().mockResolvedValue({ data: {}, message: '提交成功' });
    mocks.warn.mockReset();
  });
  afterEach(() => vi.useRealTimers());

  it('counts down test_time from the server clock and at zero says 考试时间到！ and submits the answers', async () => {
    const onDone = vi.fn();
    render(<MantineProvider><QueryProvider><ExamQuestions assignmentId={8} timeUp="考试时间到！" onDone={onDone} /></QueryProvider></MantineProvider>);
    await act(async () => { await vi.advanceTimersByTimeAsync(0); });
    expect(mocks.call).toHaveBeenCalledWith('assign/getquestion', { id: 8 }, { silent: true });
    expect(screen.getByTestId('countdown').textContent).toContain('01:00');
    fireEvent.change(screen.getByLabelText('第1题答案'), { target: { value: '咬合面先行' } });
    const wait = async (ms: number) => {
      for (let t = 0; t < ms; t += 1000) await act(async () => { await vi.advanceTimersByTimeAsync(1000); });
    };
    await wait(30000);
    expect(screen.getByTestId('countdown').textContent).toContain('00:30');
    expect(mocks.callWithMessage).not.toHaveBeenCalled();
    await wait(31000);
    expect(mocks.warn).toHaveBeenCalledWith('考试时间到！');
    expect(mocks.callWithMessage).toHaveBeenCalledTimes(1);
    const [name, params] = mocks.callWithMessage.mock.calls[0];
    expect(name).toBe('assign/uploadanswer');
    expect(JSON.parse(params.answer)).toEqual({ 11: '咬合面先行' });
    expect(params.assignment_id).toBe(8);
    expect(onDone).toHaveBeenCalled();
  }, 20000);

  it('never runs past the exam end, whatever test_time says', async () => {
    mocks.call.mockResolvedValue({ ...QUESTIONS, test_time: 120, server_time: '2026-12-01 10:29:50' });
    render(<MantineProvider><QueryProvider><ExamQuestions assignmentId={8} timeUp="考试时间到！" onDone={() => undefined} /></QueryProvider></MantineProvider>);
    await act(async () => { await vi.advanceTimersByTimeAsync(0); });
    expect(screen.getByTestId('countdown').textContent).toContain('00:10');
  });

  it('says inline that the questions did not arrive, and 重新加载 asks again', async () => {
    mocks.call.mockReset().mockRejectedValueOnce(new Error('网络异常，请稍后重试')).mockResolvedValue(QUESTIONS);
    render(<MantineProvider><QueryProvider><ExamQuestions assignmentId={8} timeUp="考试时间到！" onDone={() => undefined} /></QueryProvider></MantineProvider>);
    await act(async () => { await vi.advanceTimersByTimeAsync(0); });
    expect(screen.getByTestId('load-failed').textContent).toContain('考试题目加载失败');
    expect(screen.getByTestId('load-failed').textContent).toContain('网络异常，请稍后重试');
    fireEvent.click(screen.getByRole('button', { name: '重新加载' }));
    await act(async () => { await vi.advanceTimersByTimeAsync(0); });
    expect(screen.queryByTestId('load-failed')).toBeNull();
    expect(screen.getByTestId('countdown').textContent).toContain('01:00');
  });
});
