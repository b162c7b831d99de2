// A screen's `parent:` names the list page it belongs under (the page heading's trail, the highlighted tab). It must
// be another screen of the same layout whose address has no parameters, and the chain must end: a typo would
// otherwise silently drop the trail, and a loop would have no top.
import { screenTrail } from '../../shared/screen-trail.js';
import type { Issue } from './issues.js';
import type { LoadedYaml } from './load.js';
import { locate } from './positions.js';
import { suggest } from './validate.js';

interface ScreenLink {
  parent?: unknown;
  layout?: unknown;
  route?: unknown;
}

const layoutOf = (screen: ScreenLink) => (typeof screen.layout === 'string' ? screen.layout : 'shell');

export function checkParents(screenFiles: ReadonlyMap<string, LoadedYaml>): Issue[] {
  const screens: Record<string, { parent?: string }> = {};
  const bodies = new Map<string, ScreenLink>();
  for (const [id, loaded] of screenFiles) {
    const body = (loaded.data ?? {}) as ScreenLink;
    bodies.set(id, body);
    screens[id] = typeof body.parent === 'string' ? { parent: body.parent } : {};
  }
  const issues: Issue[] = [];
  for (const [id, loaded] of screenFiles) {
    const parent = screens[id].parent;
    if (parent === undefined) continue;
    const at = locate(loaded, ['parent']);
    const report = (message: string) => issues.push({ file: loaded.file, line: at.line, column: at.column, message: `parent: ${message}` });
    const up = bodies.get(parent);
    if (!up) {
      const hint = suggest(parent, [...screenFiles.keys()]);
      report(`没有页面 ${parent}${hint ? `，是否想写 ${hint}？` : '（config/screens/ 下没有这个文件）'}`);
    } else if (parent === id) {
      report('页面不能是自己的上级页面');
    } else if (layoutOf(up) !== layoutOf(bodies.get(id)!)) {
      report(`上级页面 ${parent} 在另一个页面布局（${layoutOf(up)}）中，返回后导航会换成另一套`);
    } else if (typeof up.route === 'string' && up.route.includes(':')) {
      report(`上级页面 ${parent} 的路由 ${up.route} 带参数，无法直接打开`);
    } else {
      const { loop } = screenTrail(screens, id);
      if (loop !== undefined) report(`上级页面形成循环（经过 ${loop}），循环中须有一个页面不写 parent`);
    }
  }
  return issues;
}
