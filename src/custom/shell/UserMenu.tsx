import { Avatar, Menu } from '@mantine/core';
import { lazy, Suspense, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { api, session, shellSettings, useSession, useSiteConfig } from '../../engine';
import { openChat } from '../chat/events';
import { UnreadBadge, UnreadDot } from '../chat/UnreadBadge';

// The theme drawer loads the first time it is opened.
const ThemeDrawer = lazy(() => import('./ThemeDrawer').then((m) => ({ default: m.ThemeDrawer })));

/** What the header shows for the user: the real name, else 注册用户 and the mobile number. */
export function displayName(user: { realname?: unknown; mobile?: unknown } | null | undefined): string {
  if (user?.realname) return String(user.realname);
  return `注册用户${user?.mobile ? String(user.mobile) : ''}`;
}

export async function logout(loginPath: string) {
  try {
    await api.call('user/loginout', {}, { silent: true });
  } catch {
    // Already invalid on the server: signing out locally is all that is left to do.
  }
  session.clear(true);
  window.location.hash = `#${loginPath}`;
  window.location.reload();
}

export function UserMenu() {
  const config = useSiteConfig()!;
  const user = useSession()?.user;
  const navigate = useNavigate();
  const [themeOpen, setThemeOpen] = useState(false);
  // An operator can switch the theme drawer off per school (features.themes: false).
  const items = (shellSettings(config).userMenu ?? []).filter((item) => item.action !== 'theme' || config.features.themes !== false);

  return (
    <>
      <Menu position="bottom-end" width={180} shadow="md">
        <Menu.Target>
          <button type="button" className="app-header__user" data-testid="user-menu">
            <Avatar src={user?.head_img ? String(user.head_img) : null} size={32} radius="xl" alt="" />
            <span data-testid="user-name">{user ? displayName(user) : '…'}</span>
            <UnreadDot />
          </button>
        </Menu.Target>
        <Menu.Dropdown>
          {items.map((item) => {
            const missing = item.screen !== undefined && !config.screens[item.screen];
            const onClick = () => {
              if (item.action === 'theme') setThemeOpen(true);
              else if (item.action === 'logout') void logout(shellSettings(config).loginPath);
              else if (item.action === 'messages') openChat();
              else if (item.path) navigate(item.path);
            };
            return (
              <Menu.Item key={item.label} disabled={missing} onClick={onClick} title={missing ? '即将开放' : undefined}
                rightSection={item.action === 'messages' ? <UnreadBadge /> : undefined}>
                {item.label}
              </Menu.Item>
            );
          })}
        </Menu.Dropdown>
      </Menu>
      {themeOpen && (
        <Suspense fallback={null}>
          <ThemeDrawer opened onClose={() => setThemeOpen(false)} />
        </Suspense>
      )}
    </>
  );
}
