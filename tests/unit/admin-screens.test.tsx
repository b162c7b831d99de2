// @vitest-environment jsdom
// The administration console's shipped YAML on the generic table: a drill-down page (专业 of one 院系) whose 新建 form
// starts with that 院系 chosen, and keeps what the administrator typed when the select's choices arrive late.
import './setup-dom';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { readFileSync } from 'node:fs';
import { parse } from 'yaml';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import TableRenderer from '../../src/renderers/table';
import type { TableProps } from '../../src/renderers/table/schema.gen';
import { formReady, renderWithProviders } from './renderer-harness';

const mocks = vi.hoisted(() => ({ call: vi.fn(), success: vi.fn() }));
vi.mock('../../src/renderers/shared/engine', async () =>
  (await import('./renderer-harness')).fakeEngine({ api: { call: mocks.call, callWithMessage: async (name: string, params: unknown) => ({ data: await mocks.call(name, params), message: '' }) }, notify: { success: mocks.success, error: vi.fn() } }),
);

const props = parse(readFileSync('config/screens/admin-majors.yaml', 'utf8'), { merge: true }).props as TableProps;
const SCREEN = { id: 'admin-majors', route: '/admin/majors', type: 'table' };
let releaseChoices: () => void = () => undefined;

beforeEach(() => {
  mocks.call.mockReset();
  mocks.call.mockImplementation(async (name: string) => {
    if (name === 'admin/majors') return { data: [{ id: 1, major_name: '口腔医学', depart_id: 3, department_name: '口腔医学院', grades: 4, students: 90 }], total: 1 };
    if (name === 'admin/org/choices') {
      await new Promise<void>((resolve) => (releaseChoices = resolve)); // the choices come after the typing
      return { departments: [{ id: 3, name: '口腔医学院' }, { id: 4, name: '护理学院' }] };
    }
    if (name === 'admin/major/save') return { id: 2 };
    throw new Error(name);
  });
});

describe('admin console screens (generic table)', () => {
  it("lists one department's majors and creates one there, keeping what was typed before the choices arrived", { timeout: 20000 }, async () => {
    renderWithProviders(<TableRenderer screen={SCREEN} props={props} />, '/admin/majors?depart_id=3&name=口腔医学院');
    await waitFor(() => expect(screen.getAllByTestId('table-row')).toHaveLength(1));
    expect(mocks.call).toHaveBeenCalledWith('admin/majors', { depart_id: '3', page: 1, page_size: 20 }, { silent: true });
    expect(screen.getByText('口腔医学院 的专业')).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: '新建专业' }));
    const dialog = await screen.findByRole('dialog');
    await formReady();
    const name = () => dialog.querySelector('#root_major_name') as HTMLInputElement;
    fireEvent.change(name(), { target: { value: '口腔修复学' } });
    releaseChoices();
    await waitFor(() => expect((dialog.querySelector('#root_depart_id') as HTMLInputElement).value).toBe('口腔医学院'));
    expect(name().value).toBe('口腔修复学');
    fireEvent.click(within(dialog).getByRole('button', { name: '保存' }));
    await waitFor(() => expect(mocks.call).toHaveBeenCalledWith('admin/major/save', { depart_id: 3, major_name: '口腔修复学', sort: 0 }));
  });
});
