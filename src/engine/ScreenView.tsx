import { Alert, Button, Container, Skeleton } from '@mantine/core';
import { Component, Suspense, useCallback, useEffect, type ReactNode } from 'react';
import { useSiteConfig } from './config';
import { PageHeading } from './PageHeading';
import { resolve, type RenderScreen } from './registry';
import type { ScreenConfig } from './types';
import { useShownCount } from './visibility';

/** How browsers word a lazily loaded code file that could not be fetched (network down, or a newer deployment). */
const CODE_LOAD_FAILED = /dynamically imported module|Importing a module script failed|error loading dynamically imported/i;

/** A renderer that throws shows a message in place of the screen instead of blanking the page. */
class ScreenErrorBoundary extends Component<{ screen: string; children: ReactNode }, { error: Error | null }> {
  override state = { error: null as Error | null };
  static getDerivedStateFromError(error: Error) {
    return { error };
  }
  override render() {
    if (!this.state.error) return this.props.children;
    if (CODE_LOAD_FAILED.test(this.state.error.message)) {
      return (
        <Container py="xl">
          <Alert color="orange" title="页面加载失败" data-testid="code-load-failed">
            页面“{this.props.screen}”的部分内容没有加载成功，请检查网络后
            <Button variant="subtle" size="compact-sm" onClick={() => window.location.reload()}>刷新页面</Button>
          </Alert>
        </Container>
      );
    }
    return (
      <Container py="xl">
        <Alert color="red" title="页面出错了">
          页面“{this.props.screen}”显示时出错：{this.state.error.message}。请刷新页面重试，若仍有问题请联系管理员。
        </Alert>
      </Container>
    );
  }
}

/** Renders one screen with the renderer its YAML `type:` names. */
export function ScreenView({ screen, embedded, placeholder = true }: { screen: ScreenConfig; embedded?: boolean; placeholder?: boolean }) {
  const config = useSiteConfig();
  const shown = useShownCount(); // a kept-alive screen shown again takes the title back
  useEffect(() => {
    if (embedded) return; // a screen inside another (a tab panel) leaves the page title to its host
    const name = config?.branding.name;
    document.title = [screen.title, name].filter(Boolean).join(' - ');
  }, [screen.title, config?.branding.name, embedded, shown]);
  const renderScreen = useCallback<RenderScreen>((id, opts) => {
    const other = config?.screens[id];
    return other ? <ScreenView screen={{ ...other, id }} embedded placeholder={opts?.placeholder ?? true} /> : null;
  }, [config]);

  const Renderer = resolve(screen.type);
  if (!Renderer) {
    return (
      <Container py="xl">
        <Alert color="red" title="配置错误">没有名为 {screen.type} 的渲染器（页面 {screen.id}）</Alert>
      </Container>
    );
  }
  return (
    <ScreenErrorBoundary screen={screen.title ?? screen.id}>
      {/* A screen inside another (a tab panel) leaves the heading to its host. */}
      {!embedded && screen.title && <PageHeading screen={{ ...screen, title: screen.title }} />}
      {/* A renderer registered lazily loads its code the first time it is shown. */}
      <Suspense fallback={placeholder ? <Skeleton height={240} radius="md" data-testid="screen-loading" /> : null}>
        <Renderer screen={screen} props={screen.props ?? {}} renderScreen={renderScreen} embedded={embedded} />
      </Suspense>
    </ScreenErrorBoundary>
  );
}
