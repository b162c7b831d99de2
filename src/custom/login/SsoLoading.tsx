import { Button, Center, Group, Loader, Stack, Text } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { useEffect } from 'react';
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
  // The ticket exchange signs in (a write): started once on arrival, again by 重试.
  const exchange = useMutation({
    mutationFn: async () => {
      const query = Object.fromEntries(search.entries());
      await finishLogin(await api.call<Record<string, unknown>>(props.exchange, query, { silent: true }));
      return props.redirect ? template(props.redirect, { params, query }) : shellSettings(config).home;
    },
    onSuccess: (target) => navigate(target, { replace: true }),
  });
  const { mutate } = exchange;
  useEffect(() => mutate(), [mutate]);
  const failure = exchange.isError ? (exchange.error.message || '请稍后重试') : null;

  if (failure !== null) {
    return (
      <Center mih="60vh">
        <Stack align="center" gap="sm" role="alert" data-testid="sso-failed">
          <AlertIcon size={32} />
          <Text fw={600} size="lg">{props.failed ?? '登录失败'}</Text>
          <Text c="dimmed" style={{ whiteSpace: 'pre-line' }}>{failure}</Text>
          <Group gap="sm">
            <Button onClick={() => mutate()}>重试</Button>
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
