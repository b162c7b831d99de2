import { Avatar, Group, Paper, Progress, SimpleGrid, Stack, Text } from '@mantine/core';
import { useCallback, useState } from 'react';
import { useSession, type RendererProps } from '../../engine';
import { formatDuration, TableRenderer } from '../../renderers';
import { bandPercentages, type Dabiao } from './figures';
import type { ScoreOverviewProps } from './score-overview.schema.gen';

interface Summary {
  times?: number;
  allTime?: number;
  max_score?: number | null;
  dabiao?: Dabiao;
  class?: { sort: number | null };
  grade?: { sort: number | null };
}

function Figure({ label, value, testId }: { label: string; value: string; testId: string }) {
  return (
    <Stack gap={2} align="center">
      <Text fw={700} fz={22} data-testid={testId}>{value}</Text>
      <Text size="sm" c="dimmed">{label}</Text>
    </Stack>
  );
}

/** Results overview: the student's figures and band shares above the generic score table (one request feeds both). */
export default function ScoreOverview({ screen, props }: RendererProps<ScoreOverviewProps>) {
  const user = useSession()?.user;
  const [summary, setSummary] = useState<Summary>({});
  const onReply = useCallback((data: unknown) => setSummary((data ?? {}) as Summary), []);
  const { labels } = props;
  const rank = (n: number | null | undefined) => (n ? String(n) : labels.noRank);
  const shares = bandPercentages(summary.dabiao, summary.times ?? 0);

  return (
    <Stack gap="lg">
      <Paper withBorder radius="md" p="lg" data-testid="score-summary">
        <Group align="center" gap="xl" wrap="nowrap">
          <Stack align="center" gap={6} style={{ minWidth: 96 }}>
            <Avatar src={user?.head_img || null} size={72} radius="xl" alt={user?.realname ?? '头像'}>{user?.realname?.slice(0, 1)}</Avatar>
            <Text fw={600}>{user?.realname ?? ''}</Text>
          </Stack>
          <SimpleGrid cols={5} style={{ flex: 1 }}>
            <Figure label={labels.times} value={String(summary.times ?? 0)} testId="summary-times" />
            <Figure label={labels.allTime} value={formatDuration(summary.allTime ?? 0)} testId="summary-time" />
            <Figure label={labels.classRank} value={rank(summary.class?.sort)} testId="summary-class-rank" />
            <Figure label={labels.gradeRank} value={rank(summary.grade?.sort)} testId="summary-grade-rank" />
            <Figure label={labels.best} value={summary.max_score === null || summary.max_score === undefined ? labels.noRank : String(summary.max_score)} testId="summary-best" />
          </SimpleGrid>
        </Group>
        <Stack gap={8} mt="lg">
          {props.bands.map((band) => (
            <Group key={band.key} gap="sm" wrap="nowrap">
              <Text size="sm" w={72}>{band.label}</Text>
              <Progress value={Number(shares[band.key])} color={band.color} style={{ flex: 1 }} size="lg" radius="xl" />
              <Text size="sm" w={72} ta="right" data-testid={`band-${band.key}`}>{shares[band.key]}%</Text>
            </Group>
          ))}
        </Stack>
      </Paper>
      <TableRenderer screen={screen} props={props.table} onReply={onReply} />
    </Stack>
  );
}
