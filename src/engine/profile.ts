import { api } from './api';
import { endpointKey, queryClient } from './query';
import { session, type UserInfo } from './session';

const PROFILE = 'user/get_info';

/**
 * The signed-in user's profile as a query of the cache: its answer becomes the session's profile, and everyone asking
 * while it loads (the shell noticing a token without a profile, the login flow, the personal-info page) shares one
 * request. Never taken from the cache as current: each ask reads the server.
 */
export const profileQuery = {
  queryKey: endpointKey(PROFILE, {}),
  queryFn: async (): Promise<UserInfo> => {
    const user = await api.call<UserInfo>(PROFILE);
    session.setUser(user);
    return user;
  },
  staleTime: 0,
};

/** Loads the profile into the session; null when it could not be loaded (the api client has told the user why). */
export function loadProfile(): Promise<UserInfo | null> {
  return queryClient.fetchQuery(profileQuery).catch(() => null);
}
