import { Anchor, Button, Group, Paper, Skeleton, Stack, Tabs, Text, Title } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { lazy, Suspense, useCallback, useEffect, useRef, useState, type KeyboardEvent } from 'react';
import { Navigate, useNavigate, useSearchParams } from 'react-router-dom';
import { afterLoginPath, api, ApiCallError, notify, session, shellSettings, useSiteConfig, type RendererProps } from '../../engine';
import { preloadSchemaForm } from '../../renderers/form/SchemaForm';
import { AccountPanel } from './AccountPanel';
import { useCountdown } from './contexts';
import { finishLogin } from './finishLogin';
import type { ResetRequest } from './ForgotPanels';
import { ScanPanel } from './ScanPanel';
import type { LoginPageProps } from './login-page.schema.gen';
import type { Tab } from './types';

// The account and scan panels come with the page; the others (and the form library they use) load when first
// opened, or when the pointer or focus reaches the link that opens them.
const loadForgot = () => import('./ForgotPanels');
const loadRegister = () => import('./RegisterPanel');
const ForgotPanel = lazy(() => loadForgot().then((m) => ({ default: m.ForgotPanel })));
const ResetPanel = lazy(() => loadForgot().then((m) => ({ default: m.ResetPanel })));
const RegisterPanel = lazy(() => loadRegister().then((m) => ({ default: m.RegisterPanel })));
const ThirdPartyDialogs = lazy(() => import('./ThirdPartyDialogs').then((m) => ({ default: m.ThirdPartyDialogs })));
const preload = (load: () => Promise<unknown>) => () => {
  void load();
  preloadSchemaForm();
};

/** Tabs 4 and 7: a success message with a button back to login (tab 7 also returns by itself). */
function DonePanel({ title, text, button, onBack }: { title: string; text?: string; button: string; onBack: () => void }) {
  return (
    <Stack align="center" gap="md" py="md" data-testid="done-panel">
      <Title order={4} c="green">{title}</Title>
      {text && <Text size="sm" c="dimmed" data-testid="return-countdown">{text}</Text>}
      <Button onClick={onBack}>{button}</Button>
    </Stack>
  );
}

/**
 * The login page: panels chosen by a tab number (spec §4): 1 account, 2 scan, 3 register, 4 registered,
 * 5 forgot (mobile + image code), 6 reset (SMS code + new password), 7 reset done. The forms are YAML.
 */
export default function LoginPage({ props }: RendererProps<LoginPageProps>) {
  const config = useSiteConfig()!;
  const settings = shellSettings(config);
  const navigate = useNavigate();
  const [search] = useSearchParams();
  const texts = props.texts ?? {};
  const [tab, setTab] = useState<Tab>(1);
  const [capsLock, setCapsLock] = useState(false);
  const [reset, setReset] = useState<ResetRequest | null>(null);
  const smsCountdown = useCountdown();
  const back = useCountdown(() => setTab(1));
  const [thirdParty, setThirdParty] = useState<'bind' | 'complete' | null>(null);
  const ticket = search.get('user_id');
  const triedAuto = useRef(false);
  const [signedInOnArrival] = useState(() => Boolean(session.token()));
  // Per-school switches (config/schools/<id>.yaml features): registration and scan login may be turned off.
  const register = config.features.register !== false;
  const scanLogin = config.features.scanLogin !== false;

  const onLogin = useCallback(
    async (reply: Record<string, unknown>) => {
      await finishLogin(reply);
      navigate(afterLoginPath(search.get('redirect'), settings.loginPath, settings.home), { replace: true });
      if (Number(reply.first_login) === 1 && props.firstLoginTip) notify.info(props.firstLoginTip);
    },
    [navigate, search, settings.home, settings.loginPath, props.firstLoginTip],
  );

  // Signing in by a third party's ticket (a write). A ticket not yet bound to an account (the server says need_bind):
  // the bind dialog, as with need_bind=1.
  const { mutate: signInByTicket } = useMutation({
    mutationFn: (userId: string) => api.call<Record<string, unknown>>('autoLogin', { user_id: userId }),
    onSuccess: onLogin,
    onError: (err) => {
      if (err instanceof ApiCallError && err.errors?.need_bind) setThirdParty('bind');
    },
  });
  // Third-party mode: need_bind=1 opens the bind dialog, else the ticket in user_id logs in by itself.
  useEffect(() => {
    if (!ticket || triedAuto.current || session.token()) return;
    triedAuto.current = true;
    if (search.get('need_bind') === '1') setThirdParty('bind');
    else signInByTicket(ticket);
  }, [ticket, search, signInByTicket]);

  // Only a visitor who arrives already signed in is sent on; a login made here navigates itself (to the redirect).
  if (signedInOnArrival) {
    return <Navigate to={props.signedInPath ?? settings.home} replace />;
  }

  const go = (next: Tab) => {
    back.stop();
    setTab(next);
  };
  const onKey = (e: KeyboardEvent) => setCapsLock(e.getModifierState?.('CapsLock') ?? false);
  const returnSeconds = props.reset?.returnSeconds ?? 10;

  const heading: Record<Tab, string> = {
    1: props.title ?? '账号登录',
    2: props.title ?? '账号登录',
    3: texts.registerTitle ?? '注册账号',
    4: texts.registerTitle ?? '注册账号',
    5: texts.forgotTitle ?? '找回密码',
    6: texts.resetTitle ?? '重置密码',
    7: texts.resetTitle ?? '重置密码',
  };

  return (
    <Stack align="center" py={48}>
      <Paper withBorder shadow="md" radius="md" p="xl" w={440} maw="100%" onKeyUp={onKey} onKeyDown={onKey} data-testid={`login-tab-${tab}`}>
        <Stack gap={4} mb="lg" align="center">
          <Title order={3}>{heading[tab]}</Title>
          {props.subtitle && tab <= 2 && <Text size="sm" c="dimmed">{props.subtitle}</Text>}
        </Stack>

        {tab <= 2 && scanLogin && (
          <Tabs value={String(tab)} onChange={(v) => go(Number(v) as Tab)} mb="md">
            <Tabs.List grow>
              <Tabs.Tab value="1">{texts.accountTab ?? '账号登录'}</Tabs.Tab>
              <Tabs.Tab value="2">{texts.scanTab ?? '扫码登录'}</Tabs.Tab>
            </Tabs.List>
          </Tabs>
        )}
        {tab === 1 && (
          <>
            <AccountPanel form={props.forms.login} onLogin={onLogin} />
            <Group justify="space-between" mt="sm">
              {register ? <Anchor component="button" type="button" size="sm" onClick={() => go(3)} onPointerEnter={preload(loadRegister)} onFocus={preload(loadRegister)}>{texts.register ?? '注册账号'}</Anchor> : <span />}
              <Anchor component="button" type="button" size="sm" onClick={() => go(5)} onPointerEnter={preload(loadForgot)} onFocus={preload(loadForgot)}>{texts.forgot ?? '忘记密码？'}</Anchor>
            </Group>
            {capsLock && <Text size="xs" c="orange" mt="xs" data-testid="caps-lock">{props.capsLockTip ?? '大写锁定已打开'}</Text>}
          </>
        )}
        <Suspense fallback={<Skeleton height={160} radius="sm" data-testid="form-loading" />}>
        {tab === 2 && (
          <ScanPanel pollSeconds={props.scan?.pollSeconds ?? 3} expireSeconds={props.scan?.expireSeconds ?? 180} hint={texts.scanHint ?? '请使用手机扫码登录'} expiredText={texts.scanExpired ?? '二维码已失效，点击重试'} onLogin={onLogin} />
        )}
        {tab === 3 && <RegisterPanel props={props} onDone={() => go(4)} onCancel={() => go(1)} />}
        {tab === 4 && <DonePanel title={texts.registerDone ?? '注册成功'} button={texts.backToLogin ?? '返回登录'} onBack={() => go(1)} />}
        {tab === 5 && (
          <ForgotPanel
            props={props}
            onCancel={() => go(1)}
            onSent={(req) => {
              setReset(req);
              smsCountdown.start(props.sms?.seconds ?? 60);
              go(6);
            }}
          />
        )}
        {tab === 6 && reset && (
          <ResetPanel
            props={props}
            request={reset}
            countdown={smsCountdown}
            onCancel={() => go(1)}
            onFailed={() => {
              smsCountdown.stop();
              go(props.reset?.failureTab ?? 5);
            }}
            onDone={() => {
              smsCountdown.stop();
              setTab(7);
              back.start(returnSeconds);
            }}
          />
        )}
        {tab === 7 && (
          <DonePanel
            title={texts.resetDone ?? '密码重置成功'}
            text={(texts.returnIn ?? '{n}秒后自动返回登录').replace('{n}', String(back.left))}
            button={texts.backToLogin ?? '返回登录'}
            onBack={() => go(1)}
          />
        )}
        </Suspense>
      </Paper>
      {ticket && <Suspense fallback={null}><ThirdPartyDialogs props={props} ticket={ticket} mode={thirdParty} onMode={setThirdParty} onLogin={onLogin} /></Suspense>}
    </Stack>
  );
}
