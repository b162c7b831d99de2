import { useQuery } from '@tanstack/react-query';
import { api, endpointKey, invalidateEndpoints, useSession, useSiteConfig } from '../../engine';
import { chatSettings } from './settings';

export interface UnreadCounts {
  chat: number;
  notice: number;
}

interface CountsReply {
  list: { key: string; unread: number }[];
}

/** The chat's own counter call; lists that show what it counts follow it by YAML (`source.reloadOn`), not by name here. */
export const UNREAD_ENDPOINT = 'message/get_class';
const NONE: UnreadCounts = { chat: 0, notice: 0 };

function countsOf(data: CountsReply): UnreadCounts {
  const of = (key: string) => Number(data.list.find((c) => c.key === key)?.unread ?? 0);
  return { chat: of('chat'), notice: of('notice') };
}

/**
 * Unread teacher messages and notifications, one cached answer shared by the header badge, the dialog and the
 * 消息中心 list. With `poll` (the shell's dialog, mounted once) it is read again every `polling.unread` ms while the tab
 * is visible (with the ETag, so an unchanged answer costs a 304). `null` until the first answer.
 */
export function useUnreadCounts(poll = false): UnreadCounts | null {
  const signedIn = Boolean(useSession()?.token);
  const { unreadPollMs } = chatSettings(useSiteConfig());
  const query = useQuery({
    queryKey: endpointKey(UNREAD_ENDPOINT, {}),
    queryFn: () => api.call<CountsReply>(UNREAD_ENDPOINT, {}, { silent: true, revalidate: true }),
    enabled: signedIn,
    refetchInterval: poll ? unreadPollMs : false,
    refetchIntervalInBackground: false,
    select: countsOf,
  });
  if (!signedIn) return NONE;
  return query.data ?? null;
}

export function useUnread(): UnreadCounts {
  return useUnreadCounts() ?? NONE;
}

/** After the chat changed what is unread (read or deleted a conversation), with what the action declared it changes. */
export function refreshUnread(also: readonly string[] = []): Promise<void> {
  return invalidateEndpoints([...also, UNREAD_ENDPOINT]);
}
