import { lazy, type ComponentType, type ReactNode } from 'react';
import type { ScreenConfig } from './types';

/**
 * Draws another screen of the site inside the calling one (a tab panel) by its id; null when the site has no such screen.
 * `placeholder: false` draws nothing while its code loads (a block that may turn out empty), instead of a grey box.
 */
export type RenderScreen = (id: string, opts?: { placeholder?: boolean }) => ReactNode;

/**
 * What every renderer receives: its screen (route, title, ...), the screen's `props` from YAML, and `renderScreen`
 * to embed other screens without knowing how the engine draws one (the engine always passes it; a unit test that
 * renders a renderer alone may leave it out).
 */
export interface RendererProps<P = Record<string, unknown>> {
  screen: ScreenConfig;
  props: P;
  renderScreen?: RenderScreen;
  /** True when the screen is drawn inside another (a tab panel, a block above a list) rather than as the page. */
  embedded?: boolean;
}

/**
 * Screen type -> the type of its YAML props. Empty here (the engine knows no screen type); the app fills it in
 * from the props schemas (src/screenProps.gen.ts, by npm run config:schema), so `register` only accepts a
 * component that takes what its type's schema lets YAML say.
 */
export interface ScreenPropsByType {}

type Renderer = ComponentType<RendererProps<any>>;

const renderers = new Map<string, Renderer>();

/** Registers a renderer under a YAML `type:` name. A second registration of a name is a mistake unless it says so. */
export function register<T extends keyof ScreenPropsByType>(
  type: T,
  component: ComponentType<RendererProps<ScreenPropsByType[T]>>,
  opts: { override?: boolean } = {},
): void {
  if (renderers.has(type) && !opts.override) {
    throw new Error(`renderer "${type}" is already registered; pass { override: true } to replace it`);
  }
  renderers.set(type, component as Renderer);
}

/**
 * Registers a renderer whose code loads the first time a screen of its type is shown (its own chunk): what a first page
 * does not draw is not downloaded before it. The engine shows a placeholder meanwhile.
 */
export function registerLazy<T extends keyof ScreenPropsByType>(
  type: T,
  load: () => Promise<{ default: ComponentType<RendererProps<ScreenPropsByType[T]>> }>,
  opts: { override?: boolean } = {},
): void {
  register(type, lazy(load) as unknown as ComponentType<RendererProps<ScreenPropsByType[T]>>, opts);
}

export function resolve(type: string): Renderer | undefined {
  return renderers.get(type);
}

export function registeredTypes(): string[] {
  return [...renderers.keys()].sort();
}

/**
 * A layout wraps screens (the shell with header and footer); custom code registers it by name. `name` is the layout the
 * screens asked for: one component may draw several layouts of app.yaml `layouts` (each with `frame: <its name>`).
 */
export type Layout = ComponentType<{ children: ReactNode; name: string }>;
const layouts = new Map<string, Layout>();

/** Registers a layout by name; like `register`, a second registration of a name is a mistake unless it says so. */
export function registerLayout(name: string, component: Layout, opts: { override?: boolean } = {}): void {
  if (layouts.has(name) && !opts.override) {
    throw new Error(`layout "${name}" is already registered; pass { override: true } to replace it`);
  }
  layouts.set(name, component);
}

/** Registers a layout whose code loads when a page of it is first shown (the staff console: students never load it). */
export function registerLazyLayout(name: string, load: () => Promise<{ default: Layout }>, opts: { override?: boolean } = {}): void {
  registerLayout(name, lazy(load) as unknown as Layout, opts);
}

export function resolveLayout(name: string): Layout | undefined {
  return layouts.get(name);
}
