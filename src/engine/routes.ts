// Which screen an address shows and whether this session may see it: plain functions of the address, the
// configuration and the session, no React. The entry's first download carries them (firstCalls.ts names the first
// page's reads before the application's code has loaded); router.tsx draws with them.
import { matchPath } from 'react-router-dom';
import { screenTrail } from '../../shared/screen-trail';
import { shellSettings } from './config';
import { session, type UserInfo } from './session';
import type { ScreenConfig, SiteConfig } from './types';

/**
 * `/login?redirect=<full path>` for a visitor without a token. A visitor already on the login page keeps the address
 * it has: several calls failing with 401 at once must not turn the redirect into the login page itself. An account
 * that ended its own session (sign-out, password change) gets the bare login page: its next login goes home.
 */
export function loginRedirect(loginPath: string, location: { pathname: string; search: string }): string {
  if (location.pathname === loginPath) return `${loginPath}${location.search}`;
  if (session.endedByUser()) return loginPath;
  return `${loginPath}?redirect=${encodeURIComponent(location.pathname + location.search)}`;
}

/** Where a login goes next: the redirect it was given when that is a path of this site other than the login page. */
export function afterLoginPath(redirect: string | null, loginPath: string, home: string): string {
  if (!redirect || !redirect.startsWith('/') || redirect.startsWith('//')) return home;
  return redirect.split('?')[0] === loginPath ? home : redirect;
}

/** The hash router's current location, read from the address bar (for code outside React, e.g. a failed call). */
export function hashLocation(): { pathname: string; search: string } {
  const path = window.location.hash.slice(1) || '/';
  const at = path.indexOf('?');
  return at < 0 ? { pathname: path, search: '' } : { pathname: path.slice(0, at), search: path.slice(at) };
}

/**
 * What a screen's guard does for this session: a visitor on a screen that needs login, or a signed-in account of
 * another role (a student opening a teacher page), goes to the login page; a screen for one role waits for the profile
 * (which account this is decides the page: nothing of it shows, and none of its calls go out, until it is in).
 */
export function guardOf(screen: ScreenConfig, token: string | null, user: UserInfo | null | undefined): 'login' | 'wait' | 'show' {
  if ((screen.auth || screen.role) && !token) return 'login';
  if (screen.role && !user) return 'wait';
  if (screen.role && user!.role !== screen.role) return 'login';
  return 'show';
}

/**
 * The change-password page an account must see before `screen` (users.must_change_password: a password an
 * administrator set, by reset or import), or null: the student shell's app.yaml changePasswordPath, or a console
 * layout's own. The server refuses the account's other calls meanwhile.
 */
export function forcedPasswordChange(config: SiteConfig, screen: ScreenConfig | undefined, user: UserInfo | null | undefined): string | null {
  const changePath = changePasswordPathOf(config, screen?.layout);
  const forced = changePath && screen && (screen.auth || screen.role) && screen.route !== changePath && Number(user?.must_change_password) === 1;
  return forced ? changePath : null;
}

/** The change-password page of a layout (`shell` or none: the student shell's). */
export function changePasswordPathOf(config: SiteConfig, layout: string | undefined): string | undefined {
  const shell = shellSettings(config);
  return layout && layout !== 'shell' ? shell.layouts?.[layout]?.changePasswordPath : shell.changePasswordPath;
}

/** The screen drawn at a path (the first whose route matches it). */
export function findScreen(screens: ScreenConfig[], pathname: string): ScreenConfig | undefined {
  return screens.find((s) => matchPath({ path: s.route, end: true }, pathname));
}

/** The routes of the screens the screen at `pathname` sits under (YAML `parent:`): navigation keeps their entries marked. */
export function parentRoutes(config: SiteConfig, pathname: string): string[] {
  const screen = findScreen(Object.values(config.screens), pathname);
  return screen ? screenTrail(config.screens, screen.id).ids.map((id) => config.screens[id].route) : [];
}

/** Phones and tablets get the /result page (the spec does not support mobile browsers). */
export function isMobileBrowser(userAgent: string): boolean {
  return /Android|iPhone|iPad|iPod|Mobile|HarmonyOS|Windows Phone/i.test(userAgent);
}
