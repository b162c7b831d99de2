import { Box, Group, Paper, Skeleton, Table, Text, Title, UnstyledButton } from '@mantine/core';
import {
  createColumnHelper,
  functionalUpdate,
  rowPaginationFeature,
  tableFeatures,
  useTable,
  type ColumnDef,
  type PaginationState,
  type Updater,
} from '@tanstack/react-table';
import { useEffect, useMemo } from 'react';
import type { RendererProps } from '../shared/engine';
import { FilterBar } from '../filters/FilterBar';
import { Pager } from '../pager';
import { EmptyList, failedTitle, LoadFailed } from '../ui/ListStatus';
import { useListState } from '../data/useListState';
import { useRemoteList } from '../data/useRemoteList';
import { template } from '../shared/engine';
import { useTemplateScope } from '../data/useTemplateScope';
import { CellView } from './cells';
import { rowToneColor } from './rowTone';
import { Toolbar } from './Toolbar';
import type { TableColumn, TableProps } from './schema.gen';

type Row = Record<string, unknown>;
const features = tableFeatures({ rowPaginationFeature });
const helper = createColumnHelper<typeof features, Row>();

const columnId = (column: TableColumn, i: number) => `${i}-${column.field ?? column.kind ?? 'column'}`;

function columnDefs(columns: TableColumn[], screen: string | undefined, onDone: () => void): ColumnDef<typeof features, Row, unknown>[] {
  return columns.map((column, i) =>
    helper.display({
      id: columnId(column, i),
      header: column.title,
      cell: ({ row }) => <CellView column={column} row={row.original} screen={screen} onDone={onDone} />,
    }),
  );
}

type SortState = { key: string; order: 'asc' | 'desc' } | null;
const SORT_MARK = { asc: '▲', desc: '▼' } as const;
const ARIA_SORT = { asc: 'ascending', desc: 'descending' } as const;

/** The order the list is sorted by this column in, or null. */
const sortedBy = (column: TableColumn, sort: SortState) => (sort?.key === (column.sortKey ?? column.field ?? '') ? sort.order : null);

/** A sortable heading: ascending, descending, then back to the server's default order. */
function SortHeading({ column, sort, onSort }: { column: TableColumn; sort: SortState; onSort: (next: SortState) => void }) {
  const key = column.sortKey ?? column.field ?? '';
  const current = sortedBy(column, sort);
  const next: SortState = current === null ? { key, order: 'asc' } : current === 'asc' ? { key, order: 'desc' } : null;
  return (
    <UnstyledButton onClick={() => onSort(next)} fw={700} fz="sm">
      <Group gap={4} wrap="nowrap">
        {column.title}
        <span aria-hidden style={{ opacity: current ? 1 : 0.3, fontSize: '0.7em' }}>{current ? SORT_MARK[current] : '▲▼'}</span>
      </Group>
    </UnstyledButton>
  );
}

/** `type: table` — rows of a YAML source in columns; paged on the server when `pageSize` is set. */
export type TableRendererProps = RendererProps<TableProps> & {
  /**
   * For pieces that embed a table: called with each reply's whole `data` (e.g. summary figures next to the rows), or
   * with `failed` when the list could not be loaded.
   */
  onReply?: (data: unknown, failed: boolean) => void;
};

export default function TableRenderer({ screen, props, onReply }: TableRendererProps) {
  const list = useListState(props.pageSize);
  const data = useRemoteList<Row>(props.source, list.query);
  const scope = useTemplateScope();
  useEffect(() => {
    if (data.data !== undefined || data.error) onReply?.(data.data, Boolean(data.error));
  }, [data.data, data.error, onReply]);
  const columns = useMemo(() => columnDefs(props.columns, screen?.id, data.reload), [props.columns, screen?.id, data.reload]);
  // The sort is a pair of list filters, so it comes back with them (back/forward) like any other filter.
  const sortParam = props.sort?.param ?? 'sort';
  const orderParam = props.sort?.orderParam ?? 'order';
  const sortKey = list.query.filters[sortParam];
  const sort: SortState = typeof sortKey === 'string' && sortKey ? { key: sortKey, order: list.query.filters[orderParam] === 'desc' ? 'desc' : 'asc' } : null;
  const sortBy = (next: SortState) => list.setFilters({ [sortParam]: next?.key, [orderParam]: next?.order });
  const pagination: PaginationState = { pageIndex: list.query.page - 1, pageSize: props.pageSize ?? Math.max(1, data.items.length) };

  // The table owns page state the way refine's useTable does: its page changes become the list query.
  const table = useTable({
    features,
    columns,
    data: data.items,
    manualPagination: true,
    rowCount: data.total,
    state: { pagination },
    onPaginationChange: (updater: Updater<PaginationState>) => list.setPage(functionalUpdate(updater, pagination).pageIndex + 1),
  });

  const colCount = props.columns.length;
  const widths = new Map(props.columns.map((c, i) => [columnId(c, i), c.width]));
  const sortable = new Map(props.columns.map((c, i) => [columnId(c, i), c.sortable ? c : undefined]));
  let rows;
  if (data.loading && data.items.length === 0) {
    rows = Array.from({ length: Math.min(props.pageSize ?? 5, 8) }, (_, i) => (
      <Table.Tr key={i}>
        {props.columns.map((_c, j) => (
          <Table.Td key={j}><Skeleton height={14} width={j === 0 ? 36 : '60%'} radius={j === 0 ? 'xl' : 'sm'} /></Table.Td>
        ))}
      </Table.Tr>
    ));
  } else if (data.items.length === 0) {
    rows = (
      <Table.Tr>
        <Table.Td colSpan={colCount}><EmptyList text={props.empty} /></Table.Td>
      </Table.Tr>
    );
  } else {
    rows = table.getRowModel().rows.map((row) => (
      <Table.Tr key={row.id} data-testid="table-row" {...rowToneColor(props.rowTone, row.original, row.index, scope)}>
        {row.getAllCells().map((cell) => (
          <Table.Td key={cell.id}><table.FlexRender cell={cell} /></Table.Td>
        ))}
      </Table.Tr>
    ));
  }

  const captionScope = { ...scope, record: (data.data ?? {}) as Record<string, unknown> };
  return (
    <Box>
      {props.caption && data.data !== undefined && (
        <Box mb="md" data-testid="table-caption">
          {props.caption.title && <Title order={4}>{template(props.caption.title, captionScope)}</Title>}
          {props.caption.text && <Text size="sm" c="dimmed" mt={4} style={{ whiteSpace: 'pre-line' }}>{template(props.caption.text, captionScope)}</Text>}
        </Box>
      )}
      {props.toolbar && data.data !== undefined && <Toolbar buttons={props.toolbar} scope={{ ...captionScope, filters: list.query.filters }} screen={screen?.id} onDone={data.reload} />}
      <FilterBar config={props.filters} values={list.query.filters} onChange={list.setFilters} />
      {data.error ? (
        <LoadFailed title={failedTitle(screen?.title)} message={data.error} refused={data.refused} onRetry={data.reload} />
      ) : (
        <Paper withBorder radius="md">
          <Table.ScrollContainer minWidth={480} type="native">
            <Table verticalSpacing="sm" horizontalSpacing="md" highlightOnHover>
              <Table.Thead>
                {table.getHeaderGroups().map((group) => (
                  <Table.Tr key={group.id}>
                    {group.headers.map((header) => {
                      const sortColumn = header.isPlaceholder ? undefined : sortable.get(header.column.id);
                      // aria-sort belongs to the column header (on its button, axe reports it as not allowed).
                      const order = sortColumn && sortedBy(sortColumn, sort);
                      return (
                        <Table.Th key={header.id} w={widths.get(header.column.id)} style={{ whiteSpace: 'nowrap' }}
                          aria-sort={sortColumn ? (order ? ARIA_SORT[order] : 'none') : undefined}>
                          {header.isPlaceholder ? null : sortColumn
                            ? <SortHeading column={sortColumn} sort={sort} onSort={sortBy} />
                            : <table.FlexRender header={header} />}
                        </Table.Th>
                      );
                    })}
                  </Table.Tr>
                ))}
              </Table.Thead>
              <Table.Tbody>{rows}</Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        </Paper>
      )}
      {props.pageSize && !data.error && (
        <Pager page={list.query.page} pageSize={props.pageSize} total={data.total} pagerCount={props.pagerCount}
          onChange={(page) => table.setPageIndex(page - 1)} />
      )}
    </Box>
  );
}
