// No hand-written fetch, poll or refresh state outside the query layer (docs/renderers.md §10, "The rule").
// Outside src/engine (which owns the HTTP client, the query cache and the session):
//  1. no `fetch(`: every request goes through the engine (api client, fetchDownload);
//  2. no call of the api client (api.call / callWithMessage / upload) that runs because something was shown or a timer
//     fired: none reachable from an effect (useEffect, useLayoutEffect, useInsertionEffect) or a timer (setTimeout,
//     setInterval, requestAnimationFrame), directly, inside functions written there, or through functions of the same
//     file that the effect calls or hands on by name. Reads are queries (useCall, useQuery), polls are queries with
//     refetchInterval, writes started by showing something are mutations (the effect calls `mutate`): a call inside a
//     `queryFn` or `mutationFn` belongs to the query layer and is not followed. Calls in event handlers (a click, a
//     submit) are writes, or reads whose answer is used up at once (the PDF's font, a one-time code). ALLOWED names the
//     writes an effect starts by hand, each with why.
import fs from 'node:fs';
import path from 'node:path';
import tseslint from '@vsim/lint-typescript';
import { describe, expect, it } from 'vitest';

const ROOT = path.resolve(import.meta.dirname, '../..');
const SRC = path.join(ROOT, 'src');

type Node = { type: string; loc?: { start: { line: number } }; [key: string]: unknown };

const TRIGGERS = new Set(['useEffect', 'useLayoutEffect', 'useInsertionEffect', 'setTimeout', 'setInterval', 'requestAnimationFrame']);
const API_METHODS = new Set(['call', 'callWithMessage', 'upload']);
const QUERY_LAYER_KEYS = new Set(['queryFn', 'mutationFn']);
const WRAPPERS = new Set(['useCallback', 'useMemo']);

/** Writes an effect may start without a mutation, each with why. */
const ALLOWED: { file: string; endpoint: string; why: string }[] = [
  {
    file: 'src/custom/theory/ExamSheet.tsx', endpoint: 'theory/submit',
    why: 'time over hands in what there is: the same hand-in as the button, with its own guard against a second send',
  },
  {
    file: 'src/custom/assignments/ExamQuestions.tsx', endpoint: 'assign/uploadanswer',
    why: 'time over hands in the answers: the same submit as the button, with its own guard against a second send',
  },
];

const isNode = (value: unknown): value is Node => Boolean(value) && typeof value === 'object' && typeof (value as Node).type === 'string';
const isFunction = (node: unknown): boolean =>
  isNode(node) && ['ArrowFunctionExpression', 'FunctionExpression', 'FunctionDeclaration'].includes(node.type);

function children(node: Node): Node[] {
  const out: Node[] = [];
  for (const [key, value] of Object.entries(node)) {
    if (key === 'parent' || key === 'loc' || key === 'range') continue;
    if (Array.isArray(value)) out.push(...value.filter(isNode));
    else if (isNode(value)) out.push(value);
  }
  return out;
}

function walk(node: Node, visit: (node: Node) => boolean | void): void {
  if (visit(node) === false) return;
  for (const child of children(node)) walk(child, visit);
}

const identifier = (node: unknown): string | undefined => (isNode(node) && node.type === 'Identifier' ? String(node.name) : undefined);
const propertyName = (node: Node): string | undefined => identifier(node.key) ?? (isNode(node.key) && node.key.type === 'Literal' ? String(node.key.value) : undefined);

/** The name a call is made by: `useEffect(…)`, `window.setTimeout(…)`, `React.useEffect(…)`. */
function calleeName(call: Node): string | undefined {
  const callee = call.callee as Node;
  return identifier(callee) ?? (callee.type === 'MemberExpression' ? identifier(callee.property) : undefined);
}

function apiMethod(call: Node): string | undefined {
  const callee = call.callee as Node;
  if (callee.type !== 'MemberExpression' || identifier(callee.object) !== 'api') return undefined;
  const method = identifier(callee.property);
  return method && API_METHODS.has(method) ? method : undefined;
}

/** Functions of a file by the name they are declared under (`function f`, `const f = () =>`, `const f = useCallback(…)`). */
function namedFunctions(ast: Node): Map<string, Node[]> {
  const named = new Map<string, Node[]>();
  const add = (name: string | undefined, fn: unknown) => {
    if (name && isFunction(fn)) named.set(name, [...(named.get(name) ?? []), fn as Node]);
  };
  walk(ast, (node) => {
    if (node.type === 'FunctionDeclaration') add(identifier(node.id), node);
    if (node.type === 'VariableDeclarator') {
      const init = node.init as Node | null;
      if (isFunction(init)) add(identifier(node.id), init);
      else if (init?.type === 'CallExpression' && WRAPPERS.has(calleeName(init) ?? '')) add(identifier(node.id), (init.arguments as Node[])[0]);
    }
  });
  return named;
}

interface Reached {
  line: number;
  what: string;
  /** The endpoint named by a literal first argument, if any. */
  endpoint: string | undefined;
  via: string[];
}

/** Every `api.*` call a piece of code reaches: inside it, and through the file's named functions it calls or passes on. */
function reachedCalls(start: Node, named: Map<string, Node[]>): Reached[] {
  const found: Reached[] = [];
  const seen = new Set<Node>();
  const follow = (root: Node, via: string[]) => {
    if (seen.has(root)) return;
    seen.add(root);
    walk(root, (node) => step(node, via));
  };
  const step = (node: Node, via: string[]): boolean => {
    if (node.type === 'Property' && QUERY_LAYER_KEYS.has(propertyName(node) ?? '')) return false;
    if (node.type === 'CallExpression') {
      const method = apiMethod(node);
      const first = (node.arguments as Node[])[0];
      const endpoint = isNode(first) && first.type === 'Literal' ? String(first.value) : undefined;
      if (method) found.push({ line: node.loc?.start.line ?? 0, what: `api.${method}`, endpoint, via });
    }
    // A property name (`saver.flush`, `{ load: … }`) is not a reference to the file's function of that name.
    const inner = node.type === 'MemberExpression' && !node.computed ? node.object : node.type === 'Property' && !node.computed ? node.value : null;
    if (inner) {
      walk(inner as Node, (n) => step(n, via));
      return false;
    }
    const name = identifier(node);
    if (name) for (const fn of named.get(name) ?? []) follow(fn, [...via, name]);
    return true;
  };
  follow(start, []);
  return found;
}

/** How many calls of the api client a file makes (wherever they are). */
export function apiCallsIn(code: string, file: string): number {
  let count = 0;
  walk(parse(code, file), (node) => {
    if (node.type === 'CallExpression' && apiMethod(node)) count++;
  });
  return count;
}

const parsed = new Map<string, Node>();

function parse(code: string, file: string): Node {
  const key = `${file}\n${code}`;
  let ast = parsed.get(key);
  if (!ast) {
    ast = tseslint.parser.parseForESLint(code, { ecmaFeatures: { jsx: file.endsWith('.tsx') }, filePath: file, loc: true, range: true }).ast as Node;
    parsed.set(key, ast);
  }
  return ast;
}

/** What breaks the rule in one file, as `file:line: …` lines; allowances it relied on go into `used`. */
export function problemsIn(code: string, file: string, used = new Set<(typeof ALLOWED)[number]>()): string[] {
  const root = parse(code, file);
  const named = namedFunctions(root);
  const problems: string[] = [];
  const reported = new Set<string>();
  walk(root, (node) => {
    if (node.type !== 'CallExpression') return;
    const name = calleeName(node);
    if (identifier(node.callee) === 'fetch') problems.push(`${file}:${node.loc?.start.line}: fetch() outside the engine`);
    if (!name || !TRIGGERS.has(name)) return;
    const first = (node.arguments as Node[])[0];
    const start = isFunction(first) ? first : named.get(identifier(first) ?? '')?.[0];
    if (!start) return;
    for (const call of reachedCalls(start, named)) {
      const at = `${call.line}:${call.what}`;
      const allowed = ALLOWED.find((a) => a.file === file && a.endpoint === call.endpoint);
      if (allowed) used.add(allowed);
      if (reported.has(at) || allowed) continue;
      reported.add(at); // once, also when an effect starts the timer that reaches it
      const via = call.via.length ? ` (through ${call.via.join(' → ')})` : '';
      problems.push(`${file}:${call.line}: ${call.what} runs from ${name} at line ${node.loc?.start.line}${via}`);
    }
  });
  return problems;
}

function sourceFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return full === path.join(SRC, 'engine') ? [] : sourceFiles(full);
    return /\.tsx?$/.test(entry.name) && !entry.name.endsWith('.d.ts') ? [full] : [];
  });
}

describe('the query layer guard', () => {
  it('finds a load on show, a hand-made poll, a load through a named function and a bare fetch', () => {
    const loadOnShow = `function A() {
      const [rows, setRows] = useState([]);
      useEffect(() => { void api.call('x/list', {}).then(setRows); }, []);
    }`;
    const poll = `function B() { useEffect(() => { const t = setInterval(() => void api.callWithMessage('x/count'), 5000); return () => clearInterval(t); }, []); }`;
    const throughName = `function C() {
      const load = useCallback(async () => setData(await api.call('x/get')), []);
      const start = () => void load();
      useEffect(() => { start(); }, []);
    }`;
    const handedOn = `function D() { const handle = () => api.call('x/read'); useEffect(() => subscribe(handle), [handle]); }`;
    const bareFetch = `async function E() { return (await fetch('/files/a.docx')).blob(); }`;
    const found = [loadOnShow, poll, throughName, handedOn, bareFetch].map((code) => problemsIn(code, 'sample.tsx'));
    expect(found.map((f) => f.length), JSON.stringify(found)).toEqual([1, 1, 1, 1, 1]);
    expect(found[2][0]).toMatch(/api\.call runs from useEffect at line 4 \(through start → load\)/);
  });

  it('lets queries, mutations started by an effect, and writes in event handlers through', () => {
    const allowed = `function F() {
      const read = useQuery({ queryKey: endpointKey('x/get', {}), queryFn: () => api.call('x/get') });
      const { mutate } = useMutation({ mutationFn: (id) => api.call('x/read', { id }) });
      useEffect(() => { if (read.data) mutate(1); }, [read.data, mutate]);
      const save = async (values) => { await api.call('x/save', values); };
      return <Button onClick={() => void save({})}>保存</Button>;
    }`;
    expect(problemsIn(allowed, 'sample.tsx')).toEqual([]);
  });

  it('no file outside the engine loads, polls or fetches by hand', () => {
    const files = sourceFiles(SRC);
    expect(files.length).toBeGreaterThan(150);
    // Only a file that names the api client or fetch can break the rule (the guard follows functions within a file).
    const suspects = files.map((file) => ({ file: path.relative(ROOT, file), code: fs.readFileSync(file, 'utf8') })).filter(({ code }) => /\bapi\.|\bfetch\b/.test(code));
    const used = new Set<(typeof ALLOWED)[number]>();
    const problems = suspects.flatMap(({ file, code }) => problemsIn(code, file, used));
    expect(problems).toEqual([]);
    // An allowance nothing needs any more goes.
    expect(ALLOWED.filter((a) => !used.has(a))).toEqual([]);
    // The scan sees the api client where it is used (writes in handlers, queryFn and mutationFn).
    const uses = suspects.reduce((n, { file, code }) => n + apiCallsIn(code, file), 0);
    expect(uses).toBeGreaterThan(30);
  }, 60_000);
});
