// @vitest-environment jsdom
// The reads the engine sends before React's first render (src/engine/firstCalls.ts), taken up by the screen's own
// queries (useCall): a first read is sent once, its failure included, however its answer and the screen's drawing
// interleave. A read sent twice doubles the server's work on every cold visit, and the browser sweep counts it.
import './setup-dom';
import { QueryClientProvider } from '@tanstack/react-query';
import { act } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { afterEach, beforeEach, expect, it, vi } from 'vitest';
import { firstCallUnshown, sendFirstCalls } from '../../src/engine/firstCalls';
import { endpointKey, queryClient } from '../../src/engine/query';
import { useCall } from '../../src/renderers/data/useCall';

const mocks = vi.hoisted(() => ({ call: vi.fn() }));
vi.mock('../../src/engine/api', async (original) => ({ ...(await original<object>()), api: { call: mocks.call } }));

const PARAMS = { page: 1, page_size: 100 };
let container: HTMLElement;
let root: Root | null = null;

function Screen({ onRender }: { onRender?: () => void }) {
  const query = useCall('learn/detail', PARAMS);
  onRender?.();
  return <p>{query.isError ? '加载失败' : query.isSuccess ? '已加载' : '加载中'}</p>;
}

/** Draws the screen the way the site does (createRoot, outside act): render and effects run in separate tasks. */
function draw(screen: React.ReactNode): void {
  (globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = false;
  root = createRoot(container);
  root.render(<QueryClientProvider client={queryClient}>{screen}</QueryClientProvider>);
}

const shown = () => new Promise<string>((resolve) => {
  const poll = () => (['', '加载中'].includes(container.textContent ?? '') ? setTimeout(poll, 5) : resolve(container.textContent ?? ''));
  poll();
});

beforeEach(() => {
  queryClient.clear();
  mocks.call.mockReset();
  container = document.createElement('div');
  document.body.append(container);
});
afterEach(() => {
  root?.unmount();
  root = null;
  container.remove();
});

it('a first read failing between the screen\'s render and its subscription is shown, not sent again', async () => {
  let fail!: (error: Error) => void;
  mocks.call.mockImplementationOnce(() => new Promise((_, reject) => (fail = reject)));
  mocks.call.mockImplementation(() => Promise.reject(new Error('参数错误')));
  void sendFirstCalls([{ endpoint: 'learn/detail', params: PARAMS }]);
  // The answer lands after the render has read the query (still in flight) and before the effects subscribe to it.
  let once = false;
  draw(<Screen onRender={() => { if (!once) queueMicrotask(() => fail(new Error('参数错误'))); once = true; }} />);
  expect(await shown()).toBe('加载失败');
  await new Promise((resolve) => setTimeout(resolve, 50));
  expect(mocks.call).toHaveBeenCalledTimes(1);
  expect(firstCallUnshown(endpointKey('learn/detail', PARAMS))).toBe(false);
});

it('a first read that failed before its screen was drawn is shown once; drawn again later, it is asked again', async () => {
  mocks.call.mockImplementation(() => Promise.reject(new Error('参数错误')));
  await sendFirstCalls([{ endpoint: 'learn/detail', params: PARAMS }]);
  draw(<Screen />);
  expect(await shown()).toBe('加载失败');
  expect(mocks.call).toHaveBeenCalledTimes(1);
  // The user leaves and comes back: a failed read is asked again, as any is.
  await act(async () => root!.unmount());
  draw(<Screen />);
  await new Promise((resolve) => setTimeout(resolve, 50));
  expect(mocks.call).toHaveBeenCalledTimes(2);
});

it('a first read answered is taken up by the screen without asking again', async () => {
  mocks.call.mockResolvedValue({ childrens: [] });
  void sendFirstCalls([{ endpoint: 'learn/detail', params: PARAMS }]);
  draw(<Screen />);
  expect(await shown()).toBe('已加载');
  expect(mocks.call).toHaveBeenCalledTimes(1);
});
