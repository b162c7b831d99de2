// @vitest-environment jsdom
import './setup-dom';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import TabsRenderer from '../../src/renderers/tabs';
import type { TabsProps } from '../../src/renderers/tabs/schema.gen';
import { renderWithProviders } from './renderer-harness';

vi.mock('../../src/renderers/shared/engine', () => ({
  useSiteConfig: () => ({ screens: { profile: { id: 'profile', route: '/ucenter/profile', type: 'profile-info' }, 'change-password': { id: 'change-password', route: '/ucenter/changePassword', type: 'form' } } }),
  ScreenView: ({ screen: s, embedded }: { screen: { id: string }; embedded?: boolean }) => <div data-testid="embedded">{`${s.id}:${embedded ? 'embedded' : 'page'}`}</div>,
}));

const props: TabsProps = {
  tabs: [
    { key: 'info', label: '个人信息', screen: 'profile' },
    { key: 'favorites', label: '我的收藏', screen: 'favorites' },
    { key: 'password', label: '修改密码', screen: 'change-password' },
  ],
};
const render = (route: string) => renderWithProviders(<TabsRenderer screen={{ id: 'my-info', route: '/ucenter/myInfo', type: 'tabs' }} props={props} />, route);

describe('tabs renderer (personal centre)', () => {
  it('embeds the first tab\'s screen by id when no tab is chosen', () => {
    render('/ucenter/myInfo');
    expect(screen.getByTestId('embedded').textContent).toBe('profile:embedded');
  });

  it('opens the tab named in the query and keeps the choice in the query', async () => {
    render('/ucenter/myInfo?tab=password');
    expect(screen.getByTestId('embedded').textContent).toBe('change-password:embedded');
    fireEvent.click(screen.getByTestId('tab-info'));
    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe('/ucenter/myInfo?tab=info'));
    expect(screen.getByTestId('embedded').textContent).toBe('profile:embedded');
  });

  it('shows a placeholder for a tab whose screen is not configured', () => {
    render('/ucenter/myInfo?tab=favorites');
    expect(screen.queryByTestId('embedded')).toBeNull();
    expect(screen.getByTestId('tab-placeholder').textContent).toBe('该功能暂未开放');
  });
});
