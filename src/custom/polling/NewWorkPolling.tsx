import { Anchor, Text } from '@mantine/core';
import { useQueries } from '@tanstack/react-query';
import { useRef } from 'react';
import { api, endpointKey, notify, useSession, useSiteConfig } from '../../engine';

import type { NewWorkSource } from '../../engine/types';

const pick = (data: unknown, path: string): number => Number(path.split('.').reduce<unknown>((v, k) => (v as Record<string, unknown> | undefined)?.[k], data)) || 0;

/**
 * Shell §4 "Polling for new work": with a token, each source's total is read once and then every interval while the
 * tab is visible (query cache polls); a higher total than the last one shows a persistent warning with a link. Any
 * failure stops all polling silently.
 */
export function NewWorkPolling() {
  const config = useSiteConfig();
  const settings = config?.app.polling?.newWork;
  const token = useSession()?.token;
  // The totals seen, per user: they outlive a reload of the site config but not a change of user. Spec: a code other
  // than 200 stops both polls, silently — until another user signs in.
  const state = useRef<{ token?: string; totals: Map<string, number>; stopped: boolean }>({ totals: new Map(), stopped: false });
  if (state.current.token !== token) state.current = { token, totals: new Map(), stopped: false };

  const read = (source: NewWorkSource) => async () => {
    const seen = state.current;
    if (seen.stopped) throw new Error('stopped');
    let data: unknown;
    try {
      data = await api.call<unknown>(source.endpoint, {}, { silent: true, revalidate: true });
    } catch (error) {
      seen.stopped = true;
      throw error;
    }
    const total = pick(data, source.total);
    const before = seen.totals.get(source.endpoint);
    if (before !== undefined && total > before) {
      notify.warn(
        <Text size="sm" data-testid="new-work-alert">
          {source.message}{' '}
          <Anchor href={`#${source.path}`} size="sm" onClick={() => notify.hide(`new-work-${source.endpoint}`)}>{source.link ?? '去查看'}</Anchor>
        </Text>,
        { persistent: true, id: `new-work-${source.endpoint}` },
      );
    }
    seen.totals.set(source.endpoint, total);
    return data;
  };

  const interval = Math.max(1000, settings?.interval ?? 60000);
  useQueries({
    queries: (settings?.sources ?? []).map((source) => ({
      // Its own key: a list on screen reading the same endpoint must not answer for the poll (it would skip the check).
      queryKey: [...endpointKey(source.endpoint, {}), 'new-work'],
      queryFn: read(source),
      enabled: Boolean(token),
      staleTime: 0,
      refetchInterval: () => (state.current.stopped ? false : interval),
      refetchIntervalInBackground: false,
    })),
  });
  return null;
}
