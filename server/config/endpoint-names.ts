// Endpoint names a screen lists for the query cache — `invalidates:` (what a write changes) and `reloadOn:` (what a
// list follows) — must be calls of config/endpoints.yaml: a typo would otherwise silently reload nothing.
import type { Issue } from './issues.js';
import type { LoadedYaml } from './load.js';
import { locate, type PathSeg } from './positions.js';

const NAME_LISTS = new Set(['invalidates', 'reloadOn']);

export function checkEndpointNames(loaded: LoadedYaml, contract: ReadonlySet<string>): Issue[] {
  const issues: Issue[] = [];
  const walk = (value: unknown, at: PathSeg[]) => {
    if (Array.isArray(value)) {
      const listKey = String(at[at.length - 1]);
      value.forEach((v, i) => {
        if (NAME_LISTS.has(listKey) && typeof v === 'string' && !contract.has(v)) {
          const pos = locate(loaded, [...at, i]);
          issues.push({ file: loaded.file, line: pos.line, column: pos.column, message: `${[...at, i].join('.')}: 接口 ${v} 不在 config/endpoints.yaml 中` });
        } else walk(v, [...at, i]);
      });
    } else if (value && typeof value === 'object') {
      for (const [k, v] of Object.entries(value)) walk(v, [...at, k]);
    }
  };
  walk(loaded.data, []);
  return issues;
}
