import { api } from '../../engine';
import type { LandingApp } from './schema.gen';

/** The external 3D app's address: user id, API base URL, code and the constant, joined by '+' (spec §4). */
export function appAddress(appUrl: string, parts: { userId: number; apiBase: string; code: string; constant: number | string }): string {
  const joined = [parts.userId, parts.apiBase, parts.code, parts.constant].join('+');
  return `${appUrl}${appUrl.includes('?') ? '&' : '?'}${joined}`;
}

/** The API base URL the 3D app calls back, e.g. `https://demo.example.edu.cn/api/`. */
export function apiBaseUrl(location: Pick<Location, 'origin' | 'pathname'>): string {
  return `${location.origin}${location.pathname.replace(/[^/]*$/, '')}api/`;
}

/** Ticket -> user id -> session code -> the whole window goes to the 3D app. Failures were toasted by the api client. */
export async function enterWithTicket(ticket: string, app: LandingApp, go: (url: string) => void): Promise<void> {
  const { user_id } = await api.call<{ user_id: number }>('landing/ticket', { ticket });
  await enterAs(user_id, app, go);
}

export async function enterAs(userId: number, app: LandingApp, go: (url: string) => void): Promise<void> {
  const code = await api.call<string>('landing/code', { user_id: userId });
  go(appAddress(app.url, { userId, apiBase: apiBaseUrl(window.location), code, constant: app.constant }));
}
