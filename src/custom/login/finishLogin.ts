import type { UiSchema } from '@rjsf/utils';
import { api, notify, reloadSiteConfig, session, type UserInfo } from '../../engine';
import { loginWidgets } from './widgets';

/** Texts of the class-state notices (YAML `classNotices`); `{date}` is replaced with the class's date. */
export interface ClassNoticeTexts {
  probation?: string;
  expired?: string;
  pending?: string;
  rejected?: string;
}

/** The user whose class notices this page load has shown: a login and the shell's profile load both ask. */
let noticesShownFor: number | null = null;

/** Persistent notices for a class on trial, an expired trial, and a class application pending or rejected. */
export function showClassNotices(user: UserInfo | null, texts: ClassNoticeTexts | undefined): void {
  if (!user || !texts || noticesShownFor === user.id) return;
  noticesShownFor = user.id;
  const klass = user.class as { probation_status?: number; probation_date?: string | null } | null | undefined;
  const date = String(klass?.probation_date ?? '').slice(0, 10);
  const fill = (t?: string) => t && notify.warn(t.replace('{date}', date), { persistent: true });
  if (user.type === 4) fill(texts.pending);
  if (user.type === 5) fill(texts.rejected);
  if (klass?.probation_status === 2 || (klass?.probation_status === 1 && date && date < new Date().toISOString().slice(0, 10))) fill(texts.expired);
  else if (klass?.probation_status === 1) fill(texts.probation);
}

/** After any kind of login: store the reply as cookies, load the profile and the user's school configuration. */
export async function finishLogin(reply: Record<string, unknown>, notices?: ClassNoticeTexts): Promise<UserInfo | null> {
  session.signIn(reply);
  const user = await api.call<UserInfo>('user/get_info').catch(() => null);
  session.setUser(user);
  await reloadSiteConfig();
  showClassNotices(user, notices);
  return user;
}

/** YAML names widgets by string ('ui:widget': captcha); this swaps in the login widgets, leaving rjsf's own names alone. */
export function withWidgets(uiSchema: UiSchema | undefined): UiSchema {
  const out: UiSchema = {};
  for (const [key, value] of Object.entries(uiSchema ?? {})) {
    const widget = (value as Record<string, unknown> | undefined)?.['ui:widget'];
    out[key] = typeof widget === 'string' && widget in loginWidgets ? { ...(value as object), 'ui:widget': loginWidgets[widget as keyof typeof loginWidgets] } : value;
  }
  return out;
}
