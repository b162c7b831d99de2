import { Box, Image, Overlay, Stack, Text, UnstyledButton } from '@mantine/core';
import { useCallback, useEffect, useRef, useState } from 'react';
import { api } from '../../engine';

interface Scene {
  sceneId: string;
  qrCodeUrl: string;
}

/** Tab 2: scan login. Polls every `pollSeconds`; after `expireSeconds` polling stops and the code must be renewed. */
export function ScanPanel(props: { pollSeconds: number; expireSeconds: number; hint: string; expiredText: string; onLogin: (reply: Record<string, unknown>) => Promise<void> }) {
  const { pollSeconds, expireSeconds, onLogin } = props;
  const [scene, setScene] = useState<Scene | null>(null);
  const [expired, setExpired] = useState(false);
  const timers = useRef<ReturnType<typeof setTimeout>[]>([]);
  const stop = () => {
    timers.current.forEach(clearTimeout);
    timers.current = [];
  };

  const start = useCallback(async () => {
    stop();
    setExpired(false);
    const next = await api.call<Scene>('user/generateQRCode').catch(() => null);
    setScene(next);
    if (!next) return;
    const startedAt = Date.now();
    const poll = async () => {
      if (Date.now() - startedAt >= expireSeconds * 1000) {
        setExpired(true);
        return;
      }
      try {
        const reply = await api.call<Record<string, unknown>>('user/checkQRCode', { scene: next.sceneId }, { silent: true });
        stop();
        await onLogin(reply);
        return;
      } catch {
        // not confirmed yet
      }
      timers.current.push(setTimeout(() => void poll(), pollSeconds * 1000));
    };
    timers.current.push(setTimeout(() => void poll(), pollSeconds * 1000));
    timers.current.push(setTimeout(() => { stop(); setExpired(true); }, expireSeconds * 1000));
  }, [pollSeconds, expireSeconds, onLogin]);

  useEffect(() => {
    void start();
    return stop;
  }, [start]);

  return (
    <Stack align="center" gap="sm" py="sm">
      <Box pos="relative" w={200} h={200} data-testid="qr-box" data-scene={scene?.sceneId ?? ''}>
        {scene && <Image src={scene.qrCodeUrl} w={200} h={200} alt="扫码登录二维码" />}
        {expired && (
          <Overlay color="#fff" backgroundOpacity={0.92} center>
            <UnstyledButton onClick={() => void start()} data-testid="qr-expired">
              <Text fw={600} ta="center">{props.expiredText}</Text>
            </UnstyledButton>
          </Overlay>
        )}
      </Box>
      <Text size="sm" c="dimmed">{props.hint}</Text>
    </Stack>
  );
}
