import { Box, Card, SimpleGrid, Skeleton, Title } from '@mantine/core';
import { Fragment } from 'react';
import type { RendererProps } from '../shared/engine';
import { FilterBar } from '../filters/FilterBar';
import { Pager } from '../pager';
import { resolveLink } from '../links/links';
import { resolveValue } from '../data/request';
import { EmptyList, failedTitle, LoadFailed } from '../ui/ListStatus';
import { useListState } from '../data/useListState';
import { useRemoteList } from '../data/useRemoteList';
import { useTemplateScope } from '../data/useTemplateScope';
import { CourseCard } from './CourseCard';
import { CARDS_PAGE_SIZE } from './firstCalls';
import type { CardsProps } from './schema.gen';

const GRID_COLS = { base: 1, xs: 2, md: 3, lg: 4 };

/** `type: cards` — a server-paged card grid with a filter bar (the practice list). */
export default function CardsRenderer({ screen, props, renderScreen }: RendererProps<CardsProps>) {
  const pageSize = props.pageSize ?? CARDS_PAGE_SIZE;
  const list = useListState(pageSize);
  const data = useRemoteList<Record<string, unknown>>(props.source, list.query);
  const scope = useTemplateScope();
  const heading = props.heading ? String(resolveValue(props.heading, scope) ?? '') : '';

  let body;
  if (data.error) {
    body = <LoadFailed title={failedTitle(screen?.title)} message={data.error} refused={data.refused} onRetry={data.reload} />;
  } else if (data.loading && data.items.length === 0) {
    body = (
      <SimpleGrid cols={GRID_COLS} spacing="lg" data-testid="cards-loading">
        {Array.from({ length: pageSize }, (_, i) => (
          <Card key={i} withBorder radius="md" padding="md">
            <Card.Section><Skeleton height={160} radius={0} /></Card.Section>
            <Skeleton height={16} mt="md" width="80%" />
            <Skeleton height={12} mt="sm" width="60%" />
            <Skeleton height={12} mt="sm" width="40%" />
          </Card>
        ))}
      </SimpleGrid>
    );
  } else if (data.items.length === 0) {
    body = <EmptyList text={props.empty} />;
  } else {
    body = (
      <SimpleGrid cols={GRID_COLS} spacing="lg" aria-busy={data.loading || undefined} style={{ opacity: data.loading ? 0.6 : 1, transition: 'opacity 120ms' }}>
        {data.items.map((item, i) => (
          <CourseCard key={String(item.id ?? i)} item={item} layout={props.card}
            to={resolveLink(props.card.links, { ...scope, item })} />
        ))}
      </SimpleGrid>
    );
  }

  return (
    <Box>
      {props.above?.map((id) => <Fragment key={id}>{renderScreen?.(id, { placeholder: false })}</Fragment>)}
      {heading && !props.filters && <Title order={2} size="h3" mb="md" data-testid="cards-heading">{heading}</Title>}
      <FilterBar config={props.filters} values={list.query.filters} onChange={list.setFilters}
        title={heading && <Title order={2} size="h3" mb="xs" data-testid="cards-heading">{heading}</Title>} />
      {body}
      {!data.error && (
        <Pager page={list.query.page} pageSize={pageSize} total={data.total} pagerCount={props.pagerCount} onChange={list.setPage} />
      )}
    </Box>
  );
}
