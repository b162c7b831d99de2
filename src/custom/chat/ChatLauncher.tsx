import { Button, Paper, Stack, Text } from '@mantine/core';
import { useEffect } from 'react';
import type { RendererProps } from '../../engine';
import { openChat } from './events';
import type { ChatLauncherProps } from './schema.gen';
import { useUnread } from './unread';

/** `type: chat-launcher` — the /ucenter/message route: opens 我的消息 over the page, and again from its button. */
export default function ChatLauncher(_: RendererProps<ChatLauncherProps>) {
  const { chat } = useUnread();
  useEffect(() => {
    // After the shell's dialog has subscribed to the open action.
    const timer = window.setTimeout(() => openChat(), 0);
    return () => window.clearTimeout(timer);
  }, []);
  return (
    <Paper withBorder radius="md" p="xl">
      <Stack align="center" gap="sm">
        <Text size="lg" fw={600}>我的消息</Text>
        <Text c="dimmed" size="sm">{chat > 0 ? `有 ${chat} 条未读的老师回复` : '与答疑老师的对话都在这里'}</Text>
        <Button onClick={() => openChat()} data-testid="chat-launch">打开我的消息</Button>
      </Stack>
    </Paper>
  );
}
