import { Paper, Skeleton, Title } from '@mantine/core';
import type { RendererProps } from '../shared/engine';
import { template } from '../shared/engine';
import { failedTitle, LoadFailed } from '../ui/ListStatus';
import { useRemoteRecord } from '../data/useRemoteRecord';
import { useTemplateScope } from '../data/useTemplateScope';
import type { StatsProps } from './schema.gen';
import { StatsFigures } from './StatsFigures';

/** `type: stats` — a row of figures read from one call (e.g. a student's training count, time and ranks). */
export default function StatsRenderer({ screen, props }: RendererProps<StatsProps>) {
  const scope = useTemplateScope();
  const { record, error, refused, reload } = useRemoteRecord<object>(props.source, scope);

  if (error) return <LoadFailed title={failedTitle(screen?.title)} message={error} refused={refused} onRetry={reload} />;
  return (
    <Paper withBorder radius="md" p="lg">
      {props.heading && <Title order={4} mb="md">{template(props.heading, scope)}</Title>}
      {record ? <StatsFigures figures={props.figures} data={record} /> : <Skeleton height={56} data-testid="stats-loading" />}
    </Paper>
  );
}

export { StatsFigures } from './StatsFigures';
