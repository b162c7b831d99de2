import { Stack, Text } from '@mantine/core';
import { BackButton } from '../../renderers/ui/ListStatus';

/** A detail page opened without (or with a wrong) id: says so, with a way back (the page before, else the home page). */
export function NotFoundNotice({ message }: { message: string }) {
  return (
    <Stack align="center" gap="sm" py="xl" data-testid="not-found-notice">
      <Text c="dimmed">{message}</Text>
      <BackButton />
    </Stack>
  );
}
