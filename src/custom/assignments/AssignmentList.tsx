import { Box, Paper, SimpleGrid, Skeleton } from '@mantine/core';
import type { RendererProps } from '../../engine';
import { FilterBar, Pager, StatsFigures, useRemoteList } from '../../renderers';
import { EmptyList, failedTitle, LoadFailed } from '../../renderers/ui/ListStatus';
import { resolveLink } from '../../renderers/links/links';
import { useListState } from '../../renderers/data/useListState';
import { useTemplateScope } from '../../renderers/data/useTemplateScope';
import type { AssignmentListProps } from './assignment-list.schema.gen';
import { DEFAULT_MESSAGES, type WorkItem, type WorkRules } from './types';
import { WorkCard } from './WorkCard';

export const DEFAULT_RULES: WorkRules = {
  maxImages: 2,
  maxBytes: 2 * 1024 * 1024,
  uploadEndpoint: 'common/upload_file',
  submitEndpoint: 'assign/insertmark',
  start: [{ when: 'item.learn_id', path: '/courses/${item.learn_id}/details-introduce' }],
};

/** `type: assignment-list` — my exams / my homework: summary header, filters, cards with the work flow, pager. */
export default function AssignmentList({ screen, props }: RendererProps<AssignmentListProps>) {
  const pageSize = props.pageSize ?? 8;
  const list = useListState(pageSize);
  const data = useRemoteList<WorkItem>(props.source, list.query);
  const rules = { ...DEFAULT_RULES, ...props.rules };
  const messages = { ...DEFAULT_MESSAGES, ...props.messages };
  const scope = useTemplateScope();

  let body;
  if (data.error) body = <LoadFailed title={failedTitle(screen?.title)} message={data.error} refused={data.refused} onRetry={data.reload} />;
  else if (data.loading && data.items.length === 0) body = <Skeleton height={220} radius="md" />;
  else if (data.items.length === 0) body = <EmptyList text={props.empty} />;
  else {
    body = (
      <SimpleGrid cols={{ base: 1, sm: 2, lg: 4 }} spacing="lg">
        {data.items.map((item) => (
          <WorkCard key={item.id} item={item} rules={rules} messages={messages} onSubmitted={data.reload}
            detailPath={resolveLink(props.links, { ...scope, item }) ?? undefined} startPath={resolveLink(rules.start, { ...scope, item }) ?? undefined} />
        ))}
      </SimpleGrid>
    );
  }

  return (
    <Box>
      {props.figures && (
        <Paper withBorder radius="md" p="md" mb="lg" data-testid="work-summary">
          <StatsFigures figures={props.figures} data={data.data ?? {}} state={data.error ? 'failed' : data.data === undefined ? 'loading' : 'ready'} />
        </Paper>
      )}
      <FilterBar config={props.filters} values={list.query.filters} onChange={list.setFilters} />
      {body}
      {!data.error && <Pager page={list.query.page} pageSize={pageSize} total={data.total} onChange={list.setPage} />}
    </Box>
  );
}
