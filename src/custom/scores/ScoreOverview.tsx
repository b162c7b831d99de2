import { Avatar, Box, Group, Paper, Progress, Stack, Text } from '@mantine/core';
import { useCallback, useState } from 'react';
import { useSession, type RendererProps } from '../../engine';
import { StatsFigures } from '../../renderers';
import TableRenderer from '../../renderers/table';
import { bandPercentages, type Dabiao } from './figures';
import type { ScoreOverviewProps } from './score-overview.schema.gen';

/** The parts of the score/get_student reply this piece reads itself; the figures read theirs by path. */
interface Summary {
  times?: number;
  dabiao?: Dabiao;
}

/** Results overview: the student's figures and band shares above the generic score table (one request feeds both). */
export default function ScoreOverview({ screen, props }: RendererProps<ScoreOverviewProps>) {
  const user = useSession()?.user;
  // null until the first reply: the figures show placeholders, never zeros, while loading or after a failure.
  const [reply, setReply] = useState<{ summary: Summary; failed: boolean } | null>(null);
  const onReply = useCallback((data: unknown, failed: boolean) => setReply({ summary: (data ?? {}) as Summary, failed }), []);
  const summary = reply?.summary ?? {};
  const state = reply === null ? 'loading' : reply.failed ? 'failed' : 'ready';
  const shares = bandPercentages(summary.dabiao, summary.times ?? 0);

  return (
    <Stack gap="lg">
      <Paper withBorder radius="md" p="lg" data-testid="score-summary">
        <Group align="center" gap="xl" wrap="nowrap">
          <Stack align="center" gap={6} style={{ minWidth: 96 }}>
            <Avatar src={user?.head_img || null} size={72} radius="xl" alt={user?.realname ?? '头像'}>{user?.realname?.slice(0, 1)}</Avatar>
            <Text fw={600}>{user?.realname ?? ''}</Text>
          </Stack>
          <Box style={{ flex: 1 }}>
            <StatsFigures figures={props.figures} data={summary} state={state} />
          </Box>
        </Group>
        <Stack gap={8} mt="lg">
          {props.bands.map((band) => (
            <Group key={band.key} gap="sm" wrap="nowrap">
              <Text size="sm" w={72}>{band.label}</Text>
              <Progress.Root style={{ flex: 1 }} size="lg" radius="xl">
                <Progress.Section value={Number(shares[band.key])} color={band.color} aria-label={band.label} />
              </Progress.Root>
              <Text size="sm" w={72} ta="right" data-testid={`band-${band.key}`}>{state === 'ready' ? `${shares[band.key]}%` : '—'}</Text>
            </Group>
          ))}
        </Stack>
      </Paper>
      <TableRenderer screen={screen} props={props.table} onReply={onReply} />
    </Stack>
  );
}
