import { SimpleGrid, Stack, Text } from '@mantine/core';
import { figureText } from './figures';
import type { StatsFigures as Figures } from './figures.schema.gen';

/**
 * The figures of one reply side by side: the value big, its label under it. A building block: the `stats`
 * renderer feeds it from its own call, list pieces (results overview, my exams, my homework) from their reply.
 */
export function StatsFigures({ figures, data }: { figures: Figures; data: unknown }) {
  return (
    <SimpleGrid cols={{ base: Math.min(figures.length, 3), md: figures.length }} spacing="md" data-testid="stats">
      {figures.map((figure, i) => (
        // the same field may be shown twice (e.g. as a count and as a rank)
        <Stack key={`${i}-${figure.field}`} gap={2} align="center">
          <Text fw={700} fz={22} c={figure.color} data-testid={`stat-${figure.field}`}>{figureText(figure, data)}</Text>
          <Text size="sm" c="dimmed">{figure.label}</Text>
        </Stack>
      ))}
    </SimpleGrid>
  );
}
