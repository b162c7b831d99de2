// @vitest-environment jsdom
import './setup-dom';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { parse } from 'yaml';
import { readFileSync } from 'node:fs';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import CardsRenderer from '../../src/renderers/cards';
import { cardsFirstCalls } from '../../src/renderers/cards/firstCalls';
import type { CardsProps } from '../../src/renderers/cards/schema.gen';
import { formatCount } from '../../src/renderers/format/format';
import { renderWithProviders, SITE, USER } from './renderer-harness';

const mocks = vi.hoisted(() => ({ call: vi.fn() }));
vi.mock('../../src/renderers/shared/engine', async () =>
  (await import('./renderer-harness')).fakeEngine({ api: { call: mocks.call } }),
);

// The real screen file, so the test covers what operators ship.
const screenFile = parse(readFileSync('config/screens/practice-list.yaml', 'utf8'));
const props = screenFile.props as CardsProps;

const TREE = [
  {
    value: 1, label: '口腔修复', count: 12, link: '/x',
    children: [
      { value: 2, label: '卡环', count: 5, link: '/x' },
      { value: 17, label: '铸造', count: 7, link: '/x' },
      { value: 30, label: '排牙', count: 0, link: null },
    ],
  },
  { value: 5, label: '临床技能', count: 3, link: null, children: [] },
];

function course(id: number, extra: Record<string, unknown> = {}) {
  return { id, name: `实训项目${id}`, thum: `/files/${id}.png`, change_time: '2024-03-05 10:20:30', user_count: 10, childrens: [], ...extra };
}

function learnCalls(): Record<string, unknown>[] {
  return mocks.call.mock.calls.filter((c) => c[0] === 'learn/get').map((c) => c[1] as Record<string, unknown>);
}
const lastLearnCall = () => learnCalls().at(-1)!;

beforeEach(() => {
  mocks.call.mockReset();
  mocks.call.mockImplementation(async (name: string, params: Record<string, unknown>) => {
    if (name === 'learn/cate/tree') return TREE;
    const page = Number(params.page);
    const learn = Array.from({ length: 8 }, (_, i) => course((page - 1) * 8 + i + 1));
    if (page === 1) {
      // The first card names the filter it was listed under, so a test sees which list is on screen.
      learn[0] = course(1, { user_count: 12345, childrens: [{ id: 11 }, { id: 12 }], ...(params.category_id !== undefined && { name: `实训项目1（${params.category_id}）` }) });
      learn[1] = course(2, { user_count: 56789 });
    }
    return { learn, allCount: 40, allPage: 5 };
  });
});

async function renderList(route = '/ucenter/practiceList') {
  renderWithProviders(<CardsRenderer screen={{ id: 'practice-list', route: '/ucenter/practiceList', type: 'cards' }} props={props} />, route);
  await waitFor(() => expect(screen.getAllByTestId('course-card')).toHaveLength(8));
}

describe('count display', () => {
  it('shows 10000 and more as the first digit plus 万+', () => {
    expect(formatCount(12345)).toBe('1万+');
    expect(formatCount(56789)).toBe('5万+');
    expect(formatCount(10000)).toBe('1万+');
    expect(formatCount(9999)).toBe('9999');
    expect(formatCount(null)).toBe('0');
  });
});

describe('cards renderer (practice list)', () => {
  it('asks learn/get for page 1 of 8 with the user from the session and shows each card', async () => {
    await renderList();
    expect(lastLearnCall()).toEqual({ user_id: 7, class_id: 3, page: 1, page_size: 8 });
    const first = screen.getAllByTestId('course-card')[0];
    expect(within(first).getByTestId('course-card-title').textContent).toBe('实训项目1');
    expect(within(first).getByText('1万+人学习')).toBeTruthy();
    expect(within(first).getByText('2024-03-05')).toBeTruthy();
    // each fact names itself (the YAML's label) on hover and to a screen reader, before its value
    const updated = first.querySelector<HTMLElement>('[data-field="change_time"]')!;
    expect(updated.title).toBe('更新时间');
    expect(updated.textContent).toBe('更新时间：2024-03-05');
    expect(within(screen.getAllByTestId('course-card')[1]).getByText('5万+人学习')).toBeTruthy();
    // The pager is drawn once the first frame is painted (useAfterFirstPaint).
    expect(await screen.findByText('共 40 条')).toBeTruthy();
  });

  it('links a practice with children to its channel page and any other course to its introduction', async () => {
    await renderList();
    const [withChildren, plain] = screen.getAllByTestId('course-card');
    const channel = new URL(withChildren.getAttribute('href')!, 'http://x');
    expect(channel.pathname).toBe('/ucenter/Channel');
    expect(Object.fromEntries(channel.searchParams)).toEqual({ courseId: '1', childrens: '2', practice: '实训项目1' });
    expect(plain.getAttribute('href')).toBe('/courses/2/details-introduce');
  });

  it('loads page 2 when its page button is clicked', async () => {
    await renderList();
    fireEvent.click(screen.getByRole('button', { name: '2' }));
    await waitFor(() => expect(lastLearnCall().page).toBe(2));
    await waitFor(() => expect(screen.getAllByTestId('course-card-title')[0].textContent).toBe('实训项目9'));
    // The page is in the address, so the browser's back button returns to it.
    expect(screen.getByTestId('location').textContent).toBe('/ucenter/practiceList?page=2');
  });

  it('opens on the page the address names (coming back to the list)', async () => {
    await renderList('/ucenter/practiceList?page=2');
    await waitFor(() => expect(lastLearnCall().page).toBe(2));
  });

  it('searches by keyword from page 1', async () => {
    await renderList();
    fireEvent.click(screen.getByRole('button', { name: '3' }));
    await waitFor(() => expect(lastLearnCall().page).toBe(3));
    const box = screen.getByPlaceholderText('搜索实训项目');
    fireEvent.change(box, { target: { value: ' 口腔 ' } });
    fireEvent.keyDown(box, { key: 'Enter' });
    await waitFor(() => expect(lastLearnCall()).toMatchObject({ learn_name: '口腔', page: 1 }));
  });

  it('choosing a direction goes back to page 1, filters by its open types and shows them', async () => {
    await renderList();
    expect(screen.queryByRole('button', { name: /卡环/ })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: '2' }));
    await waitFor(() => expect(lastLearnCall().page).toBe(2));
    fireEvent.click(screen.getByRole('button', { name: /口腔修复/ }));
    await waitFor(() => expect(lastLearnCall()).toMatchObject({ category_id: '2,17', page: 1 }));
    expect(screen.getByRole('button', { name: /卡环/ })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: /铸造/ }));
    await waitFor(() => expect(lastLearnCall()).toMatchObject({ category_id: '17', page: 1 }));
    const firstTitle = () => screen.getAllByTestId('course-card-title')[0].textContent;
    await waitFor(() => expect(firstTitle()).toBe('实训项目1（17）'));
    const before = learnCalls().length;
    fireEvent.click(screen.getByRole('button', { name: '全部' }));
    // The unfiltered first page again: from the query cache when still fresh, else asked again without a category.
    await waitFor(() => expect(firstTitle()).toBe('实训项目1'));
    expect(screen.queryByRole('button', { name: /卡环/ })).toBeNull();
    expect(learnCalls().slice(before).every((c) => c.category_id === undefined)).toBe(true);
  });

  it('shows a category without a link as 暂未开放 and never filters by it', async () => {
    await renderList();
    const closedDirection = screen.getByRole('button', { name: /临床技能/ });
    expect(closedDirection.textContent).toContain('暂未开放');
    expect((closedDirection as HTMLButtonElement).disabled).toBe(true);
    fireEvent.click(screen.getByRole('button', { name: /口腔修复/ }));
    await waitFor(() => expect(lastLearnCall().category_id).toBe('2,17'));
    const closedType = screen.getByRole('button', { name: /排牙/ });
    expect(closedType.textContent).toContain('暂未开放');
    const before = learnCalls().length;
    fireEvent.click(closedType);
    fireEvent.click(closedDirection);
    await new Promise((r) => setTimeout(r, 20));
    expect(learnCalls()).toHaveLength(before);
    expect(learnCalls().some((c) => String(c.category_id ?? '').split(',').includes('30'))).toBe(false);
  });

  it('offers the YAML shortcut of fixed categories 2 and 17', async () => {
    await renderList();
    fireEvent.click(screen.getByRole('button', { name: '全部类型' }));
    await waitFor(() => expect(lastLearnCall()).toMatchObject({ category_id: '2,17', page: 1 }));
  });

  it('says 暂无数据 when nothing matches', async () => {
    mocks.call.mockImplementation(async (name: string) => (name === 'learn/cate/tree' ? TREE : { learn: [], allCount: 0 }));
    renderWithProviders(<CardsRenderer screen={{ id: 'practice-list', route: '/', type: 'cards' }} props={props} />);
    await waitFor(() => expect(screen.getByText('暂无数据')).toBeTruthy());
    expect(screen.queryByTestId('pager')).toBeNull();
  });

  it('shows the course\'s real rating with its count, and no stars for a course nobody has rated', async () => {
    mocks.call.mockImplementation(async (name: string) => name === 'learn/cate/tree' ? TREE : {
      learn: [course(1, { rating: 4.6, rating_count: 32 }), course(2, { rating: null, rating_count: 0 })],
      allCount: 2,
    });
    renderWithProviders(<CardsRenderer screen={{ id: 'practice-list', route: '/', type: 'cards' }} props={props} />);
    await waitFor(() => expect(screen.getAllByTestId('course-card')).toHaveLength(2));
    const [rated, unrated] = screen.getAllByTestId('course-card');
    expect(within(rated).getByTestId('course-card-rating').textContent).toBe('4.6 · 32人评价');
    // the gold stars cover 4.6 of 5
    const stars = within(rated).getByRole('img', { name: '评分 4.6 星' });
    expect((stars.lastElementChild as HTMLElement).style.width).toBe('92%');
    expect(within(unrated).queryByTestId('course-card-rating')).toBeNull();
  });

  it('shows the chips\' counts bare, or with the YAML countSuffix where they count something else (成绩中心: 门课程)', async () => {
    await renderList();
    await waitFor(() => expect(screen.getAllByTestId('filter-count').map((c) => c.textContent)).toEqual(['(12)']));
    cleanup();
    const scores = parse(readFileSync('config/screens/practices.yaml', 'utf8')).props.table.filters.categories;
    expect(scores.countSuffix).toBe('门课程');
    const withSuffix = { ...props, filters: { ...props.filters, categories: { ...props.filters!.categories!, countSuffix: scores.countSuffix } } };
    renderWithProviders(<CardsRenderer screen={{ id: 'practice-list', route: '/', type: 'cards' }} props={withSuffix} />);
    await waitFor(() => expect(screen.getAllByTestId('filter-count').map((c) => c.textContent)).toEqual(['(12门课程)']));
  });

  it('draws the screens named in `above` over the filter bar (最近学习 on the practice list)', async () => {
    const renderScreen = vi.fn((id: string) => <div data-testid={`embedded-${id}`} />);
    renderWithProviders(<CardsRenderer screen={{ id: 'practice-list', route: '/', type: 'cards' }} props={props} renderScreen={renderScreen} />);
    await waitFor(() => expect(screen.getAllByTestId('course-card')).toHaveLength(8));
    expect(props.above).toEqual(['recent-study']);
    expect(renderScreen).toHaveBeenCalledWith('recent-study', { placeholder: false });
    const block = screen.getByTestId('embedded-recent-study');
    expect(block.compareDocumentPosition(screen.getByTestId('filter-bar')) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
  });
});

// The engine sends a cards screen's first reads before React's first render (src/engine/firstCalls.ts); the screen must
// then ask for exactly those, or the page would ask twice (and wait for its own request after all).
describe('cards renderer: the reads sent before the first render', () => {
  const site = SITE as unknown as Parameters<typeof cardsFirstCalls>[1]['config'];
  const firstCallOf = (endpoint: string) => mocks.call.mock.calls.find((c) => c[0] === endpoint)?.[1];

  it.each([
    ['/ucenter/practiceList', ''],
    ['/ucenter/practiceList?page=3', 'page=3'],
    ['/ucenter/practiceList?page=2&f.category_id=2,17&f.learn_name=牙', 'page=2&f.category_id=2,17&f.learn_name=牙'],
  ])('are the ones the screen asks for when opened at %s', async (route, query) => {
    const predicted = cardsFirstCalls(props, { config: site, user: USER as never, search: new URLSearchParams(query) });
    expect(predicted.map((c) => c.endpoint)).toEqual(['learn/get', 'learn/cate/tree']);
    await renderList(route);
    for (const { endpoint, params } of predicted) expect(firstCallOf(endpoint), endpoint).toEqual(params);
  });

  it('are none while the profile the parameters read is missing', () => {
    expect(cardsFirstCalls(props, { config: site, user: null, search: new URLSearchParams() })).toEqual([]);
  });
});
