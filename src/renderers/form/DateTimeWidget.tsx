import '@mantine/dates/styles.layer.css';
import { DatesProvider, DateTimePicker } from '@mantine/dates';
import type { WidgetProps } from '@rjsf/utils';
import dayjs from 'dayjs';
import 'dayjs/locale/zh-cn';

const CALENDAR_LABELS = {
  previousMonth: '上个月', nextMonth: '下个月', previousYear: '上一年', nextYear: '下一年',
  previousDecade: '上一个十年', nextDecade: '下一个十年', monthLevelControl: '选择月份', yearLevelControl: '选择年份',
};

/**
 * `ui:widget: datetime` — a date and time picked from a calendar, kept as the text the server stores
 * ('YYYY-MM-DD HH:mm'), so the schema stays `type: string` and needs no date-time format validation.
 */
export default function DateTimeWidget(props: WidgetProps) {
  const { id, value, label, hideLabel, required, disabled, readonly, rawErrors, onChange, onBlur, placeholder } = props;
  return (
    <DatesProvider settings={{ locale: 'zh-cn', firstDayOfWeek: 1 }}>
      <DateTimePicker
        id={id} label={hideLabel ? undefined : label} required={required} disabled={disabled || readonly}
        value={value ? String(value) : null} placeholder={placeholder || '请选择时间'} valueFormat="YYYY-MM-DD HH:mm" clearable
        error={rawErrors?.length ? rawErrors.join('\n') : undefined} popoverProps={{ withinPortal: true }} submitButtonProps={{ 'aria-label': '确定' }}
        clearButtonProps={{ 'aria-label': '清除时间' }} ariaLabels={CALENDAR_LABELS}
        onChange={(next) => onChange(next ? dayjs(next).format('YYYY-MM-DD HH:mm') : undefined)}
        onBlur={() => onBlur(id, value)}
      />
    </DatesProvider>
  );
}

