// @vitest-environment jsdom
// The table's `upload` row action with `params`, as the administrator's course list uses it
// (config/screens/admin-courses.yaml, 上传封面): the chosen file goes to admin/course/image with the row's id.
import './setup-dom';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { readFileSync } from 'node:fs';
import { parse } from 'yaml';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import TableRenderer from '../../src/renderers/table';
import type { TableProps } from '../../src/renderers/table/schema.gen';
import { renderWithProviders } from './renderer-harness';

const mocks = vi.hoisted(() => ({ call: vi.fn(), upload: vi.fn(), success: vi.fn() }));
vi.mock('../../src/renderers/shared/engine', async () =>
  (await import('./renderer-harness')).fakeEngine({ api: { call: mocks.call, upload: mocks.upload }, notify: { success: mocks.success, error: vi.fn() } }),
);

const props = parse(readFileSync('config/screens/admin-courses.yaml', 'utf8'), { merge: true }).props as TableProps;
const SCREEN = { id: 'admin-courses', route: '/admin/courses', type: 'table' };

beforeEach(() => {
  mocks.call.mockReset();
  mocks.upload.mockReset();
  mocks.call.mockImplementation(async (name: string) => {
    if (name === 'admin/courses') return { data: [{ id: 41, name: '心肺复苏', thum: '', state: 1, records: 0, visible_to: '全校' }], total: 1 };
    throw new Error(name);
  });
  mocks.upload.mockResolvedValue({ id: 41, thum: '/files/a.png' });
});

describe('table upload action with params (admin courses)', () => {
  it('sends the chosen cover with the row id and reloads the list', async () => {
    renderWithProviders(<TableRenderer screen={SCREEN} props={props} />);
    await waitFor(() => expect(screen.getAllByTestId('table-row')).toHaveLength(1));
    const row = screen.getAllByTestId('table-row')[0];
    expect(within(row).getByRole('button', { name: '上传封面' })).toBeTruthy();
    const input = row.querySelector('input[type=file][data-upload="admin/course/image"]') as HTMLInputElement;
    expect(input.accept).toBe('image/png,image/jpeg');
    const file = new File([new Uint8Array([0x89, 0x50])], 'cover.png', { type: 'image/png' });
    fireEvent.change(input, { target: { files: [file] } });
    await waitFor(() => expect(mocks.upload).toHaveBeenCalledWith('admin/course/image', file, { params: { id: 41 } }));
    await waitFor(() => expect(mocks.success).toHaveBeenCalledWith('封面已更新'));
    await waitFor(() => expect(mocks.call.mock.calls.filter(([name]) => name === 'admin/courses').length).toBe(2));
  });
});
