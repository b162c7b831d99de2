import { Box, Image, Overlay, Stack, Text, UnstyledButton } from '@mantine/core';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { api, endpointKey } from '../../engine';

interface Scene {
  sceneId: string;
  qrCodeUrl: string;
}

type LoginReply = Record<string, unknown>;

/**
 * Tab 2: scan login. A scene is made by the server (a write); its confirmation is a query polled every `pollSeconds`
 * (also in a background tab: the student is looking at a phone) until it answers with the login, or until
 * `expireSeconds` have passed, after which the code must be renewed.
 */
export function ScanPanel(props: { pollSeconds: number; expireSeconds: number; hint: string; expiredText: string; onLogin: (reply: LoginReply) => Promise<void> }) {
  const { pollSeconds, expireSeconds, onLogin } = props;
  const [expired, setExpired] = useState(false);
  const make = useMutation({ mutationFn: () => api.call<Scene>('user/generateQRCode') });
  const { mutate } = make;
  const scene = make.data ?? null;
  const renew = () => {
    setExpired(false);
    mutate();
  };
  useEffect(() => mutate(), [mutate]);
  useEffect(() => {
    if (!scene) return;
    const timer = setTimeout(() => setExpired(true), expireSeconds * 1000);
    return () => clearTimeout(timer);
  }, [scene, expireSeconds]);

  const sceneId = scene?.sceneId ?? '';
  const confirmed = useQuery({
    queryKey: endpointKey('user/checkQRCode', { scene: sceneId }),
    // Not confirmed yet answers an error: asked again at the next interval.
    queryFn: () => api.call<LoginReply>('user/checkQRCode', { scene: sceneId }, { silent: true }),
    enabled: Boolean(scene) && !expired,
    refetchInterval: (query) => (query.state.data ? false : pollSeconds * 1000),
    refetchIntervalInBackground: true,
    staleTime: Infinity,
    gcTime: 0, // a confirmation signs in once; it is never served from the cache
  });
  const login = confirmed.data;
  const used = useRef<LoginReply | null>(null);
  useEffect(() => {
    if (!login || used.current === login) return;
    used.current = login;
    void onLogin(login);
  }, [login, onLogin]);

  return (
    <Stack align="center" gap="sm" py="sm">
      <Box pos="relative" w={200} h={200} data-testid="qr-box" data-scene={sceneId}>
        {scene && <Image src={scene.qrCodeUrl} w={200} h={200} alt="扫码登录二维码" />}
        {expired && (
          <Overlay color="#fff" backgroundOpacity={0.92} center>
            <UnstyledButton onClick={renew} data-testid="qr-expired">
              <Text fw={600} ta="center">{props.expiredText}</Text>
            </UnstyledButton>
          </Overlay>
        )}
      </Box>
      <Text size="sm" c="dimmed">{props.hint}</Text>
    </Stack>
  );
}
