import { useSyncExternalStore } from 'react';
import { api } from '../../engine';
import { emitRefresh } from '../../renderers/shared/actions';

export interface UnreadCounts {
  chat: number;
  notice: number;
}

interface CountsReply {
  list: { key: string; unread: number }[];
}

let counts: UnreadCounts = { chat: 0, notice: 0 };
const listeners = new Set<() => void>();

/** Unread teacher messages and notifications, shared by the header badge and the dialog. */
export const unread = {
  get: () => counts,
  subscribe(listener: () => void) {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
  /** Reloads the counts; answers the previous ones so callers can tell what changed. */
  async refresh(): Promise<{ before: UnreadCounts; after: UnreadCounts }> {
    const before = counts;
    const data = await api.call<CountsReply>('message/get_class', {}, { silent: true, revalidate: true });
    const of = (key: string) => Number(data.list.find((c) => c.key === key)?.unread ?? 0);
    counts = { chat: of('chat'), notice: of('notice') };
    if (counts.chat !== before.chat || counts.notice !== before.notice) {
      listeners.forEach((l) => l());
      emitRefresh('message/get_class');
    }
    // Lists on the page that show these (notifications, the teacher list's last message) load again.
    if (counts.notice !== before.notice) emitRefresh('message/get_list');
    if (counts.chat !== before.chat) emitRefresh('answer/getteacher');
    return { before, after: counts };
  },
  reset() {
    counts = { chat: 0, notice: 0 };
    listeners.forEach((l) => l());
  },
};

export function useUnread(): UnreadCounts {
  return useSyncExternalStore(unread.subscribe, unread.get);
}
