import { Box, Paper, Skeleton, Table } from '@mantine/core';
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
import type { RendererProps } from '../../engine/registry';
import { FilterBar } from '../filters/FilterBar';
import { Pager } from '../pager';
import { EmptyList, LoadFailed } from '../shared/ListStatus';
import { useListState } from '../shared/useListState';
import { useRemoteList } from '../shared/useRemoteList';
import { useTemplateScope } from '../shared/useTemplateScope';
import { CellView } from './cells';
import { rowToneColor } from './rowTone';
import { Toolbar } from './Toolbar';
import type { TableColumn, TableProps } from './schema.gen';

type Row = Record<string, unknown>;
const features = tableFeatures({ rowPaginationFeature });
const helper = createColumnHelper<typeof features, Row>();

const columnId = (column: TableColumn, i: number) => `${i}-${column.field ?? column.kind ?? 'column'}`;

function columnDefs(columns: TableColumn[], screen: string | undefined): ColumnDef<typeof features, Row, unknown>[] {
  return columns.map((column, i) =>
    helper.display({
      id: columnId(column, i),
      header: column.title,
      cell: ({ row }) => <CellView column={column} row={row.original} screen={screen} />,
    }),
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
  const columns = useMemo(() => columnDefs(props.columns, screen?.id), [props.columns, screen?.id]);
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

  return (
    <Box>
      {props.toolbar && <Toolbar buttons={props.toolbar} onDone={data.reload} />}
      <FilterBar config={props.filters} onChange={list.setFilters} />
      {data.error ? (
        <LoadFailed message={data.error} onRetry={data.reload} />
      ) : (
        <Paper withBorder radius="md">
          <Table.ScrollContainer minWidth={480} type="native">
            <Table verticalSpacing="sm" horizontalSpacing="md" highlightOnHover>
              <Table.Thead>
                {table.getHeaderGroups().map((group) => (
                  <Table.Tr key={group.id}>
                    {group.headers.map((header) => (
                      <Table.Th key={header.id} w={widths.get(header.column.id)}>
                        {header.isPlaceholder ? null : <table.FlexRender header={header} />}
                      </Table.Th>
                    ))}
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
