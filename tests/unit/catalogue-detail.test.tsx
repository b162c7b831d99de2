// @vitest-environment jsdom
import './setup-dom';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { readFileSync } from 'node:fs';
import { parse } from 'yaml';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import DetailRenderer from '../../src/renderers/detail';
import { briefText } from '../../src/renderers/detail/brief';
import type { DetailProps } from '../../src/renderers/detail/schema.gen';
import { renderWithProviders } from './renderer-harness';

const mocks = vi.hoisted(() => ({ call: vi.fn(), error: vi.fn(), features: {} as Record<string, unknown> }));
vi.mock('../../src/renderers/shared/engine', async () => {
  const { fakeEngine, SITE } = await import('./renderer-harness');
  return fakeEngine({
    api: { call: mocks.call },
    useSiteConfig: () => ({ ...SITE, features: mocks.features, app: { loginPath: '/login' } }),
    notify: { error: mocks.error, success: vi.fn(), info: vi.fn(), warn: vi.fn() },
    session: { token: () => 'token' },
    shellSettings: (c: { app: unknown }) => c.app,
  });
});

// The real screen file, so the test covers what operators ship.
const props = parse(readFileSync('config/screens/course-detail.yaml', 'utf8')).props as DetailProps;
const INTRO = '本项目以根管治疗为训练内容，基于真实临床病例构建三维虚拟场景，学生可在虚拟环境中反复练习。';
const COURSE = {
  id: 4, name: '根管治疗虚拟仿真训练', thum: '/t.svg', times: 30, user_count: 12345, change_time: '2026-06-20 10:00:00', introduce: INTRO,
  details: [{ title: '项目简介', content: '<p>简介<img src="x" onerror="alert(1)"></p><script>window.bad=1</script>' }],
  files: [{ type: 'image', path: '/a.svg', title: 'A', cover: '' }, { type: 'video', path: '/v.webm', title: 'V', cover: '/a.svg' }],
  resources: [{ title: '实训指导书', path: '/missing.txt' }],
  is_favorite: 0, blocked: null, notice: null,
};

beforeEach(() => {
  mocks.call.mockReset();
  mocks.error.mockReset();
  mocks.features = {};
  mocks.call.mockImplementation(async (name: string, params: Record<string, unknown>) => {
    if (name === 'learn/detail') return COURSE;
    if (name === 'learn/favorite') return { learn_id: params.learn_id, is_favorite: Number(params.favorite) };
    throw new Error(`unexpected ${name}`);
  });
});

describe('course detail (config/screens/course-detail.yaml)', () => {
  it('cuts a brief longer than 20 characters to 35 plus an ellipsis, and keeps a short one', () => {
    expect(briefText('a'.repeat(21), 20, 35)).toBe(`${'a'.repeat(21)}...`);
    expect(briefText(INTRO, 20, 35)).toBe(`${[...INTRO].slice(0, 35).join('')}...`);
    expect(briefText('短简介', 20, 35)).toBe('短简介');
  });

  it('shows title, facts, the brief rule, the GPU tip and sanitised sections', async () => {
    renderWithProviders(<DetailRenderer screen={{ id: 'course-detail', route: '/x', type: 'detail' }} props={props} />);
    await screen.findByText(COURSE.name);
    expect(screen.getByTestId('detail-brief').textContent).toBe(briefText(INTRO, 20, 35));
    expect(screen.getByText(/1万\+/)).toBeTruthy();
    expect(screen.getByTestId('detail-tip').textContent).toContain('独立显卡');
    const tabs = screen.getByTestId('detail-tabs');
    expect(within(tabs).getByText('简介')).toBeTruthy();
    expect(tabs.innerHTML).not.toContain('onerror');
    expect(tabs.innerHTML).not.toContain('<script');
    expect(screen.queryByRole('button', { name: '答疑中心' })).toBeNull();
  });

  it('shows the Q&A-centre button only where the school switches features.qaCentre on', async () => {
    mocks.features = { qaCentre: true };
    renderWithProviders(<DetailRenderer screen={{ id: 'course-detail', route: '/x', type: 'detail' }} props={props} />);
    expect(await screen.findByRole('button', { name: '答疑中心' })).toBeTruthy();
    const school = parse(readFileSync('config/schools/100045.yaml', 'utf8'));
    expect(school.features.qaCentre).toBe(true);
  });

  it('toggles the favourite through learn/favorite', async () => {
    renderWithProviders(<DetailRenderer screen={{ id: 'course-detail', route: '/x', type: 'detail' }} props={props} />);
    fireEvent.click(await screen.findByRole('button', { name: '收藏' }));
    await screen.findByRole('button', { name: '已收藏' });
    expect(mocks.call).toHaveBeenCalledWith('learn/favorite', { learn_id: 4, favorite: 1 });
    fireEvent.click(screen.getByRole('button', { name: '已收藏' }));
    await screen.findByRole('button', { name: '收藏' });
    expect(mocks.call).toHaveBeenLastCalledWith('learn/favorite', { learn_id: 4, favorite: 0 });
  });

  it("says 'file download failed' when a resource cannot be fetched", async () => {
    vi.stubGlobal('fetch', vi.fn(async () => new Response('gone', { status: 404 })));
    renderWithProviders(<DetailRenderer screen={{ id: 'course-detail', route: '/x', type: 'detail' }} props={props} />);
    fireEvent.click(await screen.findByRole('button', { name: '下载资源' }));
    fireEvent.click(await screen.findByRole('button', { name: '下载' }));
    await waitFor(() => expect(mocks.error).toHaveBeenCalledWith('文件下载失败'));
    vi.unstubAllGlobals();
  });

  it('refuses to launch for a blocked class with the server message, without any call', async () => {
    mocks.call.mockImplementation(async () => ({ ...COURSE, blocked: '您的班级信息正在审核中，该功能暂不可用，请联系老师' }));
    const open = vi.spyOn(window, 'open').mockImplementation(() => null);
    renderWithProviders(<DetailRenderer screen={{ id: 'course-detail', route: '/x', type: 'detail' }} props={props} />);
    expect((await screen.findByTestId('alert-blocked')).textContent).toContain('审核中');
    fireEvent.click(screen.getByRole('button', { name: '开始学习' }));
    expect(mocks.error).toHaveBeenCalledWith('您的班级信息正在审核中，该功能暂不可用，请联系老师');
    expect(open).not.toHaveBeenCalled();
    expect(mocks.call).toHaveBeenCalledTimes(1);
  });
});
