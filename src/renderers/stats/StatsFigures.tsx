import { Skeleton, SimpleGrid, Stack, Text } from '@mantine/core';
import { figureText } from './figures';
import type { StatsFigures as Figures } from './figures.schema.gen';

/**
 * The figures of one reply side by side: the value big, its label under it. A building block: the `stats`
 * renderer feeds it from its own call, list pieces (results overview, my exams, my homework) from their reply.
 * While the reply is on its way the values are placeholders, and when it failed they are a dash: a figure that
 * was never loaded is never shown as 0, and the failure is said once, by the error block of the list they head.
 */
export function StatsFigures({ figures, data, state = 'ready' }: { figures: Figures; data: unknown; state?: 'loading' | 'failed' | 'ready' }) {
  return (
    <SimpleGrid cols={{ base: Math.min(figures.length, 3), md: figures.length }} spacing="md" data-testid="stats" data-state={state}>
      {figures.map((figure, i) => (
        // the same field may be shown twice (e.g. as a count and as a rank)
        <Stack key={`${i}-${figure.field}`} gap={2} align="center">
          {state === 'loading' ? (
            <Skeleton height={28} width={64} radius="sm" data-testid={`stat-${figure.field}`} />
          ) : (
            <Text fw={700} fz={state === 'failed' ? 16 : 22} c={state === 'failed' ? 'dimmed' : figure.color} data-testid={`stat-${figure.field}`}>
              {state === 'failed' ? '—' : figureText(figure, data)}
            </Text>
          )}
          <Text size="sm" c="dimmed">{figure.label}</Text>
        </Stack>
      ))}
    </SimpleGrid>
  );
}
