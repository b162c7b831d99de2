// Expressions in YAML are checked when the configuration loads: `${...}` inside any string, and the whole
// value of condition keys (`when`, `visible`). An unknown name or function is reported at its position.
import { checkExpression, templateExpressions } from '../../shared/expr.js';
import type { Issue } from './issues.js';
import type { LoadedYaml } from './load.js';
import { locate, type PathSeg } from './positions.js';

const CONDITION_KEYS = new Set(['when', 'visible']);

export function checkExpressions(loaded: LoadedYaml): Issue[] {
  const issues: Issue[] = [];
  const report = (at: PathSeg[], message: string) => {
    const pos = locate(loaded, at);
    issues.push({ file: loaded.file, line: pos.line, column: pos.column, message: `${at.join('.')}: ${message}` });
  };
  const walk = (value: unknown, at: PathSeg[]) => {
    if (typeof value === 'string') {
      const key = at[at.length - 1];
      const sources = CONDITION_KEYS.has(String(key)) ? [value] : templateExpressions(value);
      for (const source of sources) {
        const problem = checkExpression(source);
        if (problem) report(at, problem);
      }
    } else if (Array.isArray(value)) {
      value.forEach((v, i) => walk(v, [...at, i]));
    } else if (value && typeof value === 'object') {
      for (const [k, v] of Object.entries(value)) walk(v, [...at, k]);
    }
  };
  walk(loaded.data, []);
  return issues;
}
