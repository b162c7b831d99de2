import { createTheme, darken, type CSSVariablesResolver } from '@mantine/core';
import type { ShellSettings } from './config';

// Readable on every page background of the three themes (≥ 4.5:1, WCAG AA); Mantine's grey #868e96 is 3.3:1 on white.
export const DIMMED_TEXT = '#5f6670';
// Placeholders are text too (WCAG 1.4.3): Mantine's #adb5bd is 2.1:1 on white; this grey is 4.8:1 and still lighter
// than what was typed.
export const PLACEHOLDER_TEXT = '#6b737c';

/**
 * Contrast (WCAG AA) for every colour a screen may name: filled buttons, badges and links use shade 8 (white on
 * blue 8 is 5:1, on Mantine's default shade 6 3.6:1), and where white would still be too faint (teal, green,
 * yellow…) autoContrast turns the text dark at the WCAG crossing point (luminance 0.179). Light variants (tags,
 * soft buttons) get their text darkened, as Mantine's shade 9 on its pale tint is only ~3.8:1.
 */
export const cssVariablesResolver: CSSVariablesResolver = (theme) => ({
  variables: {},
  light: {
    '--mantine-color-dimmed': DIMMED_TEXT,
    '--mantine-color-placeholder': PLACEHOLDER_TEXT,
    ...Object.fromEntries(Object.entries(theme.colors).flatMap(([name, shades]) => [
      [`--mantine-color-${name}-light-color`, darken(shades[9], 0.3)],
      // Text in a colour (c="orange", a cyan score): shade 9 darkened by a quarter is ≥ 4.5:1 on white for every colour.
      [`--mantine-color-${name}-text`, darken(shades[9], 0.25)],
    ])),
  },
  dark: {},
});

// Sizes scale with the root font (the spec's width-based scaling) but never below 12 px (xs) and 14 px (body and
// tables): on a 1366 px laptop the root is 12 px, where plain rem sizes would give 9–10.5 px text.
export const mantineTheme = createTheme({
  primaryColor: 'blue',
  primaryShade: 8,
  autoContrast: true,
  luminanceThreshold: 0.179,
  fontFamily: "'Noto Sans CJK SC','PingFang SC','Microsoft YaHei',system-ui,sans-serif",
  fontSizes: { xs: 'max(12px, 0.75rem)', sm: 'max(14px, 0.875rem)', md: 'max(14px, 1rem)', lg: 'max(16px, 1.125rem)', xl: 'max(18px, 1.25rem)' },
  // Mantine's built-in labels are English; screen readers here read Chinese. Plain objects, not `Modal.extend(...)`:
  // importing a component here would put it in the first download of every page, used or not.
  components: {
    PasswordInput: { defaultProps: { visibilityToggleButtonProps: { 'aria-label': '显示或隐藏密码' } } },
    Modal: { defaultProps: { closeButtonProps: { 'aria-label': '关闭' } } },
    Drawer: { defaultProps: { closeButtonProps: { 'aria-label': '关闭' } } },
    Notification: { defaultProps: { closeButtonProps: { 'aria-label': '关闭' } } },
    // A role="menu" may hold only menu items: no focus placeholder inside it (the first item takes focus instead).
    Menu: { defaultProps: { withInitialFocusPlaceholder: false } },
  },
});

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

