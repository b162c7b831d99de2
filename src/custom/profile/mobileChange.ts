import type { RJSFSchema, UiSchema } from '@rjsf/utils';
import type { FieldMessages } from '../../renderers/form/messages';
import { SmsCodeWidget } from '../login/widgets';
import type { ProfileInfoProps } from './schema.gen';

/** The form field of the SMS code sent to a new mobile number (user/edit_info's verification_code). */
export const CODE_FIELD = 'verification_code';
export const MOBILE = /^1\d{10}$/;

export type MobileChangeTexts = Required<Omit<NonNullable<ProfileInfoProps['mobileChange']>, 'messages'>> & { messages: { noKey: string; noCode: string } };

export function mobileChangeTexts(config: ProfileInfoProps['mobileChange']): MobileChangeTexts {
  return {
    codeLabel: config?.codeLabel ?? '短信验证码',
    placeholder: config?.placeholder ?? '请输入短信验证码',
    idleLabel: config?.idleLabel ?? '获取验证码',
    seconds: config?.seconds ?? 60,
    messages: { noKey: config?.messages?.noKey ?? '请获取验证码！', noCode: config?.messages?.noCode ?? '请输入验证码' },
  };
}

/** The profile form with the required SMS code field right after the mobile number (shown once the number changes). */
export function withCodeField(form: ProfileInfoProps['form'], texts: MobileChangeTexts): { schema: RJSFSchema; uiSchema: UiSchema; messages: FieldMessages } {
  const properties: Record<string, unknown> = {};
  for (const [name, property] of Object.entries(form.schema.properties ?? {})) {
    properties[name] = property;
    if (name === 'mobile') properties[CODE_FIELD] = { type: 'string', title: texts.codeLabel, maxLength: 6 };
  }
  return {
    schema: { ...form.schema, properties: properties as RJSFSchema['properties'], required: [...(form.schema.required ?? []), CODE_FIELD] },
    uiSchema: { ...form.uiSchema, [CODE_FIELD]: { 'ui:widget': SmsCodeWidget, 'ui:placeholder': texts.placeholder } },
    messages: { ...form.messages, [CODE_FIELD]: { required: texts.messages.noCode } },
  };
}
