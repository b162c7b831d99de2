// A screen's `parent:` puts it under a list page: the page heading's trail and the marked tab or side-navigation entry
// follow it, so a typo, a parent in another console, a parent that cannot be opened without an id, or a loop is a
// config error at its file:line:column, not a silently missing trail.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { formatIssue, readConfig } from '../../server/config';
import { screenTrail } from '../../shared/screen-trail';

const REAL_CONFIG = path.resolve(import.meta.dirname, '../../config');
const temps: string[] = [];

function copyConfig(): string {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'cfg-parents-'));
  temps.push(root);
  const dir = path.join(root, 'config');
  fs.cpSync(REAL_CONFIG, dir, { recursive: true });
  return dir;
}

/** Sets `parent:` of a screen file (replacing the one it has), returning the line it is on. */
function setParent(dir: string, screen: string, parent: string): number {
  const file = path.join(dir, 'screens', `${screen}.yaml`);
  const lines = fs.readFileSync(file, 'utf8').split('\n').filter((l) => !l.startsWith('parent:'));
  const at = lines.findIndex((l) => l.startsWith('type:'));
  lines.splice(at, 0, `parent: ${parent}`);
  fs.writeFileSync(file, lines.join('\n'));
  return at + 1;
}

afterEach(() => {
  for (const t of temps.splice(0)) fs.rmSync(t, { recursive: true, force: true });
});

describe('the trail of screens above a screen', () => {
  const screens = { list: {}, detail: { parent: 'list' }, step: { parent: 'detail' }, a: { parent: 'b' }, b: { parent: 'a' }, orphan: { parent: 'gone' } };

  it('lists the screens above, outermost first, and nothing above a top-level screen', () => {
    expect(screenTrail(screens, 'step')).toEqual({ ids: ['list', 'detail'] });
    expect(screenTrail(screens, 'list')).toEqual({ ids: [] });
    expect(screenTrail(screens, 'orphan')).toEqual({ ids: [] });
  });

  it('stops at a loop and names the screen met twice', () => {
    expect(screenTrail(screens, 'a')).toEqual({ ids: ['b'], loop: 'a' });
  });
});

describe('config:check of parent:', () => {
  it('the shipped detail pages sit under their lists', () => {
    const { snapshot, issues } = readConfig(REAL_CONFIG);
    expect(issues).toEqual([]);
    const trail = (id: string) => screenTrail(snapshot!.screens, id).ids;
    expect(trail('practice-detail')).toEqual(['practices']);
    expect(trail('gradesinfor')).toEqual(['grades']);
    expect(trail('teacher-grader')).toEqual(['teacher-assignments']);
    expect(trail('practices')).toEqual([]);
  });

  it('reports a misspelt parent with a suggestion, at its line', () => {
    const dir = copyConfig();
    const line = setParent(dir, 'practice-detail', 'practises');
    expect(readConfig(dir).issues.map(formatIssue)).toEqual([`config/screens/practice-detail.yaml:${line}:1: parent: 没有页面 practises，是否想写 practices？`]);
  });

  it('reports a parent in another layout, one whose route has parameters, and a loop', () => {
    const dir = copyConfig();
    const staff = setParent(dir, 'practice-detail', 'teacher-home');
    const param = setParent(dir, 'evaluate', 'course-detail');
    const loop = setParent(dir, 'grades', 'gradesinfor'); // gradesinfor already sits under grades
    const loopBack = setParent(dir, 'gradesinfor', 'grades');
    expect(readConfig(dir).issues.map(formatIssue)).toEqual([
      `config/screens/evaluate.yaml:${param}:1: parent: 上级页面 course-detail 的路由 /courses/:detailId/details-introduce 带参数，无法直接打开`,
      `config/screens/grades.yaml:${loop}:1: parent: 上级页面形成循环（经过 grades），循环中须有一个页面不写 parent`,
      `config/screens/gradesinfor.yaml:${loopBack}:1: parent: 上级页面形成循环（经过 gradesinfor），循环中须有一个页面不写 parent`,
      `config/screens/practice-detail.yaml:${staff}:1: parent: 上级页面 teacher-home 在另一个页面布局（staff）中，返回后导航会换成另一套`,
    ]);
  });
});
