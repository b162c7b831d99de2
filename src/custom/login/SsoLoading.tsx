import { Center, Loader, Stack, Text } from '@mantine/core';
import { useEffect, useRef } from 'react';
import { useNavigate, useParams, useSearchParams } from 'react-router-dom';
import { api, shellSettings, template, useSiteConfig, type RendererProps } from '../../engine';
import { finishLogin } from './finishLogin';
import type { SsoLoadingProps } from './sso-loading.schema.gen';

/** Single-sign-on loading page: spinner "页面跳转中...", exchange, login, then the course page. */
export default function SsoLoading({ props }: RendererProps<SsoLoadingProps>) {
  const config = useSiteConfig()!;
  const params = useParams();
  const [search] = useSearchParams();
  const navigate = useNavigate();
  const started = useRef(false);

  useEffect(() => {
    if (started.current) return;
    started.current = true;
    const query = Object.fromEntries(search.entries());
    void api
      .call<Record<string, unknown>>(props.exchange, query)
      .then(async (reply) => {
        await finishLogin(reply);
        const target = props.redirect ? template(props.redirect, { params, query }) : shellSettings(config).home;
        navigate(target, { replace: true });
      })
      .catch(() => {
        // The api client has shown the server's message; the page stays so the user can read it.
      });
  }, [props, params, search, navigate, config]);

  return (
    <Center mih="60vh">
      <Stack align="center" gap="sm">
        <Loader />
        <Text c="dimmed" data-testid="sso-loading">{props.text ?? '页面跳转中...'}</Text>
      </Stack>
    </Center>
  );
}
