import { Avatar } from '@mantine/core';
import { forwardRef, useCallback, useRef, useState, type ComponentPropsWithoutRef, type ComponentType } from 'react';
import { api, session, useSession } from '../../engine';
import { UnreadDot } from '../chat/UnreadBadge';

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

/** The header's user button: avatar, name and the unread dot (Menu.Target passes its props and ref through). */
export const UserButton = forwardRef<HTMLButtonElement, ComponentPropsWithoutRef<'button'>>(function UserButton({ className, ...props }, ref) {
  const user = useSession()?.user;
  return (
    <button type="button" className={className ? `app-header__user ${className}` : 'app-header__user'} data-testid="user-menu" {...props} ref={ref}>
      <Avatar src={user?.head_img ? String(user.head_img) : null} size={32} radius="xl" alt="" />
      <span data-testid="user-name">{user ? displayName(user) : '…'}</span>
      <UnreadDot />
    </button>
  );
});

type Dropdown = ComponentType<{ openAtOnce: boolean; focusAtOnce: boolean }>;
let loading: Promise<Dropdown> | undefined;
const loadDropdown = () => (loading ??= import('./UserMenuDropdown').then((m) => m.UserMenuDropdown, (err: unknown) => {
  loading = undefined; // the next pointer or focus tries again
  throw err;
}));

/**
 * The user menu. Its dropdown (Mantine's Menu with the floating-element code, ~45 KB) is not needed for a page's
 * first content: the button is drawn at once and the dropdown's code loads when the pointer or focus reaches it (not
 * on idle: a list still waiting for its data leaves the browser idle, and the code would then load before the list's
 * content); a click before it has arrived opens the menu when it does.
 */
export function UserMenu() {
  const [loaded, setLoaded] = useState<{ Dropdown: Dropdown; focus: boolean } | null>(null);
  const [openAtOnce, setOpenAtOnce] = useState(false);
  const button = useRef<HTMLButtonElement>(null);
  const load = useCallback(() => {
    void loadDropdown().then((Dropdown) => {
      const focus = button.current !== null && document.activeElement === button.current;
      setLoaded((was) => was ?? { Dropdown, focus });
    }, () => undefined);
  }, []);
  if (loaded) return <loaded.Dropdown openAtOnce={openAtOnce} focusAtOnce={loaded.focus} />;
  return (
    <UserButton ref={button} aria-haspopup="menu" aria-expanded={false} onPointerEnter={load} onFocus={load}
      onClick={() => { setOpenAtOnce(true); load(); }} />
  );
}
