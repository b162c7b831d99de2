import { Anchor, Group } from '@mantine/core';
import { useRef, useState } from 'react';
import { api, notify, useSiteConfig } from '../../engine';
import { SchemaForm } from '../../renderers';
import { AgreementDialog } from './AgreementDialog';
import { AgreementContext, SmsContext, useCountdown } from './contexts';
import type { LoginPageProps } from './login-page.schema.gen';

const MOBILE = /^1\d{10}$/;

/** Tab 3: mobile (+86), SMS code with the 60 s countdown, username, password and the agreement. */
export function RegisterPanel({ props, onDone, onCancel }: { props: LoginPageProps; onDone: () => void; onCancel: () => void }) {
  const config = useSiteConfig()!;
  const form = props.forms.register;
  const texts = props.texts ?? {};
  const [formData, setFormData] = useState<Record<string, unknown>>({});
  const data = useRef(formData);
  data.current = formData;
  const key = useRef<string | null>(null);
  const countdown = useCountdown();
  const [agreementOpen, setAgreementOpen] = useState(false);
  const mobileMessages = form.messages?.mobile ?? {};

  const send = async () => {
    const mobile = String(data.current.mobile ?? '');
    if (!mobile) return notify.error(mobileMessages.required ?? '请输入手机号');
    if (!MOBILE.test(mobile)) return notify.error(mobileMessages.pattern ?? '请输入正确的手机号');
    const reply = await api.callWithMessage<{ key?: string }>('verificationCodes', { phone: mobile, school_id: config.school.id }).catch(() => null);
    if (!reply) return;
    if (!reply.data?.key) return notify.error(reply.message);
    key.current = reply.data.key;
    countdown.start(props.sms?.seconds ?? 60);
  };

  const submit = async (values: Record<string, unknown>) => {
    if (!key.current) return void notify.error(texts.noSmsKey ?? '请获取验证码！');
    await api.call('user/register', { verification_key: key.current, verification_code: values.verification_code, mobile: values.mobile, username: values.username, password: values.password, school_id: config.school.id });
    key.current = null;
    countdown.stop();
    onDone();
  };

  return (
    <SmsContext.Provider value={{ left: countdown.left, idleLabel: props.sms?.idleLabel ?? '获取验证码', send: () => void send() }}>
      <AgreementContext.Provider value={{ open: () => setAgreementOpen(true), label: props.agreement?.label ?? '我已阅读并同意', linkText: props.agreement?.linkText ?? '《用户服务协议》' }}>
        <SchemaForm
          id="register-form"
          schema={form.schema}
          uiSchema={form.uiSchema}
          messages={form.messages}
          formData={formData}
          onChange={setFormData}
          submitLabel={form.submitLabel ?? '注册'}
          fullWidthSubmit
          onSubmit={submit}
        />
      </AgreementContext.Provider>
      <Group justify="center" mt="sm">
        <Anchor component="button" type="button" size="sm" onClick={onCancel}>{texts.backToLogin ?? '已有账号？去登录'}</Anchor>
      </Group>
      {props.agreement && (
        <AgreementDialog articleId={props.agreement.articleId} title={props.agreement.title} width={props.agreement.width} opened={agreementOpen} onClose={() => setAgreementOpen(false)} />
      )}
    </SmsContext.Provider>
  );
}
