import { Paper, Stack, Text, Title } from '@mantine/core';
import type { ErrorSchema, RJSFSchema, UiSchema } from '@rjsf/utils';
import { useCallback, useMemo, useState, type KeyboardEvent } from 'react';
import { Navigate, useNavigate, useSearchParams } from 'react-router-dom';
import { api, notify, reloadSiteConfig, session, shellSettings, useSiteConfig, type RendererProps, type UserInfo } from '../../engine';
import { SchemaForm, type FieldMessages } from '../../renderers';
import { makeCaptchaWidget } from './CaptchaWidget';
import { CAPTCHA_CHARS, randomCode } from './captcha';

/** YAML props of `type: login-page` (config/screens/login.yaml). */
export interface LoginPageProps {
  title?: string;
  subtitle?: string;
  form: { schema: RJSFSchema; uiSchema?: UiSchema; messages?: FieldMessages };
  captcha?: { field?: string; length?: number; mismatch?: string };
  firstLoginTip?: string;
  capsLockTip?: string;
}

interface LoginData {
  token: string;
  first_login?: number;
  [key: string]: unknown;
}

/** Login page, account panel: username, password and the image code; Enter submits. */
export default function LoginPage({ props }: RendererProps<LoginPageProps>) {
  const config = useSiteConfig()!;
  const settings = shellSettings(config);
  const navigate = useNavigate();
  const [search] = useSearchParams();
  const captchaField = props.captcha?.field ?? 'code';
  const [code, setCode] = useState(() => randomCode(props.captcha?.length ?? 4, CAPTCHA_CHARS));
  const [formData, setFormData] = useState<Record<string, unknown>>({});
  const [errors, setErrors] = useState<ErrorSchema | undefined>();
  const [capsLock, setCapsLock] = useState(false);

  const regenerate = useCallback(() => setCode(randomCode(props.captcha?.length ?? 4, CAPTCHA_CHARS)), [props.captcha?.length]);
  const uiSchema = useMemo<UiSchema>(
    () => ({ ...props.form.uiSchema, [captchaField]: { ...props.form.uiSchema?.[captchaField], 'ui:widget': makeCaptchaWidget(code, regenerate) } }),
    [props.form.uiSchema, captchaField, code, regenerate],
  );

  if (session.token()) {
    const profile = Object.values(config.screens).find((s) => s.id === 'my-info');
    return <Navigate to={profile?.route ?? settings.home} replace />;
  }

  const submit = async (data: Record<string, unknown>) => {
    setErrors(undefined);
    if (String(data[captchaField] ?? '').toLowerCase() !== code) {
      setErrors({ [captchaField]: { __errors: [props.captcha?.mismatch ?? '验证码不正确'] } } as ErrorSchema);
      setFormData({ ...data, [captchaField]: undefined });
      regenerate();
      return;
    }
    let reply: LoginData;
    try {
      reply = await api.call<LoginData>('user/login', { username: data.username, password: data.password, school_id: config.school.id });
    } catch {
      // The api client has shown the server's message; a failed attempt always gets a new image code.
      setFormData({ ...data, [captchaField]: undefined });
      regenerate();
      return;
    }
    session.signIn(reply);
    const user = await api.call<UserInfo>('user/get_info').catch(() => null);
    session.setUser(user);
    await reloadSiteConfig();
    navigate(search.get('redirect') || settings.home, { replace: true });
    if (Number(reply.first_login) === 1 && props.firstLoginTip) notify.info(props.firstLoginTip);
  };

  const onKey = (e: KeyboardEvent) => setCapsLock(e.getModifierState?.('CapsLock') ?? false);

  return (
    <Stack align="center" py={48}>
      <Paper withBorder shadow="md" radius="md" p="xl" w={420} maw="100%" onKeyUp={onKey} onKeyDown={onKey}>
        <Stack gap={4} mb="lg" align="center">
          <Title order={3}>{props.title ?? '账号登录'}</Title>
          {props.subtitle && <Text size="sm" c="dimmed">{props.subtitle}</Text>}
        </Stack>
        <SchemaForm
          id="login-form"
          schema={props.form.schema}
          uiSchema={uiSchema}
          messages={props.form.messages}
          formData={formData}
          onChange={(d) => setFormData(d)}
          extraErrors={errors}
          submitLabel="登录"
          fullWidthSubmit
          onSubmit={submit}
        />
        {capsLock && (
          <Text size="xs" c="orange" mt="xs" data-testid="caps-lock">{props.capsLockTip ?? '大写锁定已打开'}</Text>
        )}
      </Paper>
    </Stack>
  );
}
