// @vitest-environment jsdom
// The `stats` renderer (the worked example of docs/renderers.md): figures read by path from one call, formatted
// by YAML, and the same block on the shipped screens; a wrong figure in YAML is caught by config:check.
import './setup-dom';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { parse } from 'yaml';
import { formatIssue, readConfig } from '../../server/config';
import { propsSchemas } from '../../src/propsSchemas';
import StatsRenderer from '../../src/renderers/stats';
import { figureText } from '../../src/renderers/stats/figures';
import { StatsFigures } from '../../src/renderers/stats/StatsFigures';
import type { StatsProps } from '../../src/renderers/stats/schema.gen';
import { renderWithProviders, USER } from './renderer-harness';

const mocks = vi.hoisted(() => ({ call: vi.fn() }));
vi.mock('../../src/renderers/shared/engine', async () =>
  (await import('./renderer-harness')).fakeEngine({ api: { call: mocks.call } }),
);

const screenProps = (file: string, key: string) => parse(fs.readFileSync(`config/screens/${file}`, 'utf8')).props[key];
const SCREEN = { id: 'my-figures', route: '/ucenter/figures', type: 'stats' };

describe('figure text', () => {
  it('formats by the figure: as is, duration, rank, suffix', () => {
    expect(figureText({ label: '次数', field: 'times' }, { times: 12 })).toBe('12');
    expect(figureText({ label: '时长', field: 'allTime', format: 'duration' }, { allTime: 3725 })).toBe('1小时2分5秒');
    expect(figureText({ label: '班级排名', field: 'class.sort', format: 'rank' }, { class: { sort: 3 } })).toBe('3');
    expect(figureText({ label: '最高分', field: 'max_score', suffix: '分' }, { max_score: 92.5 })).toBe('92.5分');
  });

  it('shows the empty text for a missing value, a rank of 0 and null, by format unless YAML says otherwise', () => {
    expect(figureText({ label: '次数', field: 'times' }, {})).toBe('0');
    expect(figureText({ label: '时长', field: 'allTime', format: 'duration' }, {})).toBe('0秒');
    expect(figureText({ label: '班级排名', field: 'class.sort', format: 'rank' }, { class: { sort: 0 } })).toBe('—');
    expect(figureText({ label: '年级排名', field: 'grade.sort', format: 'rank' }, { grade: null })).toBe('—');
    expect(figureText({ label: '最高分', field: 'max_score', empty: '暂无' }, { max_score: null })).toBe('暂无');
    expect(figureText({ label: '最高分', field: 'max_score', empty: '暂无' }, { max_score: 0 })).toBe('0');
  });
});

describe('figures whose data has not arrived', () => {
  it('are placeholders with their labels, never 0 or 0秒 while loading, and — when the load failed', () => {
    const figures = screenProps('practices.yaml', 'figures');
    const { unmount } = renderWithProviders(<StatsFigures figures={figures} data={{}} state="loading" />);
    for (const f of figures) {
      expect(screen.getByText(f.label)).toBeTruthy();
      expect(screen.getByTestId(`stat-${f.field}`).textContent).toBe('');
    }
    expect(screen.queryByText(/^0(秒)?$/)).toBeNull();
    unmount();
    renderWithProviders(<StatsFigures figures={figures} data={{}} state="failed" />);
    for (const f of figures) expect(screen.getByTestId(`stat-${f.field}`).textContent).toBe('—');
  });
});

describe('stats renderer', () => {
  beforeEach(() => {
    mocks.call.mockReset();
  });

  // The results overview's own figures, as a standalone screen.
  const props: StatsProps = {
    source: { endpoint: 'score/get_student', params: { user_id: '${user.id}', page: 1 } },
    heading: '${user.realname}的实训概况',
    figures: screenProps('practices.yaml', 'figures'),
  };

  it('calls its endpoint once with the resolved parameters and shows every figure', async () => {
    mocks.call.mockResolvedValue({ times: 7, allTime: 125, class: { sort: 2 }, grade: { sort: 0 }, max_score: 96 });
    renderWithProviders(<StatsRenderer screen={SCREEN} props={props} />);
    await waitFor(() => expect(screen.getByTestId('stat-times').textContent).toBe('7'));
    expect(mocks.call).toHaveBeenCalledTimes(1);
    expect(mocks.call).toHaveBeenCalledWith('score/get_student', { user_id: USER.id, page: 1 }, { silent: true });
    expect(screen.getByText('张三的实训概况')).toBeTruthy();
    expect(screen.getByTestId('stat-allTime').textContent).toBe('2分5秒');
    expect(screen.getByTestId('stat-class.sort').textContent).toBe('2');
    expect(screen.getByTestId('stat-grade.sort').textContent).toBe('—');
    expect(screen.getByTestId('stat-max_score').textContent).toBe('96');
    expect(screen.getByText('有效实训次数')).toBeTruthy();
  });

  it('reads the figures from a nested object when items says where', async () => {
    mocks.call.mockResolvedValue({ summary: { times: 3 } });
    renderWithProviders(<StatsRenderer screen={SCREEN} props={{ source: { endpoint: 'x/y', items: 'summary' }, figures: [{ label: '次数', field: 'times' }] }} />);
    await waitFor(() => expect(screen.getByTestId('stat-times').textContent).toBe('3'));
  });

  it('offers a retry when the call fails, and shows the figures once it succeeds', async () => {
    mocks.call.mockRejectedValueOnce(new Error('网络错误')).mockResolvedValue({ times: 4 });
    renderWithProviders(<StatsRenderer screen={SCREEN} props={props} />);
    await waitFor(() => expect(screen.getByText('网络错误')).toBeTruthy());
    fireEvent.click(screen.getByRole('button', { name: '重新加载' }));
    await waitFor(() => expect(screen.getByTestId('stat-times').textContent).toBe('4'));
    expect(mocks.call).toHaveBeenCalledTimes(2);
  });
});

describe('stats figures in config', () => {
  it('are what the shipped my-homework and results screens use', () => {
    expect(screenProps('homework.yaml', 'figures').map((f: { field: string }) => f.field)).toEqual(['list.total', 'finished', 'allTime', 'dabiao.height', 'dabiao.middle', 'dabiao.low']);
    expect(screenProps('practices.yaml', 'figures').length).toBe(5);
  });

  it('report an unknown format at its file:line:column with the allowed values', () => {
    const root = fs.mkdtempSync(path.join(os.tmpdir(), 'stats-config-'));
    const dir = path.join(root, 'config');
    fs.cpSync(path.resolve('config'), dir, { recursive: true });
    const file = path.join(dir, 'screens', 'homework.yaml');
    const text = fs.readFileSync(file, 'utf8').replace('{ label: 总用时, field: allTime, format: duration }', '{ label: 总用时, field: allTime, format: percent }');
    fs.writeFileSync(file, text);
    const line = text.split('\n').findIndex((l) => l.includes('format: percent')) + 1;
    const column = text.split('\n')[line - 1].indexOf('format: percent') + 1;
    const issues = readConfig(dir, { rendererSchemas: propsSchemas }).issues.map(formatIssue);
    fs.rmSync(root, { recursive: true, force: true });
    expect(issues).toHaveLength(1);
    expect(issues[0]).toContain(`config/screens/homework.yaml:${line}:${column}:`);
    for (const allowed of ['number', 'duration', 'rank', 'text']) expect(issues[0]).toContain(allowed);
  });
});
