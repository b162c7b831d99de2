import jsep from 'jsep';

/**
 * The expression language of YAML templates (`${user.realname || '注册用户'}`) and `when:` conditions.
 * Parsed by jsep and evaluated by this walker: no eval, no Function, no access to globals or prototypes.
 */
export type Scope = Record<string, unknown>;

const FORBIDDEN = new Set(['__proto__', 'prototype', 'constructor']);

/** Helpers a YAML expression may call; nothing else is callable. */
const HELPERS: Record<string, (...args: unknown[]) => unknown> = {
  length: (v) => (typeof v === 'string' || Array.isArray(v) ? v.length : 0),
  number: (v) => Number(v),
  string: (v) => (v === null || v === undefined ? '' : String(v)),
  includes: (list, v) => (Array.isArray(list) || typeof list === 'string' ? (list as string).includes(v as string) : false),
};

const BINARY: Record<string, (a: any, b: any) => unknown> = {
  '==': (a, b) => a == b, // eslint-disable-line eqeqeq
  '!=': (a, b) => a != b, // eslint-disable-line eqeqeq
  '===': (a, b) => a === b,
  '!==': (a, b) => a !== b,
  '<': (a, b) => a < b,
  '<=': (a, b) => a <= b,
  '>': (a, b) => a > b,
  '>=': (a, b) => a >= b,
  '+': (a, b) => a + b,
  '-': (a, b) => a - b,
  '*': (a, b) => a * b,
  '/': (a, b) => a / b,
  '%': (a, b) => a % b,
};

export class ExpressionError extends Error {}

// jsep knows `??` only through a plugin; register it as a binary operator with the precedence of `||`.
jsep.addBinaryOp('??', 1);

type Node = jsep.Expression & Record<string, any>;

function member(object: unknown, key: unknown): unknown {
  if (object === null || object === undefined) return undefined;
  const name = String(key);
  if (FORBIDDEN.has(name)) throw new ExpressionError(`不允许访问 ${name}`);
  if (!Object.prototype.hasOwnProperty.call(object, name) && !(Array.isArray(object) && name === 'length') && !(typeof object === 'string' && name === 'length')) return undefined;
  return (object as Record<string, unknown>)[name];
}

function walk(node: Node, scope: Scope): unknown {
  switch (node.type) {
    case 'Literal':
      return node.value;
    case 'Identifier':
      if (node.name === 'true') return true;
      if (node.name === 'false') return false;
      if (node.name === 'null') return null;
      if (node.name === 'undefined') return undefined;
      return member(scope, node.name);
    case 'MemberExpression': {
      const object = walk(node.object, scope);
      const key = node.computed ? walk(node.property, scope) : node.property.name;
      return member(object, key);
    }
    case 'UnaryExpression': {
      const value = walk(node.argument, scope);
      if (node.operator === '!') return !value;
      if (node.operator === '-') return -(value as number);
      if (node.operator === '+') return +(value as number);
      throw new ExpressionError(`不支持的运算符 ${node.operator}`);
    }
    case 'BinaryExpression': {
      if (node.operator === '&&') return walk(node.left, scope) && walk(node.right, scope);
      if (node.operator === '||') return walk(node.left, scope) || walk(node.right, scope);
      if (node.operator === '??') return walk(node.left, scope) ?? walk(node.right, scope);
      const op = BINARY[node.operator];
      if (!op) throw new ExpressionError(`不支持的运算符 ${node.operator}`);
      return op(walk(node.left, scope), walk(node.right, scope));
    }
    case 'ConditionalExpression':
      return walk(node.test, scope) ? walk(node.consequent, scope) : walk(node.alternate, scope);
    case 'CallExpression': {
      const name = node.callee.type === 'Identifier' ? node.callee.name : '';
      const helper = HELPERS[name];
      if (!helper) throw new ExpressionError(`不能调用 ${name || '该表达式'}`);
      return helper(...node.arguments.map((a: Node) => walk(a, scope)));
    }
    case 'ArrayExpression':
      return node.elements.map((e: Node) => walk(e, scope));
    case 'Compound':
      throw new ExpressionError('一个表达式只能有一条语句');
    default:
      throw new ExpressionError(`不支持的表达式 ${node.type}`);
  }
}

const cache = new Map<string, Node>();

function parse(source: string): Node {
  let node = cache.get(source);
  if (!node) {
    try {
      node = jsep(source) as Node;
    } catch (err) {
      throw new ExpressionError(`表达式无法解析: ${source} (${(err as Error).message})`);
    }
    cache.set(source, node);
  }
  return node;
}

export function evaluate(source: string, scope: Scope): unknown {
  return walk(parse(source), scope);
}

/** Replaces every `${expr}` in a string; null and undefined become ''. */
export function template(source: string, scope: Scope): string {
  return source.replace(/\$\{([^}]*)\}/g, (_m, expr: string) => {
    const value = evaluate(expr, scope);
    return value === null || value === undefined ? '' : String(value);
  });
}

/** Names a YAML expression may start from: the template scope, the row/item of lists, route params, a detail page's record and an action's reply (data, in the route a button opens after it succeeded). */
export const SCOPE_ROOTS = ['user', 'school', 'features', 'query', 'item', 'row', 'app', 'params', 'record', 'data'] as const;

/**
 * Checks an expression without evaluating it: it must parse, start every name from a known root and call only
 * the whitelisted helpers. Returns the first problem in Chinese, or null. Used by `npm run config:check`.
 */
export function checkExpression(source: string, roots: readonly string[] = SCOPE_ROOTS): string | null {
  let node: Node;
  try {
    node = parse(source);
  } catch (err) {
    return (err as Error).message;
  }
  const literals = new Set(['true', 'false', 'null', 'undefined']);
  const visit = (n: Node): string | null => {
    switch (n.type) {
      case 'Identifier':
        return literals.has(n.name) || roots.includes(n.name) ? null : `表达式 ${source} 中的 ${n.name} 未定义（可用: ${roots.join(', ')}）`;
      case 'MemberExpression':
        if (!n.computed && FORBIDDEN.has(n.property.name)) return `表达式 ${source} 不允许访问 ${n.property.name}`;
        return visit(n.object) ?? (n.computed ? visit(n.property) : null);
      case 'CallExpression': {
        const name = n.callee.type === 'Identifier' ? n.callee.name : '';
        if (!HELPERS[name]) return `表达式 ${source} 调用了未知函数 ${name || '(表达式)'}（可用: ${Object.keys(HELPERS).join(', ')}）`;
        for (const a of n.arguments) { const p = visit(a); if (p) return p; }
        return null;
      }
      case 'Compound':
        return `表达式 ${source} 只能有一条语句`;
      default:
        for (const child of [n.left, n.right, n.argument, n.test, n.consequent, n.alternate, ...(n.elements ?? [])]) {
          if (child) { const p = visit(child); if (p) return p; }
        }
        return ['Literal', 'BinaryExpression', 'LogicalExpression', 'UnaryExpression', 'ConditionalExpression', 'ArrayExpression'].includes(n.type)
          ? null
          : `表达式 ${source} 使用了不支持的写法 ${n.type}`;
    }
  };
  return visit(node);
}

/** The `${...}` expressions inside a template string. */
export function templateExpressions(text: string): string[] {
  return [...text.matchAll(/\$\{([^}]*)\}/g)].map((m) => m[1]);
}
