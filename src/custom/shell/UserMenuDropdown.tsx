import { Menu } from '@mantine/core';
import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { shellSettings, useSiteConfig } from '../../engine';
import { openChat } from '../chat/events';
import { UnreadBadge } from '../chat/UnreadBadge';
import { logout, UserButton } from './UserMenu';

// The theme drawer loads the first time it is opened.
const ThemeDrawer = lazy(() => import('./ThemeDrawer').then((m) => ({ default: m.ThemeDrawer })));

/**
 * The user menu's dropdown (Mantine's Menu and its floating-element code), loaded when the pointer or focus first
 * reaches the header's user button (src/custom/shell/UserMenu.tsx), which it then replaces.
 */
export function UserMenuDropdown({ openAtOnce, focusAtOnce }: { openAtOnce: boolean; focusAtOnce: boolean }) {
  const config = useSiteConfig()!;
  const navigate = useNavigate();
  const [themeOpen, setThemeOpen] = useState(false);
  const button = useRef<HTMLButtonElement>(null);
  // The button replaced the one drawn before this code loaded: keep the keyboard user's place.
  useEffect(() => {
    if (focusAtOnce) button.current?.focus();
  }, [focusAtOnce]);
  // An operator can switch the theme drawer off per school (features.themes: false).
  const items = (shellSettings(config).userMenu ?? []).filter((item) => item.action !== 'theme' || config.features.themes !== false);

  return (
    <>
      <Menu position="bottom-end" width={180} shadow="md" defaultOpened={openAtOnce}>
        <Menu.Target>
          <UserButton ref={button} />
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
