import { Badge, Button, Divider, Group, Image, Loader, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import dayjs from 'dayjs';
import { useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { notify, template, type RendererProps } from '../../engine';
import { formatDuration, thresholdColor, useRemoteRecord, useTemplateScope } from '../../renderers';
import { LoadFailed } from '../../renderers/ui/ListStatus';
import { DetailImages, DetailTable, StepChart } from './DetailParts';
import { parseDetail, stepBars } from './figures';
import type { ScoreDetailProps } from './score-detail.schema.gen';
import type { ScoreRecord } from './types';

function Info({ label, value, testId }: { label: string; value: string; testId?: string }) {
  return (
    <Group gap={6} wrap="nowrap">
      <Text size="sm" c="dimmed">{label}：</Text>
      <Text size="sm" data-testid={testId}>{value}</Text>
    </Group>
  );
}

/** `type: score-detail` — one score record: figures, coloured score, detail table or images, step chart, PDF export. */
export default function ScoreDetail({ props }: RendererProps<ScoreDetailProps>) {
  const [search] = useSearchParams();
  const navigate = useNavigate();
  const query = Object.fromEntries(search.entries());
  const id = template(props.id, { query });
  const heading = props.title ? template(props.title, { query }) : '';
  const scope = useTemplateScope();
  const { record, loading, error, refused, reload } = useRemoteRecord<ScoreRecord>({ endpoint: 'score/get_one_score', params: { id } }, scope, { enabled: Boolean(id) });
  const [exporting, setExporting] = useState(false);

  if (loading) return <Group justify="center" py="xl"><Loader /></Group>;
  if (error) return <LoadFailed title={props.labels.failed ?? '加载失败'} message={error} refused={refused} onRetry={reload} />;
  if (!record) return <Text c="dimmed" ta="center" py="xl">{props.labels.empty}</Text>;

  const { labels } = props;
  const view = parseDetail(record.detail, props.imageDetailLearnIds.includes(record.learn_id));
  const bars = props.chart ? stepBars(view, props.chart) : null;
  const showFirstModule = props.firstModuleLearnIds.includes(record.learn_id) && record.first_module_time !== null;
  const item = { ...record };

  const exportPdf = async () => {
    setExporting(true);
    try {
      // Loaded on demand: jsPDF stays out of the initial bundle.
      const { exportScorePdf } = await import('./exportPdf');
      const owner = (props.pdf.owner ?? []).map((f) => ({ label: f.label, value: template(f.value, scope) })).filter((f) => f.value);
      const exportedAt = props.pdf.exportedAt ? { label: props.pdf.exportedAt, value: dayjs().format('YYYY-MM-DD HH:mm') } : null;
      await exportScorePdf({ record, view, heading, labels, colors: props.colors, title: props.pdf.title, fileName: template(props.pdf.fileName, { item, query }), showFirstModule, owner, exportedAt });
    } catch (err) {
      if (err instanceof Error && err.message) notify.error(err.message);
    } finally {
      setExporting(false);
    }
  };

  return (
    <Paper withBorder radius="md" p="xl" data-testid="score-detail">
      {heading && <Title order={3} mb="md" data-testid="detail-heading">{heading}</Title>}
      <Group align="flex-start" gap="xl" wrap="nowrap">
        <Image src={record.thum || null} w={240} h={160} radius="md" fit="cover" alt={record.learn_name} fallbackSrc="" />
        <Stack gap={8} style={{ flex: 1 }}>
          <Title order={4} data-testid="detail-learn">{record.learn_name}</Title>
          <Group gap="xs">{record.subhead && <Badge variant="light">{record.subhead}</Badge>}</Group>
          <SimpleGrid cols={2} spacing={6}>
            <Info label={labels.trainedAt} value={record.created_at} />
            <Info label={labels.timeUsed} value={formatDuration(record.total_time)} testId="detail-time" />
            <Info label={labels.module} value={record.subtitle} />
            {showFirstModule && <Info label={labels.firstModuleTime} value={formatDuration(record.first_module_time)} testId="detail-first-module" />}
          </SimpleGrid>
          {record.evaluate && <Info label={labels.evaluate} value={record.evaluate} />}
          {record.mistake && <Info label={labels.mistake} value={record.mistake} />}
        </Stack>
        <Stack align="center" gap={4} style={{ minWidth: 120 }}>
          <Text size="sm" c="dimmed">{labels.score}</Text>
          <Text fz={40} fw={700} c={thresholdColor(props.colors, record.total_score)} data-testid="detail-score">{record.total_score}</Text>
        </Stack>
      </Group>

      <Divider my="lg" label={labels.detail} labelPosition="left" />
      {view.kind === 'table' && <DetailTable view={view} />}
      {view.kind === 'images' && <DetailImages images={view.images} />}
      {view.kind === 'empty' && <Text c="dimmed" size="sm">{labels.empty}</Text>}
      {bars && bars.length > 0 && (
        <>
          <Divider my="lg" label={labels.chart} labelPosition="left" />
          <StepChart bars={bars} colors={props.colors} />
        </>
      )}

      <Group mt="xl" gap="sm">
        <Button onClick={exportPdf} loading={exporting} data-testid="export-pdf">{props.pdf.label}</Button>
        {record.evalue === 1 && (
          <Button variant="light" onClick={() => navigate(template(props.evaluate.path, { item, query }))} data-testid="go-evaluate">{props.evaluate.label}</Button>
        )}
        <Button variant="default" onClick={() => navigate(props.back.path)}>{props.back.label}</Button>
      </Group>
    </Paper>
  );
}
