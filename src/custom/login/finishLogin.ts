import type { UiSchema } from '@rjsf/utils';
import { loadProfile, reloadSiteConfig, session, type UserInfo } from '../../engine';
import { loginWidgets } from './widgets';

/** After any kind of login: store the reply as cookies, load the profile and the user's school configuration. */
export async function finishLogin(reply: Record<string, unknown>): Promise<UserInfo | null> {
  session.signIn(reply);
  const user = await loadProfile();
  await reloadSiteConfig();
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
