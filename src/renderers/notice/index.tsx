import { Center, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import type { RendererProps } from '../shared/engine';
import type { NoticeProps } from './schema.gen';

const COLOURS = { warning: 'orange', info: 'blue', success: 'green' } as const;

/** `type: notice` — a full-page message with an icon, a title and a subtitle (e.g. the mobile notice /result). */
export default function NoticeRenderer({ props }: RendererProps<NoticeProps>) {
  return (
    <Center mih="100vh" p="lg">
      <Stack align="center" gap="md" maw={520} ta="center">
        <ThemeIcon size={72} radius="xl" color={COLOURS[props.tone ?? 'warning']} variant="light">
          <svg width="40" height="40" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round"><path d="M12 3l10 18H2z" strokeLinejoin="round" /><path d="M12 10v5M12 18h.01" /></svg>
        </ThemeIcon>
        <Title order={3}>{props.title}</Title>
        {props.subtitle && <Text c="dimmed">{props.subtitle}</Text>}
      </Stack>
    </Center>
  );
}
