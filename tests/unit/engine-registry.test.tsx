// @vitest-environment jsdom
// The registry holds one renderer per screen type and one layout per name, and the engine hands every renderer a
// renderScreen that draws another screen of the site (what the tabs renderer embeds its panels with).
import './setup-dom';
import { MantineProvider } from '@mantine/core';
import { render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { SiteConfigContext } from '../../src/engine/config';
import { register, registerLayout, resolveLayout, type RendererProps } from '../../src/engine/registry';
import { ScreenView } from '../../src/engine/ScreenView';
import type { ScreenConfig, SiteConfig } from '../../src/engine/types';

// Types the test registers: not screen types of the product, so not in the generated props map.
const registerAny = register as (type: string, component: (p: RendererProps) => React.ReactNode, opts?: { override?: boolean }) => void;

describe('layout registry', () => {
  it('refuses a second layout of the same name, as the renderer registry does, unless it says override', () => {
    const First = () => <div>first</div>;
    const Second = () => <div>second</div>;
    registerLayout('test-frame', First);
    expect(() => registerLayout('test-frame', Second)).toThrow('layout "test-frame" is already registered; pass { override: true } to replace it');
    expect(resolveLayout('test-frame')).toBe(First);
    registerLayout('test-frame', Second, { override: true });
    expect(resolveLayout('test-frame')).toBe(Second);
  });

  it('refuses a second renderer of the same type', () => {
    registerAny('test-twice', () => null);
    expect(() => registerAny('test-twice', () => null)).toThrow('renderer "test-twice" is already registered');
  });
});

describe('renderScreen', () => {
  registerAny('test-host', ({ renderScreen }) => (
    <div>
      <div data-testid="inner-slot">{renderScreen?.('inner')}</div>
      <div data-testid="missing-slot">{renderScreen?.('missing') ?? '无此页面'}</div>
    </div>
  ));
  registerAny('test-inner', ({ screen: s, props }) => <span data-testid="inner">{`${s.id}:${String(props.text)}`}</span>);

  const host: ScreenConfig = { id: 'host', route: '/host', type: 'test-host', title: '主页面' };
  const site = {
    branding: { name: '示例学校' },
    screens: { host, inner: { id: 'inner', route: '/inner', type: 'test-inner', title: '内嵌页面', props: { text: '你好' } } },
  } as unknown as SiteConfig;

  it("draws another screen of the site by id with its own renderer and props, and null for a screen the site lacks", () => {
    render(
      <MantineProvider>
        <SiteConfigContext.Provider value={site}>
          <ScreenView screen={host} />
        </SiteConfigContext.Provider>
      </MantineProvider>,
    );
    expect(screen.getByTestId('inner').textContent).toBe('inner:你好');
    expect(screen.getByTestId('missing-slot').textContent).toBe('无此页面');
    // The embedded screen leaves the page title to its host.
    expect(document.title).toBe('主页面 - 示例学校');
  });
});

describe('the page heading', () => {
  registerAny('test-page', () => <p>内容</p>);
  const screens: Record<string, ScreenConfig> = {
    list: { id: 'list', route: '/list', type: 'test-page', title: '成绩中心' },
    detail: { id: 'detail', route: '/detail', type: 'test-page', title: '成绩详情', parent: 'list' },
    paper: { id: 'paper', route: '/paper', type: 'test-page', title: '答题', parent: 'list', heading: false },
  };
  const draw = (id: string) => render(
    <MantineProvider>
      <MemoryRouter>
        <SiteConfigContext.Provider value={{ branding: { name: '示例学校' }, screens } as unknown as SiteConfig}>
          <ScreenView screen={screens[id]} />
        </SiteConfigContext.Provider>
      </MemoryRouter>
    </MantineProvider>,
  );

  it("shows the screen's title as the page's h1, after a link to each screen it sits under", () => {
    const { unmount } = draw('detail');
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('成绩详情');
    const up = screen.getByRole('navigation', { name: '上级页面' });
    expect([...up.querySelectorAll('a')].map((a) => [a.textContent, a.getAttribute('href')])).toEqual([['成绩中心', '/list']]);
    unmount();
    draw('list');
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('成绩中心');
    expect(screen.queryByRole('navigation')).toBeNull();
  });

  it('keeps only a screen-reader h1 for a screen with heading: false', () => {
    draw('paper');
    expect(screen.getByRole('heading', { level: 1 }).getAttribute('aria-label')).toBe('答题');
    expect(screen.queryByText('答题')).toBeNull();
    expect(screen.queryByRole('navigation')).toBeNull();
  });
});
