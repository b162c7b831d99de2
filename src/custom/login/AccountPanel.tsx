import { useMemo, useState } from 'react';
import { api, useSiteConfig } from '../../engine';
import { SchemaForm } from '../../renderers';
import { PlainForm } from '../../renderers/form/PlainForm';
import { plainFields } from '../../renderers/form/plainFields';
import { CaptchaWidget } from './CaptchaWidget';
import { CaptchaContext, useServerCaptcha } from './contexts';
import type { LoginForm } from './login-page.schema.gen';

const WIDGETS = { captcha: CaptchaWidget };

/**
 * Tab 1: username, password and the server's image code. A failed try shows the server message and a new image.
 * The YAML form is drawn by PlainForm while it stays plain (text fields, length and pattern rules), so the first
 * paint of the login page does not wait for the form library; a form that needs more is drawn by SchemaForm.
 */
export function AccountPanel({ form, onLogin }: { form: LoginForm; onLogin: (reply: Record<string, unknown>) => Promise<void> }) {
  const config = useSiteConfig()!;
  const captcha = useServerCaptcha();
  const [formData, setFormData] = useState<Record<string, unknown>>({});
  // A new form after a failed try: the emptied image code is a fresh field, not an error shown at once.
  const [round, setRound] = useState(0);
  const fields = useMemo(() => plainFields(form.schema, form.uiSchema, Object.keys(WIDGETS)), [form.schema, form.uiSchema]);

  const submit = async (data: Record<string, unknown>) => {
    let reply: Record<string, unknown>;
    try {
      reply = await api.call('user/login', { username: data.username, password: data.password, school_id: config.school.id, captcha_key: captcha.captcha?.key, captcha_code: data.code });
    } catch {
      // The api client has shown the server's message; the used image code is replaced.
      setFormData({ ...data, code: undefined });
      setRound((n) => n + 1);
      void captcha.refresh();
      return;
    }
    await onLogin(reply);
  };

  const common = { id: 'login-form', messages: form.messages, formData, onChange: setFormData, submitLabel: form.submitLabel ?? '登录', fullWidthSubmit: true, onSubmit: submit };
  return (
    <CaptchaContext.Provider value={captcha}>
      {fields ? <PlainForm key={round} {...common} fields={fields} widgets={WIDGETS} /> : <SchemaForm key={round} {...common} schema={form.schema} uiSchema={form.uiSchema} />}
    </CaptchaContext.Provider>
  );
}
