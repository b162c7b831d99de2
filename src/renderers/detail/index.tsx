import { Alert, Box, Card, Grid, Group, Skeleton, Stack, Text, Title } from '@mantine/core';
import { useMemo } from 'react';
import { useParams } from 'react-router-dom';
import type { RendererProps } from '../shared/engine';
import { formatCount, formatDate, formatText } from '../format/format';
import { failedTitle, LoadFailed } from '../ui/ListStatus';
import { readPath } from '../data/request';
import { useRemoteRecord } from '../data/useRemoteRecord';
import { useTemplateScope } from '../data/useTemplateScope';
import { briefText } from './brief';
import { DetailActions } from './DetailActions';
import { Gallery } from './Gallery';
import { SectionTabs } from './SectionTabs';
import type { DetailProps } from './schema.gen';

type Row = Record<string, unknown>;

function metaText(format: string | undefined, value: unknown): string {
  if (format === 'count') return formatCount(value);
  if (format === 'date' || format === 'datetime') return formatDate(value, format);
  return formatText(value);
}

/** `type: detail` — one record from a source, laid out by YAML: alerts, header with actions, gallery, tabs. */
export default function DetailRenderer({ screen, props }: RendererProps<DetailProps>) {
  const base = useTemplateScope();
  const params = useParams();
  const scope = useMemo(() => ({ ...base, params: params as Record<string, string> }), [base, params]);
  const { record, error, refused, patch, reload } = useRemoteRecord<Row>(props.source, scope, { failed: props.notFound });

  if (error) return <LoadFailed title={failedTitle(screen?.title)} message={error} refused={refused} onRetry={reload} />;
  if (!record) return <Skeleton height={360} radius="md" data-testid="detail-loading" />;

  const full = { ...scope, record };
  const { header } = props;
  const list = (field?: string) => (field ? ((readPath(record, field) as Row[] | undefined) ?? []) : []);
  const brief = header.brief ? formatText(record[header.brief.field]) : '';

  return (
    <Stack gap="lg" data-testid="course-detail">
      {props.alerts?.map((a) => record[a.field] ? (
        <Alert key={a.field} color={a.color ?? 'orange'} data-testid={`alert-${a.field}`}>{formatText(record[a.field])}</Alert>
      ) : null)}
      <Card withBorder radius="md" padding="lg">
        <Grid gap="xl">
          <Grid.Col span={{ base: 12, md: 7 }}>
            {props.gallery ? <Gallery files={list(props.gallery.field)} config={props.gallery} /> : null}
          </Grid.Col>
          <Grid.Col span={{ base: 12, md: 5 }}>
            <Stack gap="sm">
              <Title order={2} data-testid="detail-title">{formatText(record[header.title])}</Title>
              {header.meta && (
                <Group gap="lg">
                  {header.meta.map((m) => (
                    <Text key={m.field} size="sm" c="dimmed" data-field={m.field}>
                      {m.label ? `${m.label}：` : ''}{metaText(m.format, record[m.field])}{m.suffix}
                    </Text>
                  ))}
                </Group>
              )}
              {header.brief && brief && (
                <Text size="sm" title={brief} data-testid="detail-brief">{briefText(brief, header.brief.longerThan, header.brief.cutTo)}</Text>
              )}
              {props.actions && <DetailActions actions={props.actions} scope={full} patch={patch} />}
              {header.tip && <Text size="xs" c="orange" data-testid="detail-tip">{header.tip}</Text>}
            </Stack>
          </Grid.Col>
        </Grid>
      </Card>
      {props.tabs && (
        <Box>
          <Card withBorder radius="md" padding="lg"><SectionTabs sections={list(props.tabs.field)} config={props.tabs} /></Card>
        </Box>
      )}
    </Stack>
  );
}
