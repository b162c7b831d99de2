import { useSyncExternalStore } from 'react';
import type { UserProfile } from '../../shared/config-types';
import { readCookie, removeCookie, writeCookie } from './cookies';

/**
 * Who is signed in. The token and the other login key/value pairs are cookies (the server reads `token`);
 * the user profile is kept in memory, saved to sessionStorage when the page unloads and restored on load.
 */
export type UserInfo = UserProfile;

export interface Session {
  token: string;
  user: UserInfo | null;
}

const STORAGE_KEY = 'vsim.user';
const LOGIN_KEYS_COOKIE = 'login_keys';

let user: UserInfo | null = null;
/** The last session was ended by its user (sign-out, password change), not by expiry: no redirect back is kept. */
let endedByUser = false;
let snapshot: Session | null = null;
const listeners = new Set<() => void>();

function emit() {
  const token = readCookie('token');
  snapshot = token ? { token, user } : null;
  listeners.forEach((l) => l());
}

export const session = {
  token: () => readCookie('token'),
  user: () => user,
  endedByUser: () => endedByUser,

  /** Stores every key/value of a login reply as a cookie, as the spec requires. */
  signIn(data: Record<string, unknown>) {
    const keys = Object.keys(data);
    for (const key of keys) writeCookie(key, String(data[key] ?? ''));
    writeCookie(LOGIN_KEYS_COOKIE, keys.join(','));
    endedByUser = false;
    emit();
  },

  setUser(info: UserInfo | null) {
    user = info;
    emit();
  },

  /**
   * Removes the token and every other login cookie, and forgets the user. `byUser`: the account signed out (or changed
   * its password) itself, so the page it was on sends it to the login page without a redirect back there.
   */
  clear(byUser = false) {
    endedByUser = byUser;
    const keys = (readCookie(LOGIN_KEYS_COOKIE) ?? 'token').split(',');
    for (const key of new Set([...keys, 'token', LOGIN_KEYS_COOKIE])) removeCookie(key);
    user = null;
    sessionStorage.removeItem(STORAGE_KEY);
    emit();
  },

  /** Restores the saved profile (if the token is still there) and saves it again when the page unloads. */
  restore() {
    const saved = sessionStorage.getItem(STORAGE_KEY);
    if (saved && readCookie('token')) {
      try {
        user = JSON.parse(saved) as UserInfo;
      } catch {
        user = null;
      }
    }
    window.addEventListener('pagehide', () => {
      if (user && readCookie('token')) sessionStorage.setItem(STORAGE_KEY, JSON.stringify(user));
    });
    emit();
  },

  subscribe(listener: () => void) {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
};

/** The current session (token + user), re-rendering on sign-in, profile load and sign-out. */
export function useSession(): Session | null {
  return useSyncExternalStore(session.subscribe, () => snapshot, () => null);
}
