// @vitest-environment jsdom
import './setup-dom';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { readFileSync } from 'node:fs';
import { parse } from 'yaml';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import RecentStudy from '../../src/custom/recent-study/RecentStudy';
import type { RecentStudyProps } from '../../src/custom/recent-study/schema.gen';
import { renderWithProviders } from './renderer-harness';

const mocks = vi.hoisted(() => ({ call: vi.fn() }));
vi.mock('../../src/renderers/shared/engine', async () =>
  (await import('./renderer-harness')).fakeEngine({ api: { call: mocks.call } }),
);

// The shipped screen, so the test covers what operators ship.
const screenFile = parse(readFileSync('config/screens/recent-study.yaml', 'utf8'));
const props = screenFile.props as RecentStudyProps;
const SCREEN = { id: 'recent-study', route: screenFile.route, type: 'recent-study', title: screenFile.title };

const COURSES = [
  { learn_id: 5, name: '根管预备', thum: '', parent_name: '根管治疗虚拟仿真训练', last_time: '2026-08-30 10:00:00', attempts: 3, last_score: 92, best_score: 95 },
  { learn_id: 9, name: '静脉输液技术', thum: '', parent_name: null, last_time: '2026-08-29 09:00:00', attempts: 0, last_score: null, best_score: null },
];

beforeEach(() => mocks.call.mockReset());

describe('最近学习 (recent-study)', () => {
  it('asks learn/recent for the signed-in student and shows each course with its latest score and 继续学习', async () => {
    mocks.call.mockResolvedValue({ list: COURSES });
    renderWithProviders(<RecentStudy screen={SCREEN} props={props} embedded />);
    await waitFor(() => expect(screen.getAllByTestId('recent-course')).toHaveLength(2));
    expect(mocks.call.mock.calls[0].slice(0, 2)).toEqual(['learn/recent', { user_id: 7, limit: 4 }]);
    const [scored, started] = screen.getAllByTestId('recent-course');
    expect(scored.textContent).toContain('最近成绩 92分');
    expect(scored.textContent).toContain('练习 3 次');
    expect(scored.textContent).toContain('根管治疗虚拟仿真训练');
    expect(within(scored).getByRole('link', { name: '继续学习：根管预备' }).getAttribute('href')).toBe('/courses/5/details-introduce');
    expect(started.textContent).toContain('已开始学习，暂无成绩');
    expect(screen.getByRole('link', { name: '全部成绩' }).getAttribute('href')).toBe('/ucenter/practices');
  });

  it('takes no room inside another screen while the student has studied nothing, and says so on its own page', async () => {
    mocks.call.mockResolvedValue({ list: [] });
    const { unmount } = renderWithProviders(<RecentStudy screen={SCREEN} props={props} embedded />);
    await waitFor(() => expect(mocks.call).toHaveBeenCalled());
    await new Promise((r) => setTimeout(r, 20));
    expect(screen.queryByTestId('recent-study')).toBeNull();
    unmount();
    renderWithProviders(<RecentStudy screen={SCREEN} props={props} />);
    await waitFor(() => expect(screen.getByText('还没有学习记录，去实训项目开始学习吧')).toBeTruthy());
  });

  it('says a failed load inline with a retry, also when embedded', async () => {
    mocks.call.mockRejectedValueOnce(new Error('服务器暂时无法响应，请稍后重试')).mockResolvedValue({ list: COURSES });
    renderWithProviders(<RecentStudy screen={SCREEN} props={props} embedded />);
    const failed = await screen.findByTestId('load-failed');
    expect(failed.textContent).toContain('最近学习加载失败');
    expect(failed.textContent).toContain('服务器暂时无法响应，请稍后重试');
    fireEvent.click(within(failed).getByRole('button', { name: '重新加载' }));
    await waitFor(() => expect(screen.getAllByTestId('recent-course')).toHaveLength(2));
  });
});
