// @vitest-environment jsdom
// The table's generic extensions as the question list (config/screens/questionon.yaml) uses them:
// rows coloured by a rowTone expression, and a toolbar button opening a YAML form dialog that posts and reloads.
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
  (await import('./renderer-harness')).fakeEngine({ api: { call: mocks.call, callWithMessage: async (name: string, params: unknown) => ({ data: await mocks.call(name, params), message: 'success' }) }, notify: { success: mocks.success, error: vi.fn() } }),
);

const props = parse(readFileSync('config/screens/questionon.yaml', 'utf8')).props as TableProps;
const SCREEN = { id: 'questionon', route: '/ucenter/Questionon', type: 'table' };
const topic = (id: number) => ({ id, title: `问题${id}`, content: `描述${id}`, created_at: '2026-09-01 10:00:00', updated_at: '2026-09-01 11:00:00', teacher: { id: 5, name: '李老师' }, learn: { id: 9, name: '全冠预备' } });

let topics = [topic(1), topic(2), topic(3)];
beforeEach(() => {
  topics = [topic(1), topic(2), topic(3)];
  mocks.call.mockReset();
  mocks.success.mockReset();
  mocks.call.mockImplementation(async (name: string) => {
    if (name === 'topic/list') return { data: topics, total: topics.length };
    if (name === 'topic/teachers') return [{ id: 5, name: '李老师' }, { id: 6, name: '王老师' }];
    if (name === 'learn/get') return { learn: [{ id: 9, name: '全冠预备' }], allCount: 1 };
    if (name === 'topic/add') {
      topics = [topic(4), ...topics];
      return { id: 4 };
    }
    throw new Error(name);
  });
});

describe('table toolbar dialog and row tones (question list)', () => {
  it('pages by 8, shows names from nested objects and colours rows warning / success by index', async () => {
    renderWithProviders(<TableRenderer screen={SCREEN} props={props} />);
    await waitFor(() => expect(screen.getAllByTestId('table-row')).toHaveLength(3));
    expect(mocks.call).toHaveBeenCalledWith('topic/list', { page: 1, page_size: 8 }, { silent: true });
    const rows = screen.getAllByTestId('table-row');
    expect(rows.map((r) => r.getAttribute('data-tone'))).toEqual(['warning', 'success', 'warning']);
    expect(within(rows[0]).getByText('李老师')).toBeTruthy();
    expect(within(rows[0]).getByText('全冠预备')).toBeTruthy();
    for (const h of ['标题', '提问老师', '问题描述', '相关实验', '创建时间', '修改时间']) expect(screen.getByRole('columnheader', { name: h })).toBeTruthy();
  });

  it('opens the form on 添加 with choices from the server, closes on 取消, and says what is missing', { timeout: 20000 }, async () => {
    renderWithProviders(<TableRenderer screen={SCREEN} props={props} />);
    fireEvent.click(await screen.findByRole('button', { name: '添加' }));
    const dialog = await screen.findByRole('dialog');
    await formReady();
    expect(within(dialog).getByText('添加问题')).toBeTruthy();
    await waitFor(() => expect(mocks.call).toHaveBeenCalledWith('learn/get', { page: 1, page_size: 9999 }));
    expect(mocks.call).toHaveBeenCalledWith('topic/teachers', {});
    expect((dialog.querySelector('#root_content') as HTMLTextAreaElement).rows).toBe(2);
    fireEvent.click(within(dialog).getByRole('button', { name: '确定' }));
    await within(dialog).findAllByText('请输入标题');
    for (const message of ['请输入标题', '请选择提问老师', '请选择相关实验', '请输入内容！']) expect((await within(dialog).findAllByText(message)).length).toBeGreaterThan(0);
    expect(mocks.call).not.toHaveBeenCalledWith('topic/add', expect.anything());
    fireEvent.click(within(dialog).getByRole('button', { name: '取消' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('posts the filled form, closes, says so and reloads the list', { timeout: 20000 }, async () => {
    renderWithProviders(<TableRenderer screen={SCREEN} props={props} />);
    fireEvent.click(await screen.findByRole('button', { name: '添加' }));
    const dialog = await screen.findByRole('dialog');
    await formReady();
    const input = (id: string) => dialog.querySelector(`#root_${id}`) as HTMLElement;
    fireEvent.change(input('title'), { target: { value: '新问题' } });
    fireEvent.change(input('content'), { target: { value: '怎么做' } });
    await waitFor(() => expect(mocks.call).toHaveBeenCalledTimes(3));
    for (const [id, choice] of [['teacher_id', '王老师'], ['learn_id', '全冠预备']] as const) {
      fireEvent.click(input(id));
      fireEvent.click(await screen.findByRole('option', { name: choice, hidden: true }));
    }
    fireEvent.click(within(dialog).getByRole('button', { name: '确定' }));
    await waitFor(() => expect(mocks.call).toHaveBeenCalledWith('topic/add', { title: '新问题', teacher_id: 6, learn_id: 9, content: '怎么做' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(mocks.success).toHaveBeenCalledWith('提交成功');
    await waitFor(() => expect(screen.getAllByTestId('table-row')).toHaveLength(4));
  });
});
