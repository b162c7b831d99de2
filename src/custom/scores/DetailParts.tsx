import { Group, Image, Progress, SimpleGrid, Stack, Table, Text } from '@mantine/core';
import { thresholdColor } from '../../renderers';
import type { DetailView, StepBar } from './figures';

/** The detail rows as a table, the first row being the header. */
export function DetailTable({ view }: { view: Extract<DetailView, { kind: 'table' }> }) {
  return (
    <Table withTableBorder withColumnBorders striped data-testid="detail-table">
      <Table.Thead>
        <Table.Tr>{view.header.map((h, i) => <Table.Th key={i}>{h}</Table.Th>)}</Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {view.rows.map((row, r) => (
          <Table.Tr key={r}>{view.header.map((_h, c) => <Table.Td key={c}>{row[c] ?? ''}</Table.Td>)}</Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}

export function DetailImages({ images }: { images: string[] }) {
  return (
    <SimpleGrid cols={{ base: 1, sm: 2 }} data-testid="detail-images">
      {images.map((src) => <Image key={src} src={src} radius="md" alt="" fit="contain" h={260} />)}
    </SimpleGrid>
  );
}

/** Score per step against its full mark, so weak steps stand out at a glance. */
export function StepChart({ bars, colors }: { bars: StepBar[]; colors: { min?: number; color: string }[] }) {
  return (
    <Stack gap={10} data-testid="step-chart">
      {bars.map((b, i) => {
        const share = Math.max(0, Math.min(100, (b.value / b.max) * 100));
        return (
          <Group key={i} gap="sm" wrap="nowrap">
            <Text size="sm" w={180} truncate title={b.label}>{b.label}</Text>
            <Progress.Root size="lg" radius="xl" style={{ flex: 1 }}>
              <Progress.Section value={share} color={thresholdColor(colors, share)} aria-label={b.label} />
            </Progress.Root>
            <Text size="sm" w={90} ta="right">{b.value} / {b.max}</Text>
          </Group>
        );
      })}
    </Stack>
  );
}
