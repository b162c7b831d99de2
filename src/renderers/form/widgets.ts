import type { RegistryWidgetsType } from '@rjsf/utils';

/**
 * The rjsf theme's widget map (theme.tsx): a form's uiSchema names a widget by string (`ui:widget: captcha`) and
 * rjsf looks it up here. Custom pieces add theirs with `registerWidget` at start-up; the theme adds rjsf's Mantine
 * widgets and ours when the form code loads. Type-only import: this file does not pull rjsf into the first page.
 */
export const themeWidgets: RegistryWidgetsType = {};

/** Adds a widget under a `ui:widget` name. A second registration of a name is a mistake unless it says so. */
export function registerWidget(name: string, component: RegistryWidgetsType[string], opts: { override?: boolean } = {}): void {
  if (name in themeWidgets && !opts.override) throw new Error(`form widget "${name}" is already registered; pass { override: true } to replace it`);
  themeWidgets[name] = component;
}
