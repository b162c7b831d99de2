// @vitest-environment jsdom
import './setup-dom';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { readFileSync } from 'node:fs';
import { parse } from 'yaml';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { APP_ACTION_EVENT, type AppActionDetail } from '../../src/renderers/actions/actions';
import TableRenderer from '../../src/renderers/table';
import type { TableProps } from '../../src/renderers/table/schema.gen';
import { renderWithProviders } from './renderer-harness';

const mocks = vi.hoisted(() => ({ call: vi.fn() }));
vi.mock('../../src/renderers/shared/engine', async () =>
  (await import('./renderer-harness')).fakeEngine({ api: { call: mocks.call } }),
);

const screenFile = parse(readFileSync('config/screens/teacher-list.yaml', 'utf8'));
const teacherProps = screenFile.props as TableProps;
const SCREEN = { id: 'teacher-list', route: '/ucenter/teacherlist', type: 'table' };

const TEACHERS = [
  { id: 31, realname: '李老师', head_img: 'http://example.test/li.png' },
  { id: 32, realname: '王老师', head_img: '' },
];

beforeEach(() => {
  mocks.call.mockReset();
});

describe('table renderer (teacher list)', () => {
  it('reads answer/getteacher and shows each teacher with avatar and name', async () => {
    mocks.call.mockResolvedValue(TEACHERS);
    renderWithProviders(<TableRenderer screen={SCREEN} props={teacherProps} />);
    await waitFor(() => expect(screen.getAllByTestId('table-row')).toHaveLength(2));
    expect(mocks.call).toHaveBeenCalledWith('answer/getteacher', {}, { silent: true });
    const [li, wang] = screen.getAllByTestId('table-row');
    expect(within(li).getByText('李老师')).toBeTruthy();
    expect(within(li).getByRole('img').getAttribute('src')).toBe('http://example.test/li.png');
    // no picture: the avatar falls back to the teacher's initials
    expect(within(wang).queryByRole('img')).toBeNull();
    expect(screen.getByRole('columnheader', { name: '姓名' })).toBeTruthy();
  });

  it('raises the ask action with the teacher row when 提问 is clicked', async () => {
    mocks.call.mockResolvedValue(TEACHERS);
    const seen: AppActionDetail[] = [];
    const listener = (e: Event) => seen.push((e as CustomEvent<AppActionDetail>).detail);
    window.addEventListener(APP_ACTION_EVENT, listener);
    try {
      renderWithProviders(<TableRenderer screen={SCREEN} props={teacherProps} />);
      await waitFor(() => expect(screen.getAllByTestId('table-row')).toHaveLength(2));
      fireEvent.click(within(screen.getAllByTestId('table-row')[1]).getByRole('button', { name: '提问' }));
      expect(seen).toEqual([{ action: 'ask', row: TEACHERS[1], screen: 'teacher-list' }]);
    } finally {
      window.removeEventListener(APP_ACTION_EVENT, listener);
    }
  });

  it('shows its empty text when there are no rows', async () => {
    mocks.call.mockResolvedValue([]);
    renderWithProviders(<TableRenderer screen={SCREEN} props={teacherProps} />);
    await waitFor(() => expect(screen.getByText('暂无答疑老师')).toBeTruthy());
  });

  it('pages on the server when pageSize is set', async () => {
    mocks.call.mockImplementation(async (_name: string, params: Record<string, unknown>) => ({
      list: { data: [{ id: Number(params.page), realname: `第${params.page}页`, created_at: '2024-05-06 07:08:09' }], total: 25 },
    }));
    const props: TableProps = {
      source: { endpoint: 'message/get_list', items: 'list.data', total: 'list.total' },
      pageSize: 10,
      columns: [{ title: '姓名', field: 'realname' }, { title: '时间', field: 'created_at', kind: 'datetime' }],
    };
    renderWithProviders(<TableRenderer screen={SCREEN} props={props} />);
    await waitFor(() => expect(screen.getByText('第1页')).toBeTruthy());
    expect(screen.getByText('2024-05-06 07:08')).toBeTruthy();
    // The pager is drawn once the first frame is painted (useAfterFirstPaint).
    expect(await screen.findByText('共 25 条')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: '3' }));
    await waitFor(() => expect(screen.getByText('第3页')).toBeTruthy());
    expect(mocks.call).toHaveBeenLastCalledWith('message/get_list', { page: 3, page_size: 10 }, { silent: true });
  });

  it('sorts by a sortable column: ascending, descending, then the server\'s order, told to screen readers on the column header', async () => {
    // Each reply names the order it was asked for.
    mocks.call.mockImplementation(async (_name: string, params: Record<string, unknown>) =>
      ({ data: [{ id: 1, class_name: params.sort ? `按 ${params.sort} ${params.order}` : '默认顺序', students: 30 }], total: 1 }));
    const classes = parse(readFileSync('config/screens/admin-classes.yaml', 'utf8'), { merge: true }).props as TableProps;
    renderWithProviders(<TableRenderer screen={{ id: 'admin-classes', route: '/admin/classes', type: 'table' }} props={classes} />);
    await screen.findByText('默认顺序');
    const header = () => screen.getByRole('columnheader', { name: /班级名称/ });
    expect(header().getAttribute('aria-sort')).toBe('none');
    expect(within(header()).getByRole('button').hasAttribute('aria-sort')).toBe(false);
    // A column that cannot be sorted says nothing about order.
    expect(screen.getByRole('columnheader', { name: '待审核' }).hasAttribute('aria-sort')).toBe(false);

    fireEvent.click(within(header()).getByRole('button'));
    await screen.findByText('按 class_name asc');
    expect(header().getAttribute('aria-sort')).toBe('ascending');
    fireEvent.click(within(header()).getByRole('button'));
    await screen.findByText('按 class_name desc');
    expect(header().getAttribute('aria-sort')).toBe('descending');
    fireEvent.click(within(header()).getByRole('button'));
    await screen.findByText('默认顺序');
    expect(header().getAttribute('aria-sort')).toBe('none');
  });
});
