import { loadProfile, reloadSiteConfig, session, type UserInfo } from '../../engine';

/** After any kind of login: store the reply as cookies, load the profile and the user's school configuration. */
export async function finishLogin(reply: Record<string, unknown>): Promise<UserInfo | null> {
  session.signIn(reply);
  const user = await loadProfile();
  await reloadSiteConfig();
  return user;
}
