import type { ShellSettings } from './config';

/** Themes 1/2/3 (config/app.yaml `themes`), chosen in the theme drawer and kept in localStorage.stylecolor. */
export const THEME_KEY = 'stylecolor';

export type ThemeOption = ShellSettings['themes']['options'][number];
type Scaling = NonNullable<ShellSettings['scaling']>;


export function storedThemeId(settings: ShellSettings['themes']): number {
  const saved = Number(localStorage.getItem(THEME_KEY));
  return settings.options.some((t) => t.id === saved) ? saved : settings.default;
}

/** Applies a theme's palette as CSS variables the shell's styles read. */
export function applyTheme(theme: ThemeOption | undefined): void {
  if (!theme) return;
  const root = document.documentElement.style;
  root.setProperty('--app-header-bg', theme.header ?? '#2b2f36');
  root.setProperty('--app-header-text', theme.headerText ?? '#ffffff');
  root.setProperty('--app-page-bg', theme.page ?? '#f2f3f5');
  root.setProperty('--app-primary', theme.primary);
  document.documentElement.dataset.theme = String(theme.id);
}

export function chooseTheme(settings: ShellSettings['themes'], id: number): void {
  localStorage.setItem(THEME_KEY, String(id));
  applyTheme(settings.options.find((t) => t.id === id));
}

/**
 * Root font size scaled to the window width against the design width (1920), capped at maxScale times the
 * base (2 x 16 px), and not below minScale so text stays readable on small laptops.
 */
export function rootFontSize(width: number, scaling: Scaling = {}): number {
  // The spec's design where app.yaml leaves a value out: 1920 px wide at a 16 px root, at most twice that, no floor.
  const { designWidth = 1920, baseFontSize = 16, maxScale = 2, minScale = 0 } = scaling;
  const scale = Math.min(maxScale, Math.max(minScale, width / designWidth));
  return Math.round(baseFontSize * scale * 100) / 100;
}

let applyScaling: (() => void) | null = null;

/** Applies the scaling now and on every resize; a configuration reload replaces the listener, never adds one. */
export function installScaling(scaling: Scaling | undefined): void {
  if (applyScaling) window.removeEventListener('resize', applyScaling);
  applyScaling = () => {
    document.documentElement.style.fontSize = `${rootFontSize(window.innerWidth, scaling)}px`;
  };
  applyScaling();
  window.addEventListener('resize', applyScaling);
}

/** Phones and tablets get the /result page (the spec does not support mobile browsers). */
export function isMobileBrowser(userAgent: string): boolean {
  return /Android|iPhone|iPad|iPod|Mobile|HarmonyOS|Windows Phone/i.test(userAgent);
}
