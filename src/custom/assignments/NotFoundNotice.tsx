import { Button, Stack, Text } from '@mantine/core';
import { useNavigate } from 'react-router-dom';

/** A detail page opened without (or with a wrong) id: says so, with a way back (the page before, else the home page). */
export function NotFoundNotice({ message }: { message: string }) {
  const navigate = useNavigate();
  const back = () => ((window.history.state?.idx ?? 0) > 0 ? navigate(-1) : navigate('/'));
  return (
    <Stack align="center" gap="sm" py="xl" data-testid="not-found-notice">
      <Text c="dimmed">{message}</Text>
      <Button variant="light" onClick={back}>返回</Button>
    </Stack>
  );
}
