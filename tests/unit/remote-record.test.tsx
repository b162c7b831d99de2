// @vitest-environment jsdom
// useRemoteRecord, the one-object load shared by renderers and custom pieces, and a piece that relies on it.
import './setup-dom';
import { act, renderHook, screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import TaskScore from '../../src/custom/assignments/TaskScore';
import { ApiCallError } from '../../src/engine/api';
import { useRemoteRecord } from '../../src/renderers/data/useRemoteRecord';
import { QueryProvider, renderWithProviders } from './renderer-harness';

const mocks = vi.hoisted(() => ({ call: vi.fn() }));
vi.mock('../../src/renderers/shared/engine', async () =>
  (await import('./renderer-harness')).fakeEngine({ api: { call: mocks.call } }),
);

const SCOPE = { user: {}, school: {}, features: {}, query: {} };
const deferred = <T,>() => {
  let resolve!: (v: T) => void;
  const promise = new Promise<T>((r) => (resolve = r));
  return { promise, resolve };
};

describe('useRemoteRecord', () => {
  // a block body: a function returned from beforeEach would run as its teardown
  beforeEach(() => {
    mocks.call.mockReset();
  });

  it('calls nothing while disabled', () => {
    const { result } = renderHook(() => useRemoteRecord({ endpoint: 'x/get', params: { id: 0 } }, SCOPE, { enabled: false }), { wrapper: QueryProvider });
    expect(mocks.call).not.toHaveBeenCalled();
    expect(result.current).toMatchObject({ record: null, error: null, loading: false });
  });

  it('keeps the record on screen while reloading, and after a reload that fails', async () => {
    mocks.call.mockResolvedValueOnce({ id: 1, score: 60 });
    const { result } = renderHook(() => useRemoteRecord<{ id: number; score: number }>({ endpoint: 'x/get', params: { id: 1 } }, SCOPE), { wrapper: QueryProvider });
    await waitFor(() => expect(result.current.record).toEqual({ id: 1, score: 60 }));
    const next = deferred<unknown>();
    mocks.call.mockReturnValueOnce(next.promise);
    act(() => result.current.reload());
    await waitFor(() => expect(result.current.loading).toBe(true));
    expect(result.current.record).toEqual({ id: 1, score: 60 });
    await act(async () => next.resolve({ id: 1, score: 90 }));
    await waitFor(() => expect(result.current.record).toEqual({ id: 1, score: 90 }));
    mocks.call.mockRejectedValueOnce(new Error('网络错误'));
    act(() => result.current.reload());
    await waitFor(() => expect(result.current.loading).toBe(false));
    expect(result.current).toMatchObject({ record: { id: 1, score: 90 }, error: null });
  });

  it('drops the reply of an earlier request when the parameters change', async () => {
    const first = deferred<unknown>();
    mocks.call.mockReturnValueOnce(first.promise).mockResolvedValueOnce({ id: 2 });
    const { result, rerender } = renderHook(({ id }) => useRemoteRecord<{ id: number }>({ endpoint: 'x/get', params: { id } }, SCOPE), { initialProps: { id: 1 }, wrapper: QueryProvider });
    rerender({ id: 2 });
    await waitFor(() => expect(result.current.record).toEqual({ id: 2 }));
    await act(async () => first.resolve({ id: 1 }));
    expect(result.current.record).toEqual({ id: 2 });
  });

  it('reads silently and hands a failure back for the screen to say inline (no toast as well)', async () => {
    mocks.call.mockRejectedValue(new Error('服务器暂时无法响应，请稍后重试'));
    const { result } = renderHook(() => useRemoteRecord({ endpoint: 'x/get' }, SCOPE), { wrapper: QueryProvider });
    await waitFor(() => expect(result.current.error).toBe('服务器暂时无法响应，请稍后重试'));
    expect(mocks.call).toHaveBeenCalledWith('x/get', {}, { silent: true });
  });
});

describe('成绩详情 (task score)', () => {
  const props = { listScores: { above: 30, ids: [22] } };
  const SCREEN = { id: 'examarrangement', route: '/ucenter/examarrangement', type: 'task-score' };
  // a block body: a function returned from beforeEach would run as its teardown
  beforeEach(() => {
    mocks.call.mockReset();
  });

  it('says what failed with a retry when the score cannot be loaded, instead of loading for ever', async () => {
    mocks.call.mockRejectedValue(new Error('任务不存在'));
    renderWithProviders(<TaskScore screen={{ ...SCREEN, title: '成绩详情' }} props={props} />, '/ucenter/examarrangement?task_id=5&type=1');
    expect(await screen.findByText('成绩详情加载失败')).toBeTruthy();
    expect(screen.getByText('任务不存在')).toBeTruthy();
    expect(screen.getByRole('button', { name: '重新加载' })).toBeTruthy();
    expect(mocks.call).toHaveBeenCalledWith('task/get_score', { task_id: 5, type: '1' }, { silent: true });
  });

  it('offers 返回 instead of 重新加载 when the server refuses the request itself (no such task): asking again cannot help', async () => {
    mocks.call.mockRejectedValue(new ApiCallError('任务不存在', 404, 404));
    renderWithProviders(<TaskScore screen={{ ...SCREEN, title: '成绩详情' }} props={props} />, '/ucenter/examarrangement?task_id=99999');
    expect(await screen.findByText('成绩详情加载失败')).toBeTruthy();
    expect(screen.getByText('任务不存在')).toBeTruthy();
    expect(screen.getByRole('button', { name: '返回' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: '重新加载' })).toBeNull();
  });

  it('shows the teacher has not graded yet when there is no record', async () => {
    mocks.call.mockResolvedValue({ task: { id: 5, title: '卡环弯制任务' }, record: null });
    renderWithProviders(<TaskScore screen={SCREEN} props={props} />, '/ucenter/examarrangement?task_id=5');
    expect(await screen.findByText('老师尚未批阅')).toBeTruthy();
    expect(screen.getByText('卡环弯制任务 · 成绩详情')).toBeTruthy();
  });
});
