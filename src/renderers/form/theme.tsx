import { withTheme } from '@rjsf/core';
import { Theme as MantineTheme } from '@rjsf/mantine';
import type { BaseInputTemplateProps, WidgetProps } from '@rjsf/utils';
import { Loader } from '@mantine/core';
import { lazy, Suspense, type ComponentType } from 'react';
import { themeWidgets } from './widgets';

const MantineBaseInput = MantineTheme.templates!.BaseInputTemplate as ComponentType<BaseInputTemplateProps>;

/**
 * Keeps inputs controlled from the first render (an empty field is '' rather than undefined: React warns otherwise),
 * and names an input whose label is hidden (`ui:options: { label: false }`, e.g. the items of a list of options) with
 * that label, so a screen reader still says what it is for.
 */
function BaseInputTemplate(props: BaseInputTemplateProps) {
  // rjsf's Mantine template hands its `options` (less rjsf's own) to the Mantine input as props.
  const options = props.hideLabel && props.label ? { ...props.options, 'aria-label': props.label } : props.options;
  return <MantineBaseInput {...props} options={options} value={props.value ?? ''} />;
}

const MantineSelect = MantineTheme.widgets!.SelectWidget as ComponentType<WidgetProps>;

/**
 * rjsf's Mantine select draws its dropdown inside the form; in a dialog the dialog's scroll area then clips it (a
 * long list opening upward loses its first options). Drawn in a portal, the list floats above the dialog. A screen
 * may still override it through ui:options.
 */
function SelectWidget(props: WidgetProps) {
  return <MantineSelect {...props} options={{ comboboxProps: { withinPortal: true }, ...props.options }} />;
}

/** `ui:widget: datetime`, loaded with its calendar code and styles only where a form uses it (the staff forms). */
const LazyDateTime = lazy(() => import('./DateTimeWidget'));
function DateTimeWidget(props: WidgetProps) {
  return <Suspense fallback={<Loader size="xs" />}><LazyDateTime {...props} /></Suspense>;
}

/** `ui:widget: richtext`, the TipTap editor, loaded the same way (only staff forms write formatted text). */
const LazyRichText = lazy(() => import('./RichTextWidget'));
function RichTextWidget(props: WidgetProps) {
  return <Suspense fallback={<Loader size="xs" />}><LazyRichText {...props} /></Suspense>;
}

/** `ui:widget: files`, attachments uploaded as they are chosen (an array of {name, url}). */
const LazyFiles = lazy(() => import('./FilesWidget'));
function FilesWidget(props: WidgetProps) {
  return <Suspense fallback={<Loader size="xs" />}><LazyFiles {...props} /></Suspense>;
}

/**
 * The app's one rjsf theme: rjsf's Mantine theme plus our own small templates, through rjsf's theme API. Its widget
 * map is the registry of widgets.ts, so widgets custom pieces registered (the login page's captcha, mobile, ...) are
 * found by the name a uiSchema gives; rjsf reads the map at each render.
 */
Object.assign(themeWidgets, { ...MantineTheme.widgets, SelectWidget, datetime: DateTimeWidget, richtext: RichTextWidget, files: FilesWidget, ...themeWidgets });
export const ThemedForm = withTheme({
  ...MantineTheme,
  templates: { ...MantineTheme.templates, BaseInputTemplate },
  widgets: themeWidgets,
});
