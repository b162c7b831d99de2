import { readFileSync } from 'node:fs';
import Ajv from 'ajv';
import { parse } from 'yaml';
import { describe, expect, it, vi } from 'vitest';
import { siblingsFor } from '../../src/renderers/pager';
import { resolveLink } from '../../src/renderers/links/links';
import { buildListRequest, readList, resolveParams } from '../../src/renderers/data/request';
import { rendererPropsSchemas } from '../../src/renderers/schemas';

vi.mock('../../src/renderers/shared/engine', async () =>
  (await import('./renderer-harness')).fakeEngine(),
);

const scope = { user: { id: 7, class_id: 3, realname: '张三' }, school: { id: 100002 }, features: {}, query: { tab: '2' } };

describe('list request shape', () => {
  const source = { endpoint: 'learn/get', params: { user_id: '${user.id}', class_id: '${user.class_id}', label: '班级${user.class_id}', state: 1 } };

  it('keeps the type of a whole ${...} value, fills partial templates and adds paging', () => {
    expect(buildListRequest(source, { page: 2, pageSize: 8, filters: {} }, scope)).toEqual({
      user_id: 7, class_id: 3, label: '班级3', state: 1, page: 2, page_size: 8,
    });
  });

  it('lets filters override params, drops empty values and uses the source paging names', () => {
    const request = buildListRequest(
      { ...source, paging: { page: 'p', pageSize: 'size' } },
      { page: 1, pageSize: 20, filters: { learn_name: '口腔', category_id: '', state: undefined } },
      scope,
    );
    expect(request).toEqual({ user_id: 7, class_id: 3, label: '班级3', learn_name: '口腔', p: 1, size: 20 });
  });

  it('sends no paging for a list that is not server-paged, and nothing for a missing user field', () => {
    expect(resolveParams({ mobile: '${user.mobile}', id: '${user.id}' }, scope)).toEqual({ id: 7 });
    expect(buildListRequest({ endpoint: 'answer/getteacher' }, { page: 1, filters: {} }, scope)).toEqual({});
  });

  it('reads rows and totals by dotted path, counting rows when there is no total', () => {
    expect(readList({ endpoint: 'x', items: 'list.data', total: 'list.total' }, { list: { data: [{ id: 1 }], total: 31 } })).toEqual({ items: [{ id: 1 }], total: 31 });
    expect(readList({ endpoint: 'x' }, [{ id: 1 }, { id: 2 }])).toEqual({ items: [{ id: 1 }, { id: 2 }], total: 2 });
    expect(readList({ endpoint: 'x', items: 'learn' }, null)).toEqual({ items: [], total: 0 });
  });
});

describe('links', () => {
  const rules = [
    { when: 'item.childrens && item.childrens.length > 0', path: '/ucenter/Channel', query: { courseId: '${item.id}', practice: '${item.name}' } },
    { path: '/courses/${item.id}/details-introduce' },
  ];
  it('takes the first rule whose condition holds and encodes query values', () => {
    expect(resolveLink(rules, { ...scope, item: { id: 5, name: 'A&B 实训', childrens: [{ id: 1 }] } })).toBe(
      `/ucenter/Channel?courseId=5&practice=${encodeURIComponent('A&B 实训').replace(/%20/g, '+')}`,
    );
    expect(resolveLink(rules, { ...scope, item: { id: 6, childrens: [] } })).toBe('/courses/6/details-introduce');
    expect(resolveLink([], { ...scope, item: {} })).toBeNull();
  });
});

describe('pager', () => {
  it('turns the spec pager count of 11 into Mantine siblings', () => {
    expect(siblingsFor(11)).toBe(3);
    expect(siblingsFor(5)).toBe(0);
  });
});

describe('renderer props schemas', () => {
  const shared = (file: string) => {
    const { $schema: _ignored, ...rest } = JSON.parse(readFileSync(file, 'utf8'));
    return rest;
  };

  it('carry the current copy of the shared source, filters and links schemas', () => {
    const cards = rendererPropsSchemas.cards as { definitions: Record<string, unknown> };
    const table = rendererPropsSchemas.table as { definitions: Record<string, unknown> };
    for (const schema of [cards, table]) {
      expect(schema.definitions.source).toEqual(shared('src/renderers/data/source.schema.json'));
      expect(schema.definitions.filters).toEqual(shared('src/renderers/filters/schema.json'));
    }
    expect(cards.definitions.links).toEqual(shared('src/renderers/links/link.schema.json'));
  });

  it('accept the shipped screens and reject an operator typo', () => {
    const ajv = new Ajv({ allErrors: true, strict: false });
    for (const [file, type] of [['practice-list', 'cards'], ['teacher-list', 'table']]) {
      const screen = parse(readFileSync(`config/screens/${file}.yaml`, 'utf8'));
      expect(screen.type).toBe(type);
      const validate = ajv.compile(rendererPropsSchemas[type]);
      expect(validate(screen.props), JSON.stringify(validate.errors)).toBe(true);
      expect(validate({ ...screen.props, pageSzie: 8 })).toBe(false);
      expect(validate.errors?.[0]).toMatchObject({ keyword: 'additionalProperties', params: { additionalProperty: 'pageSzie' } });
    }
  });
});
