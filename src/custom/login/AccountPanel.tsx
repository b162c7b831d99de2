import type { ErrorSchema } from '@rjsf/utils';
import { useState } from 'react';
import { api, useSiteConfig } from '../../engine';
import { SchemaForm } from '../../renderers';
import { CaptchaContext, useServerCaptcha } from './contexts';
import type { LoginForm } from './login-page.schema.gen';

/** Tab 1: username, password and the server's image code. A failed try shows the server message and a new image. */
export function AccountPanel({ form, onLogin }: { form: LoginForm; onLogin: (reply: Record<string, unknown>) => Promise<void> }) {
  const config = useSiteConfig()!;
  const captcha = useServerCaptcha();
  const [formData, setFormData] = useState<Record<string, unknown>>({});
  const [errors, setErrors] = useState<ErrorSchema | undefined>();
  // A new form after a failed try: the emptied image code is a fresh field, not an error shown at once.
  const [round, setRound] = useState(0);

  const submit = async (data: Record<string, unknown>) => {
    setErrors(undefined);
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

  return (
    <CaptchaContext.Provider value={captcha}>
      <SchemaForm
        key={round}
        id="login-form"
        schema={form.schema}
        uiSchema={form.uiSchema}
        messages={form.messages}
        formData={formData}
        onChange={(d) => setFormData(d)}
        extraErrors={errors}
        submitLabel={form.submitLabel ?? '登录'}
        fullWidthSubmit
        onSubmit={submit}
      />
    </CaptchaContext.Provider>
  );
}
