import { describe, expect, it } from 'vitest';
import { mergePatch } from '../../server/config/merge';

describe('mergePatch (RFC 7396)', () => {
  it('merges objects recursively and replaces scalars', () => {
    expect(mergePatch({ a: 1, b: { c: 2, d: 3 } }, { a: 9, b: { d: 4, e: 5 } })).toEqual({ a: 9, b: { c: 2, d: 4, e: 5 } });
  });

  it('deletes keys patched with null', () => {
    expect(mergePatch({ a: 1, b: { c: 2, d: 3 } }, { a: null, b: { c: null } })).toEqual({ b: { d: 3 } });
    expect(mergePatch({ a: 1 }, { missing: null })).toEqual({ a: 1 });
  });

  it('replaces arrays instead of merging them', () => {
    expect(mergePatch({ list: [1, 2, 3], objs: [{ a: 1 }] }, { list: [4], objs: [{ b: 2 }] })).toEqual({ list: [4], objs: [{ b: 2 }] });
  });

  it('follows the RFC 7396 appendix examples', () => {
    const cases: [unknown, unknown, unknown][] = [
      [{ a: 'b' }, { a: 'c' }, { a: 'c' }],
      [{ a: 'b' }, { b: 'c' }, { a: 'b', b: 'c' }],
      [{ a: 'b' }, { a: null }, {}],
      [{ a: 'b', b: 'c' }, { a: null }, { b: 'c' }],
      [{ a: ['b'] }, { a: 'c' }, { a: 'c' }],
      [{ a: 'c' }, { a: ['b'] }, { a: ['b'] }],
      [{ a: { b: 'c' } }, { a: { b: 'd', c: null } }, { a: { b: 'd' } }],
      [{ a: [{ b: 'c' }] }, { a: [1] }, { a: [1] }],
      [['a', 'b'], ['c', 'd'], ['c', 'd']],
      [{ a: 'b' }, ['c'], ['c']],
      [{ a: 'foo' }, null, null],
      [{ a: 'foo' }, 'bar', 'bar'],
      [{ e: null }, { a: 1 }, { e: null, a: 1 }],
      [[1, 2], { a: 'b', c: null }, { a: 'b' }],
      [{}, { a: { bb: { ccc: null } } }, { a: { bb: {} } }],
    ];
    for (const [target, patch, result] of cases) expect(mergePatch(target, patch)).toEqual(result);
  });

  it('never mutates its inputs and shares no objects with them', () => {
    const target = { a: { b: [1, 2] }, keep: { x: 1 } };
    const patch = { a: { c: { d: 1 } }, list: [{ y: 1 }] };
    const before = JSON.stringify({ target, patch });
    const out = mergePatch<any>(target, patch);
    expect(JSON.stringify({ target, patch })).toBe(before);
    out.keep.x = 2;
    out.a.b.push(3);
    out.a.c.d = 2;
    out.list[0].y = 2;
    expect(JSON.stringify({ target, patch })).toBe(before);
  });
});
