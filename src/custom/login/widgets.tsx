import { Anchor, Button, Checkbox, Group, Select, TextInput } from '@mantine/core';
import type { WidgetProps } from '@rjsf/utils';
import { useContext, type ReactNode } from 'react';
import type { LoginWidgetName } from './widgetNames';
import { useCall } from '../../renderers/data/useCall';
import { CaptchaWidget, textInputProps } from './CaptchaWidget';
import { AgreementContext, FormValuesContext, SmsContext } from './contexts';

const errorOf = (props: WidgetProps) => props.rawErrors?.[0];
const text = textInputProps;

/** Mobile number with the +86 prefix. */
export function MobileWidget(props: WidgetProps) {
  return <TextInput {...text(props, 11)} leftSection={<span style={{ fontSize: 13 }}>+86</span>} leftSectionWidth={44} inputMode="numeric" />;
}

/** SMS code input with the send button: "(Ns)已发送" while the 60 s countdown runs. */
export function SmsCodeWidget(props: WidgetProps) {
  const sms = useContext(SmsContext);
  return (
    <Group gap="sm" wrap="nowrap" align="flex-start">
      <TextInput {...text(props, 6)} style={{ flex: 1 }} />
      <Button variant="light" w={120} disabled={sms.left > 0} onClick={sms.send} data-testid="sms-send" style={{ flex: 'none' }}>
        {sms.left > 0 ? `(${sms.left}s)已发送` : sms.idleLabel}
      </Button>
    </Group>
  );
}

/** Agreement checkbox with the link that opens the agreement dialog. */
export function AgreementWidget(props: WidgetProps) {
  const agreement = useContext(AgreementContext);
  return (
    <Checkbox
      id={props.id}
      checked={props.value === true}
      error={errorOf(props)}
      onChange={(e) => props.onChange(e.currentTarget.checked ? true : undefined)}
      label={
        <>
          {agreement.label}
          <Anchor component="button" type="button" size="sm" onClick={agreement.open} data-testid="agreement-link">{agreement.linkText}</Anchor>
        </>
      }
    />
  );
}

/** Password with an inline hint that warns while it is shorter than `ui:options.warnBelow` characters. */
export function HintedPasswordWidget(props: WidgetProps) {
  const warnBelow = Number(props.options.warnBelow ?? 8);
  const value = (props.value as string | undefined) ?? '';
  const weak = value.length > 0 && value.length < warnBelow;
  return (
    <TextInput
      {...text(props)}
      type="password"
      description={String(props.options.hint ?? '')}
      styles={weak ? { description: { color: 'var(--mantine-color-orange-7)' } } : undefined}
    />
  );
}

interface Level {
  endpoint: string;
  parent: string;
  param: string;
  label: string;
}
const LEVELS: Record<string, Level> = {
  school_id: { endpoint: 'school/get_list', parent: '', param: '', label: 'school_name' },
  depart_id: { endpoint: 'depart/get', parent: 'school_id', param: 'school_id', label: 'department_name' },
  major_id: { endpoint: 'major/get', parent: 'depart_id', param: 'depart_id', label: 'major_name' },
  grade_id: { endpoint: 'grade/get', parent: 'major_id', param: 'major_id', label: 'grade_name' },
  class_id: { endpoint: 'class/get', parent: 'grade_id', param: 'grade_id', label: 'class_name' },
};

const CASCADE = ['school_id', 'depart_id', 'major_id', 'grade_id', 'class_id'];

/** Clears the levels below one that changed, so a class never belongs to another grade. */
export function resetBelow(prev: Record<string, unknown>, next: Record<string, unknown>): Record<string, unknown> {
  const out = { ...next };
  const changed = CASCADE.findIndex((k) => prev[k] !== next[k]);
  if (changed >= 0) for (const k of CASCADE.slice(changed + 1)) out[k] = undefined;
  return out;
}

/** One level of school > department > major > grade > class; its choices load when the level above is chosen. */
export function OrgSelectWidget(props: WidgetProps) {
  const values = useContext(FormValuesContext);
  const field = props.id.replace(/^root_/, '');
  const level = LEVELS[field];
  const parentValue = level?.parent ? values[level.parent] : 'all';
  const chosenAbove = Boolean(level) && parentValue !== undefined && parentValue !== null && parentValue !== '';
  const rows = useCall<Record<string, unknown>[]>(level?.endpoint, level?.param ? { [level.param]: parentValue } : {}, { enabled: chosenAbove }).data;
  const options = chosenAbove && rows ? rows.map((r) => ({ value: String(r.id), label: String(r[level!.label]) })) : [];
  return (
    <Select
      id={props.id}
      label={props.label || undefined}
      required={props.required}
      data={options}
      value={props.value === undefined || props.value === null ? null : String(props.value)}
      placeholder={props.placeholder}
      error={errorOf(props)}
      searchable
      data-testid={`org-${field}`}
      onChange={(v) => props.onChange(v === null ? undefined : Number(v))}
    />
  );
}

export const loginWidgets: Record<LoginWidgetName, (props: WidgetProps) => ReactNode> = {
  captcha: CaptchaWidget,
  mobile: MobileWidget,
  smsCode: SmsCodeWidget,
  agreement: AgreementWidget,
  hintedPassword: HintedPasswordWidget,
  org: OrgSelectWidget,
};
