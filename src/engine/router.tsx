import { Button, Center, Loader, Stack, Text, Title } from '@mantine/core';
import { Suspense, useRef, type ReactNode } from 'react';
import { Link, Navigate, Route, Routes, useLocation, type Location } from 'react-router-dom';
import { entryPoints, shellSettings, useSiteConfig } from './config';
import { resolveLayout } from './registry';
import { ScreenView } from './ScreenView';
import { changePasswordPathOf, findScreen, forcedPasswordChange, guardOf, isMobileBrowser, loginRedirect } from './routes';
import { session, useSession } from './session';
import type { ScreenConfig } from './types';
import { ShownProvider } from './visibility';

function Guard({ screen, children }: { screen: ScreenConfig; children: ReactNode }) {
  const config = useSiteConfig()!;
  const location = useLocation();
  const user = useSession()?.user;
  const guard = guardOf(screen, session.token(), user);
  if (guard === 'login') return <Navigate to={loginRedirect(entryPoints(config, screen.layout).loginPath, location)} replace />;
  if (guard === 'wait') return <Center py={80}><Loader /></Center>;
  return <>{children}</>;
}

function NotFound({ layout }: { layout?: string }) {
  const config = useSiteConfig()!;
  return (
    <Center py={80}>
      <Stack align="center">
        <Title order={3}>页面不存在</Title>
        <Text c="dimmed">您访问的页面不存在或尚未开放。</Text>
        <Button component={Link} to={entryPoints(config, layout).home}>返回首页</Button>
      </Stack>
    </Center>
  );
}

/** A path in a section whose screens need login (e.g. anything under /ucenter) needs login too, even unknown ones. */
const section = (route: string) => route.split('/')[1];

function needsLogin(screens: ScreenConfig[], pathname: string): boolean {
  return screens.some((s) => (s.auth || s.role) && section(s.route) === section(pathname));
}

/**
 * The shell's content: the screen matching the location, plus every keep-alive screen visited before,
 * kept mounted but hidden. Each cached screen sees the location it was last shown with, so its filters,
 * page and scroll-independent state survive a round trip through other tabs.
 */
function ScreenHost({ screens, layout }: { screens: ScreenConfig[]; layout?: string }) {
  const config = useSiteConfig()!;
  const location = useLocation();
  const cache = useRef(new Map<string, Location>());
  const shows = useRef(new Map<string, number>());
  const lastShown = useRef<string | undefined>(undefined);
  const user = useSession()?.user;
  const active = findScreen(screens, location.pathname);
  // A password an administrator set is changed before any other page of the account is shown. Decided here, before
  // a kept-alive screen is cached, so it holds on every visit.
  const forced = forcedPasswordChange(config, active, user);
  if (forced) return <Navigate to={`${forced}?reason=must-change`} replace />;
  const changePath = changePasswordPathOf(config, layout);
  // ... and once it has been changed, the page it was forced onto gives way to the home page.
  if (changePath && active?.route === changePath && location.search.includes('reason=must-change') && user && Number(user.must_change_password) !== 1) {
    return <Navigate to={entryPoints(config, layout).home} replace />;
  }
  if (active?.keepAlive && session.token()) cache.current.set(active.id, location);
  if (!session.token()) cache.current.clear();
  // Count each screen's showings, so a kept-alive screen shown again reloads its data (see visibility.ts).
  if (active && lastShown.current !== active.id) shows.current.set(active.id, (shows.current.get(active.id) ?? 0) + 1);
  lastShown.current = active?.id;

  // One keyed list, so a screen keeps its place (and its state) whether it is shown or hidden.
  const mounted = [...cache.current.keys()];
  if (active && !mounted.includes(active.id)) mounted.push(active.id);
  return (
    <>
      {mounted.map((id) => {
        const screen = screens.find((s) => s.id === id)!;
        const shown = id === active?.id;
        return (
          <div key={id} hidden={!shown} data-screen={id}>
            <ShownProvider value={shows.current.get(id) ?? 0}>
              <Routes location={cache.current.get(id) ?? location}>
                <Route path={screen.route} element={<Guard screen={screen}><ScreenView screen={screen} /></Guard>} />
              </Routes>
            </ShownProvider>
          </div>
        );
      })}
      {!active && (needsLogin(screens, location.pathname) && !session.token()
        ? <Navigate to={loginRedirect(entryPoints(config, layout).loginPath, location)} replace />
        : <NotFound layout={layout} />)}
    </>
  );
}

/**
 * The layout a location is shown in: its screen's, or for an unknown path the layout of the screens in the same
 * section (a mistyped /teacher/... address shows the staff shell's 页面不存在, not the student one).
 */
function layoutOf(framed: ScreenConfig[], pathname: string): string {
  const screen = findScreen(framed, pathname) ?? framed.find((s) => s.layout && section(s.route) === section(pathname));
  return screen?.layout ?? 'shell';
}

/** Routes from config/screens: `/` to the home screen, bare screens on their own, the rest inside their layout. */
export function AppRoutes() {
  const config = useSiteConfig()!;
  const settings = shellSettings(config);
  const location = useLocation();
  const screens = Object.values(config.screens);
  const bare = screens.filter((s) => s.layout === 'bare');
  const framed = screens.filter((s) => !bare.includes(s));
  const layout = layoutOf(framed, location.pathname);
  // A layout of app.yaml `layouts` may be drawn by another registered layout (`frame`), e.g. a second side-navigation console.
  const frame = settings.layouts?.[layout]?.frame;
  const Frame = resolveLayout(layout) ?? (frame ? resolveLayout(frame) : undefined) ?? resolveLayout('shell') ?? (({ children }: { children: ReactNode }) => <>{children}</>);
  const inLayout = framed.filter((s) => (s.layout ?? 'shell') === layout);

  const { mobilePage } = settings;
  if (mobilePage && isMobileBrowser(navigator.userAgent) && location.pathname !== mobilePage) {
    return <Navigate to={mobilePage} replace />;
  }

  return (
    <Routes>
      <Route path="/" element={<Navigate to={settings.home} replace />} />
      {bare.map((s) => (
        <Route key={s.id} path={s.route} element={<Guard screen={s}><ScreenView screen={s} /></Guard>} />
      ))}
      {/* A layout registered lazily loads its code first (the page stays on the shell's outline meanwhile). */}
      <Route path="*" element={<Suspense fallback={null}><Frame name={layout}><ScreenHost key={layout} screens={inLayout} layout={layout === 'shell' ? undefined : layout} /></Frame></Suspense>} />
    </Routes>
  );
}
