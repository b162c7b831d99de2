// @vitest-environment jsdom
import './setup-dom';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import TabsRenderer from '../../src/renderers/tabs';
import type { TabsProps } from '../../src/renderers/tabs/schema.gen';
import { renderWithProviders } from './renderer-harness';

// The engine's renderScreen as the tabs see it: the site has the profile and change-password screens only.
const SITE_SCREENS = new Set(['profile', 'change-password']);
const renderScreen = (id: string) => (SITE_SCREENS.has(id) ? <div data-testid="embedded">{id}</div> : null);

const props: TabsProps = {
  tabs: [
    { key: 'info', label: '个人信息', screen: 'profile' },
    { key: 'favorites', label: '我的收藏', screen: 'favorites' },
    { key: 'password', label: '修改密码', screen: 'change-password' },
  ],
};
const render = (route: string) => renderWithProviders(<TabsRenderer screen={{ id: 'my-info', route: '/ucenter/myInfo', type: 'tabs' }} props={props} renderScreen={renderScreen} />, route);

describe('tabs renderer (personal centre)', () => {
  it('embeds the first tab\'s screen by id, through the engine\'s renderScreen, when no tab is chosen', () => {
    render('/ucenter/myInfo');
    expect(screen.getByTestId('embedded').textContent).toBe('profile');
  });

  it('opens the tab named in the query and keeps the choice in the query', async () => {
    render('/ucenter/myInfo?tab=password');
    expect(screen.getByTestId('embedded').textContent).toBe('change-password');
    fireEvent.click(screen.getByTestId('tab-info'));
    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe('/ucenter/myInfo?tab=info'));
    expect(screen.getByTestId('embedded').textContent).toBe('profile');
  });

  it('shows a placeholder for a tab whose screen is not configured', () => {
    render('/ucenter/myInfo?tab=favorites');
    expect(screen.queryByTestId('embedded')).toBeNull();
    expect(screen.getByTestId('tab-placeholder').textContent).toBe('该功能暂未开放');
  });
});
