import { withTheme } from '@rjsf/core';
import { Theme as MantineTheme } from '@rjsf/mantine';
import type { BaseInputTemplateProps, WidgetProps } from '@rjsf/utils';
import '@mantine/dates/styles.css';
import { DatesProvider, DateTimePicker } from '@mantine/dates';
import dayjs from 'dayjs';
import 'dayjs/locale/zh-cn';
import type { ComponentType } from 'react';

const MantineBaseInput = MantineTheme.templates!.BaseInputTemplate as ComponentType<BaseInputTemplateProps>;

/** Keeps inputs controlled from the first render: an empty field is '' rather than undefined (React warns otherwise). */
function BaseInputTemplate(props: BaseInputTemplateProps) {
  return <MantineBaseInput {...props} value={props.value ?? ''} />;
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

/**
 * `ui:widget: datetime` — a date and time picked from a calendar, kept as the text the server stores
 * ('YYYY-MM-DD HH:mm'), so the schema stays `type: string` and needs no date-time format validation.
 */
function DateTimeWidget(props: WidgetProps) {
  const { id, value, label, hideLabel, required, disabled, readonly, rawErrors, onChange, onBlur, placeholder } = props;
  return (
    <DatesProvider settings={{ locale: 'zh-cn', firstDayOfWeek: 1 }}>
      <DateTimePicker
        id={id} label={hideLabel ? undefined : label} required={required} disabled={disabled || readonly}
        value={value ? String(value) : null} placeholder={placeholder || '请选择时间'} valueFormat="YYYY-MM-DD HH:mm" clearable
        error={rawErrors?.length ? rawErrors.join('\n') : undefined} popoverProps={{ withinPortal: true }} submitButtonProps={{ 'aria-label': '确定' }}
        onChange={(next) => onChange(next ? dayjs(next).format('YYYY-MM-DD HH:mm') : undefined)}
        onBlur={() => onBlur(id, value)}
      />
    </DatesProvider>
  );
}

/** The app's one rjsf theme: rjsf's Mantine theme plus our own small templates, through rjsf's theme API. */
export const ThemedForm = withTheme({
  ...MantineTheme,
  templates: { ...MantineTheme.templates, BaseInputTemplate },
  widgets: { ...MantineTheme.widgets, SelectWidget, datetime: DateTimeWidget },
});
