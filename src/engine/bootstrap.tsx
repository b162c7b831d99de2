// Mantine's global styles; each component's own come with the component (scripts/vite-mantine-css.ts).
import '@mantine/core/styles/baseline.layer.css';
import '@mantine/core/styles/default-css-variables.layer.css';
import '@mantine/core/styles/global.layer.css';
import '@mantine/notifications/styles.layer.css';
import './readable.css';
import { Button, Center, MantineProvider, Stack, Text } from '@mantine/core';
import { Notifications } from '@mantine/notifications';
import { QueryClientProvider } from '@tanstack/react-query';
import { useCallback, useEffect, useState } from 'react';
import { createRoot } from 'react-dom/client';
import { HashRouter } from 'react-router-dom';
import { AfterFirstPaint } from './afterPaint';
import { fetchSiteConfig } from './api';
import { shellSettings, SiteConfigContext } from './config';
import { cspNonce, shareCspNonce } from './cspNonce';
import { connect, currentVisit } from './early';
import { dropAnswersOnSessionChange, queryClient } from './query';
import { AppRoutes } from './router';
import { loadProfile } from './profile';
import { session, useSession } from './session';
import { ShellSkeleton } from './ShellSkeleton';
import { applyTheme, cssVariablesResolver, installScaling, mantineTheme, storedThemeId } from './theme';
import type { SiteConfig } from './types';

let reloadConfig: () => Promise<void> = async () => {};
/** The profile came from this tab's storage at start and has not been fetched again yet. */
let staleProfile = false;

export { loadProfile } from './profile';

/** Fetches the site configuration again (after login the user's school may differ from the host's). */
export function reloadSiteConfig(): Promise<void> {
  return reloadConfig();
}

/** Loads the signed-in user's profile whenever there is a token but no profile (new tab, after login). */
function useUserProfile() {
  const current = useSession();
  useEffect(() => {
    if (current?.token && !current.user) {
      void loadProfile();
    }
  }, [current?.token, current?.user]);
}

function Site({ config }: { config: SiteConfig }) {
  useUserProfile();
  return (
    <SiteConfigContext.Provider value={config}>
      <AppRoutes />
    </SiteConfigContext.Provider>
  );
}

/** Makes a configuration the api and the session already use (early.ts `connect`) the one the theme uses too. */
function adopt(next: SiteConfig): SiteConfig {
  const settings = shellSettings(next);
  // The configuration carried the signed-in user's profile: it is current.
  if (next.user && session.token()) staleProfile = false;
  // A profile restored from this tab's storage may be stale (the class application approved meanwhile, a new
  // name): it shows at once and is refreshed in the background, once the contract is known to the api.
  if (staleProfile) {
    staleProfile = false;
    if (session.user()) void loadProfile();
  }
  applyTheme(settings.themes.options.find((t) => t.id === storedThemeId(settings.themes)));
  installScaling(settings.scaling);
  return next;
}

type FirstConfig = { config: SiteConfig; failed: null } | { config: null; failed: string };

const failureOf = (err: unknown) => (err instanceof Error ? err.message : '其他错误');

function Boot({ first }: { first: FirstConfig }) {
  const [config, setConfig] = useState<SiteConfig | null>(first.config);
  const [failed, setFailed] = useState<string | null>(first.failed);

  const load = useCallback(async () => {
    try {
      const next = await fetchSiteConfig<SiteConfig>();
      connect(next);
      setConfig(adopt(next));
      setFailed(null);
    } catch (err) {
      setFailed(failureOf(err));
    }
  }, []);

  useEffect(() => {
    reloadConfig = load;
  }, [load]);

  if (failed) {
    return (
      <Center h="100vh">
        <Stack align="center">
          <Text>站点配置加载失败：{failed}</Text>
          <Button onClick={() => void load()}>重新加载</Button>
        </Stack>
      </Center>
    );
  }
  if (!config) return <ShellSkeleton />;
  return <Site config={config} />;
}

/**
 * How long the first render waits for the first screen's data (index.html's outline shows meanwhile): about what a
 * first render costs on a slow laptop, so a late answer delays the page by no more than drawing placeholders would.
 * The reads went out with the configuration's answer (early.ts), usually while this code was still loading.
 */
const FIRST_DATA_WAIT_MS = 250;

const firstData = (firstReads: Promise<void>): Promise<void> =>
  Promise.race([firstReads, new Promise<void>((done) => setTimeout(done, FIRST_DATA_WAIT_MS))]);

/**
 * Starts the client on the visit the entry started (early.ts: session restored, configuration asked for, first reads
 * sent): renders the site once its configuration (and, briefly, the first screen's data) has arrived (index.html
 * shows the shell's outline meanwhile, so React's first render is the page itself).
 */
export function start(container: HTMLElement): void {
  const visit = currentVisit();
  staleProfile = visit.storedProfile;
  shareCspNonce();
  dropAnswersOnSessionChange(queryClient);
  void visit.config
    .then((next): FirstConfig => ({ config: adopt(next), failed: null }))
    .catch((err: unknown): FirstConfig => ({ config: null, failed: failureOf(err) }))
    .then(async (first) => {
      if (first.config) await firstData(visit.firstReads);
      return first;
    })
    .then((first) => createRoot(container).render(
      <MantineProvider theme={mantineTheme} cssVariablesResolver={cssVariablesResolver} getStyleNonce={cspNonce}>
        <QueryClientProvider client={queryClient}>
          <AfterFirstPaint><Notifications position="top-center" /></AfterFirstPaint>
          <HashRouter>
            <Boot first={first} />
          </HashRouter>
        </QueryClientProvider>
      </MantineProvider>,
    ));
}
