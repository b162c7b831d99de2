import { Button, Center, Group, Loader, Stack, Text } from '@mantine/core';
import { useEffect, useRef, useState } from 'react';
import { useNavigate, useParams, useSearchParams } from 'react-router-dom';
import { api, shellSettings, template, useSiteConfig, type RendererProps } from '../../engine';
import { AlertIcon } from '../../renderers/ui/icons';
import { finishLogin } from './finishLogin';
import type { SsoLoadingProps } from './sso-loading.schema.gen';

/**
 * Single-sign-on loading page: spinner "页面跳转中...", exchange, login, then the course page. A failed exchange
 * replaces the spinner with what failed, why, 重试 and the way to the login page (never 页面跳转中 forever).
 */
export default function SsoLoading({ props }: RendererProps<SsoLoadingProps>) {
  const config = useSiteConfig()!;
  const params = useParams();
  const [search] = useSearchParams();
  const navigate = useNavigate();
  const started = useRef(-1);
  const [attempt, setAttempt] = useState(0);
  const [failure, setFailure] = useState<string | null>(null);

  useEffect(() => {
    if (started.current === attempt) return;
    started.current = attempt;
    setFailure(null);
    const query = Object.fromEntries(search.entries());
    void api
      .call<Record<string, unknown>>(props.exchange, query, { silent: true })
      .then(async (reply) => {
        await finishLogin(reply);
        const target = props.redirect ? template(props.redirect, { params, query }) : shellSettings(config).home;
        navigate(target, { replace: true });
      })
      .catch((err: unknown) => setFailure(err instanceof Error && err.message ? err.message : '请稍后重试'));
  }, [props, params, search, navigate, config, attempt]);

  if (failure !== null) {
    return (
      <Center mih="60vh">
        <Stack align="center" gap="sm" role="alert" data-testid="sso-failed">
          <AlertIcon size={32} />
          <Text fw={600} size="lg">{props.failed ?? '登录失败'}</Text>
          <Text c="dimmed" style={{ whiteSpace: 'pre-line' }}>{failure}</Text>
          <Group gap="sm">
            <Button onClick={() => setAttempt((n) => n + 1)}>重试</Button>
            <Button variant="default" onClick={() => navigate(shellSettings(config).loginPath, { replace: true })}>{props.toLogin ?? '去登录页'}</Button>
          </Group>
        </Stack>
      </Center>
    );
  }
  return (
    <Center mih="60vh">
      <Stack align="center" gap="sm">
        <Loader />
        <Text c="dimmed" data-testid="sso-loading">{props.text ?? '页面跳转中...'}</Text>
      </Stack>
    </Center>
  );
}
