// @vitest-environment jsdom
// The signed-in profile through the query cache (src/engine/profile.ts): everyone asking while it loads shares one
// request, and 个人信息 says a failed load inline with 重新加载 instead of a blank page.
import './setup-dom';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { parse } from 'yaml';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import ProfileInfo from '../../src/custom/profile/ProfileInfo';
import type { ProfileInfoProps } from '../../src/custom/profile/schema.gen';
import { loadProfile } from '../../src/engine/profile';
import { queryClient } from '../../src/engine/query';
import { session } from '../../src/engine/session';
import { renderWithProviders } from './renderer-harness';

const mocks = vi.hoisted(() => ({ call: vi.fn() }));
vi.mock('../../src/engine/api', async (original) => ({ ...(await original<object>()), api: { call: mocks.call } }));

const props = (parse(readFileSync(join(import.meta.dirname, '../../config/screens/profile.yaml'), 'utf8')) as { props: ProfileInfoProps }).props;
const STUDENT = { id: 7, username: 'stu00007', realname: '张三', school_name: '华康医科大学', class_name: '口腔医学2023级1班', type: 1 };
const profileCalls = () => mocks.call.mock.calls.filter(([name]) => name === 'user/get_info').length;

describe('the signed-in profile', () => {
  beforeEach(() => {
    document.cookie = 'token=tok; path=/';
    session.setUser(null);
    queryClient.clear();
    mocks.call.mockReset();
  });
  afterEach(() => {
    document.cookie = 'token=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/';
  });

  it('is asked once however many parts ask while it loads, and becomes the session profile', async () => {
    let answer!: (user: typeof STUDENT) => void;
    mocks.call.mockImplementation(() => new Promise((resolve) => (answer = resolve)));
    const both = Promise.all([loadProfile(), loadProfile()]);
    answer(STUDENT);
    expect(await both).toEqual([STUDENT, STUDENT]);
    expect(profileCalls()).toBe(1);
    expect(session.user()).toEqual(STUDENT);
    // Asked again later, it reads the server again (never a cached copy of another moment).
    mocks.call.mockResolvedValue({ ...STUDENT, realname: '张三丰' });
    await loadProfile();
    expect(profileCalls()).toBe(2);
    expect(session.user()?.realname).toBe('张三丰');
  });

  it('个人信息 says a failed load with 重新加载, and shows the profile once it loads', async () => {
    mocks.call.mockRejectedValueOnce(new Error('网络连接失败，请检查网络后重试')).mockResolvedValue(STUDENT);
    renderWithProviders(<ProfileInfo screen={{ title: '个人信息' } as never} props={props} renderScreen={() => null} />);
    await screen.findByText('网络连接失败，请检查网络后重试');
    fireEvent.click(screen.getByRole('button', { name: '重新加载' }));
    await waitFor(() => expect(screen.getByTestId('fact-school_name').textContent).toContain('华康医科大学'));
    expect(profileCalls()).toBe(2);
  });
});
