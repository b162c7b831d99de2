import { Anchor, Text } from '@mantine/core';
import { useEffect, useRef } from 'react';
import { api, notify, useSession, useSiteConfig } from '../../engine';

const pick = (data: unknown, path: string): number => Number(path.split('.').reduce<unknown>((v, k) => (v as Record<string, unknown> | undefined)?.[k], data)) || 0;

/**
 * Shell §4 "Polling for new work": with a token, each source's total is read once and then every interval;
 * a higher total than the last one shows a persistent warning with a link. Any failure stops all polling silently.
 */
export function NewWorkPolling() {
  const config = useSiteConfig();
  const session = useSession();
  const settings = config?.app.polling?.newWork;
  const token = session?.token;
  // The totals outlive a reload of the site config (new settings object) but not a change of user.
  const seen = useRef<{ token?: string; totals: Map<string, number> }>({ totals: new Map() });
  const key = JSON.stringify(settings ?? null);

  useEffect(() => {
    if (!token || !settings || settings.sources.length === 0) return;
    if (seen.current.token !== token) seen.current = { token, totals: new Map() };
    const known = seen.current.totals;
    let stopped = false;
    let timer: ReturnType<typeof setTimeout> | undefined;

    const readAll = async () => {
      for (const source of settings.sources) {
        let total: number;
        try {
          total = pick(await api.call(source.endpoint, {}, { silent: true, revalidate: true }), source.total);
        } catch {
          stopped = true; // spec: a code other than 200 stops both polls, silently
          return;
        }
        const before = known.get(source.endpoint);
        if (before !== undefined && total > before) {
          notify.warn(
            <Text size="sm" data-testid="new-work-alert">
              {source.message}{' '}
              <Anchor href={`#${source.path}`} size="sm" onClick={() => notify.hide(`new-work-${source.endpoint}`)}>{source.link ?? '去查看'}</Anchor>
            </Text>,
            { persistent: true, id: `new-work-${source.endpoint}` },
          );
        }
        known.set(source.endpoint, total);
      }
    };
    const loop = async () => {
      await readAll();
      if (!stopped) timer = setTimeout(() => void loop(), Math.max(1000, settings.interval));
    };
    void loop();
    return () => {
      stopped = true;
      clearTimeout(timer);
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [token, key]);

  return null;
}
