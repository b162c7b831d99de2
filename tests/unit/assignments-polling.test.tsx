// @vitest-environment jsdom
import './setup-dom';
import { MantineProvider } from '@mantine/core';
import { render } from '@testing-library/react';
import { parse } from 'yaml';
import { readFileSync } from 'node:fs';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { NewWorkPolling } from '../../src/custom/polling';
import { QueryProvider } from './renderer-harness';

const mocks = vi.hoisted(() => ({ call: vi.fn(), warn: vi.fn(), token: 'tok' as string | null }));
// The shipped app.yaml, so the test covers the interval and messages operators ship.
const app = parse(readFileSync('config/app.yaml', 'utf8'));
vi.mock('../../src/engine', async () => ({
  endpointKey: (await import('../../src/engine/query')).endpointKey,
  api: { call: mocks.call },
  notify: { warn: mocks.warn },
  useSession: () => (mocks.token ? { token: mocks.token, user: null } : null),
  useSiteConfig: () => ({ app }),
}));

const totals = { homework: 3, exam: 1 };
const reply = (endpoint: string) => Promise.resolve({ list: { total: endpoint === 'assign/gettasklist' ? totals.homework : totals.exam } });
const flush = async () => {
  for (let i = 0; i < 5; i++) await Promise.resolve();
};

describe('new-work polling (shell §4)', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    mocks.call.mockReset().mockImplementation(reply);
    mocks.warn.mockReset();
    mocks.token = 'tok';
    totals.homework = 3;
    totals.exam = 1;
  });
  afterEach(() => vi.useRealTimers());

  it('reads both totals at once and every 60 s, and warns persistently when one grows', async () => {
    expect(app.polling.newWork.interval).toBe(60000);
    render(<QueryProvider><NewWorkPolling /></QueryProvider>);
    await flush();
    expect(mocks.call.mock.calls.map((c) => c[0])).toEqual(['assign/gettasklist', 'assign/getexamlist']);
    expect(mocks.call.mock.calls[0][1]).toEqual({});
    // conditional requests: an unchanged list costs the server one query and no body (304)
    expect(mocks.call.mock.calls[0][2]).toMatchObject({ silent: true, revalidate: true });
    await vi.advanceTimersByTimeAsync(59000);
    expect(mocks.call).toHaveBeenCalledTimes(2);
    totals.exam = 2;
    await vi.advanceTimersByTimeAsync(1000);
    expect(mocks.call).toHaveBeenCalledTimes(4);
    expect(mocks.warn).toHaveBeenCalledTimes(1);
    const [message, opts] = mocks.warn.mock.calls[0];
    expect(opts).toMatchObject({ persistent: true });
    const { getByTestId } = render(<MantineProvider>{message}</MantineProvider>);
    expect(getByTestId('new-work-alert').textContent).toBe('有新的考试信息! 去查看');
    expect(getByTestId('new-work-alert').querySelector('a')?.getAttribute('href')).toBe('#/ucenter/grades');
  });

  it('stops both polls silently when a read fails', async () => {
    render(<QueryProvider><NewWorkPolling /></QueryProvider>);
    await flush();
    mocks.call.mockImplementation(() => Promise.reject(new Error('code 0')));
    await vi.advanceTimersByTimeAsync(60000);
    const calls = mocks.call.mock.calls.length;
    await vi.advanceTimersByTimeAsync(180000);
    expect(mocks.call.mock.calls.length).toBe(calls);
    expect(mocks.warn).not.toHaveBeenCalled();
  });

  it('does not poll without a token', async () => {
    mocks.token = null;
    render(<QueryProvider><NewWorkPolling /></QueryProvider>);
    await vi.advanceTimersByTimeAsync(120000);
    expect(mocks.call).not.toHaveBeenCalled();
  });
});
