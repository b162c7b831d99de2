// @vitest-environment jsdom
// The table's `download` row action as the teacher's assignment list (config/screens/teacher-assignments.yaml) uses it:
// 下载作品 (progress: true) is fetched by the page, which follows its progress and saves the file; 导出成绩 hands the
// browser a link to the GET call. Both carry the row's parameters.
import './setup-dom';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { readFileSync } from 'node:fs';
import { parse } from 'yaml';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import TableRenderer from '../../src/renderers/table';
import type { TableProps } from '../../src/renderers/table/schema.gen';
import { renderWithProviders } from './renderer-harness';

const mocks = vi.hoisted(() => ({ call: vi.fn(), fileUrl: vi.fn(), success: vi.fn(), fetchDownload: vi.fn(), saveFile: vi.fn() }));
vi.mock('../../src/renderers/shared/engine', async () =>
  (await import('./renderer-harness')).fakeEngine({
    api: { call: mocks.call, fileUrl: mocks.fileUrl }, notify: { success: mocks.success, error: vi.fn() },
    fetchDownload: mocks.fetchDownload, saveFile: mocks.saveFile, DownloadError: class extends Error {},
  }),
);

const props = parse(readFileSync('config/screens/teacher-assignments.yaml', 'utf8'), { merge: true }).props as TableProps;
const SCREEN = { id: 'teacher-assignments', route: '/teacher/assignments', type: 'table' };
const row = (id: number, submitted: number) => ({
  id, title: `作业${id}`, kind: 'homework', kind_name: '作业', classify_name: '拍照上传', class_summary: '口腔1班', end_time: '2026-09-10 18:00:00',
  published: 1, mine: true, students: 30, submitted, graded: 0, ungraded: submitted, missing: 30 - submitted,
});

let clicked: { href: string | null; download: string | null }[] = [];
beforeEach(() => {
  clicked = [];
  mocks.call.mockReset();
  mocks.success.mockReset();
  mocks.saveFile.mockReset();
  mocks.fetchDownload.mockReset().mockResolvedValue({ name: '作业7.zip', blob: new Blob(['zip']) });
  mocks.call.mockImplementation(async (name: string) => {
    if (name === 'staff/assignments') return { data: [row(7, 3), row(8, 0)], total: 2 };
    throw new Error(name);
  });
  mocks.fileUrl.mockImplementation((name: string, params: Record<string, unknown>) => `api/${name}?${new URLSearchParams(params as Record<string, string>)}`);
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    clicked.push({ href: this.getAttribute('href'), download: this.getAttribute('download') });
  });
});
afterEach(() => vi.restoreAllMocks());

describe('table download action (teacher assignments)', () => {
  it('downloads the zip of a row with submissions through the page (with its progress) and its scores through a link', async () => {
    renderWithProviders(<TableRenderer screen={SCREEN} props={props} />);
    await waitFor(() => expect(screen.getAllByTestId('table-row')).toHaveLength(2));
    const [withWork, empty] = screen.getAllByTestId('table-row');
    expect(within(empty).queryByRole('button', { name: '下载作品' })).toBeNull(); // nothing handed in yet
    expect(within(empty).getByRole('button', { name: '导出成绩' })).toBeTruthy();

    fireEvent.click(within(withWork).getByRole('button', { name: '下载作品' }));
    expect(mocks.fileUrl).toHaveBeenCalledWith('staff/assignment/zip', { id: 7 });
    expect(mocks.fetchDownload).toHaveBeenCalledWith('api/staff/assignment/zip?id=7', expect.objectContaining({ signal: expect.any(AbortSignal) }));
    await waitFor(() => expect(mocks.saveFile).toHaveBeenCalledWith({ name: '作业7.zip', blob: expect.any(Blob) }));
    expect(clicked).toEqual([]); // followed by the page, not handed to the browser

    fireEvent.click(within(withWork).getByRole('button', { name: '导出成绩' }));
    expect(clicked).toEqual([{ href: 'api/staff/assignment/export?id=7', download: '' }]);
    expect(document.querySelectorAll('a[download]')).toHaveLength(0); // the link is not left in the page
    expect(mocks.call).not.toHaveBeenCalledWith('staff/assignment/zip', expect.anything());
  });
});

describe('export of a filtered list (班级成绩, withFilters)', () => {
  const results = parse(readFileSync('config/screens/teacher-results.yaml', 'utf8'), { merge: true }).props as TableProps;
  const RESULTS = { id: 'teacher-results', route: '/teacher/results', type: 'table' };

  it('sends the search the list was filtered by, and nothing when it is not filtered', async () => {
    mocks.call.mockImplementation(async (name: string) => {
      if (name === 'staff/results') return { data: [{ class_id: 1, class_name: '口腔1班', learn_id: 2, learn_name: '卡环弯制', participants: 3, attempts: 4 }], total: 1 };
      throw new Error(name);
    });
    renderWithProviders(<TableRenderer screen={RESULTS} props={results} />, '/teacher/results');
    await waitFor(() => expect(screen.getAllByTestId('table-row')).toHaveLength(1));
    fireEvent.click(screen.getByRole('button', { name: '导出成绩' }));
    expect(clicked.at(-1)).toEqual({ href: 'api/staff/results/export?', download: '' });

    const search = screen.getByPlaceholderText('搜索班级或实训项目');
    fireEvent.change(search, { target: { value: '卡环' } });
    fireEvent.keyDown(search, { key: 'Enter' });
    await waitFor(() => expect(mocks.call).toHaveBeenCalledWith('staff/results', expect.objectContaining({ keyword: '卡环' }), expect.anything()));
    fireEvent.click(screen.getByRole('button', { name: '导出成绩' }));
    expect(clicked.at(-1)).toEqual({ href: `api/staff/results/export?keyword=${encodeURIComponent('卡环')}`, download: '' });
    expect(mocks.fileUrl).toHaveBeenLastCalledWith('staff/results/export', { keyword: '卡环' });
  });
});
