import { describe, expect, it } from 'vitest';
import { evaluate, ExpressionError, template } from '../../shared/expr';

const scope = { user: { realname: '', mobile: '13800000000', id: 7 }, item: { childrens: [{ id: 1 }, { id: 2 }], name: '根管' }, features: { qaCentre: true } };

describe('YAML expressions', () => {
  it('evaluates member access, logic, comparison, arithmetic and ternaries', () => {
    expect(evaluate("user.realname || '注册用户'", scope)).toBe('注册用户');
    expect(evaluate('item.childrens && item.childrens.length > 0', scope)).toBe(true);
    expect(evaluate('user.id * 2 + 1', scope)).toBe(15);
    expect(evaluate("features.qaCentre ? 'yes' : 'no'", scope)).toBe('yes');
    expect(evaluate('user.missing ?? 5', scope)).toBe(5);
    expect(evaluate('!features.other', scope)).toBe(true);
    expect(evaluate('item.childrens[1].id', scope)).toBe(2);
    expect(evaluate("includes(['a','b'], 'b')", scope)).toBe(true);
  });

  it('fills templates, with null and undefined as empty text', () => {
    expect(template('/courses/${item.childrens[0].id}/details-introduce', scope)).toBe('/courses/1/details-introduce');
    expect(template('${user.nothing}-${user.id}', scope)).toBe('-7');
  });

  it('cannot reach globals, prototypes or arbitrary functions', () => {
    expect(evaluate('window', scope)).toBeUndefined();
    expect(() => evaluate('user.constructor', scope)).toThrow(ExpressionError);
    expect(() => evaluate("item['__proto__']", scope)).toThrow(ExpressionError);
    expect(() => evaluate('alert(1)', scope)).toThrow('不能调用 alert');
    expect(evaluate('user.toString', scope)).toBeUndefined();
    expect(() => evaluate('user.id = 3', scope)).toThrow(ExpressionError);
  });

  it('reports unparseable expressions in Chinese', () => {
    expect(() => evaluate('user.', scope)).toThrow(/表达式无法解析/);
  });
});
