import { Anchor, Group, Text } from '@mantine/core';
import type { ErrorSchema } from '@rjsf/utils';
import { useState } from 'react';
import { api, useSiteConfig } from '../../engine';
import { SchemaForm } from '../../renderers';
import { CaptchaContext, SmsContext, useServerCaptcha } from './contexts';
import type { LoginPageProps } from './login-page.schema.gen';

export interface ResetRequest {
  mobile: string;
  key: string;
}

/** Tab 5: mobile and image code; the server checks both and sends the SMS code. */
export function ForgotPanel({ props, onSent, onCancel }: { props: LoginPageProps; onSent: (req: ResetRequest) => void; onCancel: () => void }) {
  const config = useSiteConfig()!;
  const form = props.forms.forgot;
  const captcha = useServerCaptcha();
  const [formData, setFormData] = useState<Record<string, unknown>>({});

  const submit = async (values: Record<string, unknown>) => {
    try {
      const reply = await api.call<{ key: string }>('verificationCodes2', { phone: values.mobile, captcha_key: captcha.captcha?.key, captcha_code: values.code, school_id: config.school.id });
      onSent({ mobile: String(values.mobile), key: reply.key });
    } catch {
      setFormData({ ...values, code: undefined });
      void captcha.refresh();
    }
  };

  return (
    <CaptchaContext.Provider value={captcha}>
      <SchemaForm id="forgot-form" schema={form.schema} uiSchema={form.uiSchema} messages={form.messages} formData={formData} onChange={setFormData} submitLabel={form.submitLabel ?? '下一步'} fullWidthSubmit onSubmit={submit} />
      <Group justify="center" mt="sm">
        <Anchor component="button" type="button" size="sm" onClick={onCancel}>{props.texts?.cancel ?? '取消'}</Anchor>
      </Group>
    </CaptchaContext.Provider>
  );
}

/** Tab 6: the SMS code and the new password twice. A refused code resets the countdown and goes back (YAML reset.failureTab). */
export function ResetPanel({ props, request, countdown, onDone, onFailed, onCancel }: {
  props: LoginPageProps;
  request: ResetRequest;
  countdown: { left: number };
  onDone: () => void;
  onFailed: () => void;
  onCancel: () => void;
}) {
  const config = useSiteConfig()!;
  const form = props.forms.reset;
  const [formData, setFormData] = useState<Record<string, unknown>>({});
  const [errors, setErrors] = useState<ErrorSchema | undefined>();

  const submit = async (values: Record<string, unknown>) => {
    setErrors(undefined);
    if (values.new_password !== values.new_password_repeat) {
      setErrors({ new_password_repeat: { __errors: [props.texts?.passwordMismatch ?? '两次输入密码不一致!'] } } as unknown as ErrorSchema);
      return;
    }
    try {
      await api.call('user/forgetPassword', { mobile: request.mobile, verification_key: request.key, verification_code: values.verification_code, new_password: values.new_password, new_password_repeat: values.new_password_repeat, school_id: config.school.id });
    } catch (err) {
      if ((err as { code?: number }).code === 0) onFailed();
      return;
    }
    onDone();
  };

  return (
    <SmsContext.Provider value={{ left: countdown.left, idleLabel: props.sms?.sendLabel ?? '发送验证码', send: onFailed }}>
      <Text size="sm" c="dimmed" mb="xs">{`验证码已发送至 +86 ${request.mobile}`}</Text>
      <SchemaForm id="reset-form" schema={form.schema} uiSchema={form.uiSchema} messages={form.messages} formData={formData} onChange={setFormData} extraErrors={errors} submitLabel={form.submitLabel ?? '重置密码'} fullWidthSubmit onSubmit={submit} />
      <Group justify="center" mt="sm">
        <Anchor component="button" type="button" size="sm" onClick={onCancel}>{props.texts?.cancel ?? '取消'}</Anchor>
      </Group>
    </SmsContext.Provider>
  );
}
