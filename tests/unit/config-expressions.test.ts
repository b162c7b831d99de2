import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { formatIssue } from '../../server/config';
import { readConfig } from '../../server/config/snapshot';
import { checkExpression, SCOPE_ROOTS } from '../../shared/expr';

const CONFIG = path.resolve(import.meta.dirname, '../../config');
const temps: string[] = [];
afterEach(() => temps.splice(0).forEach((d) => fs.rmSync(d, { recursive: true, force: true })));

function editedConfig(file: string, edit: (text: string) => string): string {
  const dir = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'expr-')), 'config');
  fs.cpSync(CONFIG, dir, { recursive: true });
  temps.push(path.dirname(dir));
  const target = path.join(dir, file);
  fs.writeFileSync(target, edit(fs.readFileSync(target, 'utf8')));
  return dir;
}

describe('expressions checked at config-check time', () => {
  it('accepts the expressions of the shipped configuration', () => {
    expect(readConfig(CONFIG).issues).toEqual([]);
  });

  it('knows the scope roots and helpers', () => {
    expect(checkExpression('item.childrens && item.childrens.length > 0')).toBeNull();
    expect(checkExpression("user.realname || '注册用户'")).toBeNull();
    expect(checkExpression('itme.id')).toMatch(/itme 未定义（可用: user, school/);
    expect(checkExpression('alert(1)')).toMatch(/未知函数 alert/);
    expect(checkExpression('user.constructor')).toMatch(/不允许访问 constructor/);
    expect(checkExpression('user.')).toMatch(/表达式无法解析/);
  });

  it('reports an unknown name in a template with file:line:column', () => {
    const dir = editedConfig('screens/practice-list.yaml', (t) => t.replace('user_id: ${user.id}', 'user_id: ${usr.id}'));
    const text = fs.readFileSync(path.join(dir, 'screens/practice-list.yaml'), 'utf8').split('\n');
    const line = text.findIndex((l) => l.includes('${usr.id}')) + 1;
    const column = text[line - 1].indexOf('user_id') + 1;
    const issues = readConfig(dir).issues.map(formatIssue);
    expect(issues).toEqual([`config/screens/practice-list.yaml:${line}:${column}: props.source.params.user_id: 表达式 usr.id 中的 usr 未定义（可用: ${SCOPE_ROOTS.join(', ')}）`]);
  });

  it('checks whole-value conditions (when:) too', () => {
    const dir = editedConfig('screens/practice-list.yaml', (t) => t.replace('- when: item.childrens && item.childrens.length > 0', '- when: item.childrens && size(item.childrens) > 0'));
    const [issue] = readConfig(dir).issues;
    expect(issue.file).toBe('config/screens/practice-list.yaml');
    expect(issue.message).toMatch(/未知函数 size/);
  });
});

describe('screen types', () => {
  it('reports a type no renderer registers, with a suggestion', async () => {
    const { propsSchemas } = await import('../../src/propsSchemas');
    const dir = editedConfig('screens/practice-list.yaml', (t) => t.replace('type: cards', 'type: card'));
    const line = fs.readFileSync(path.join(dir, 'screens/practice-list.yaml'), 'utf8').split('\n').findIndex((l) => l === 'type: card') + 1;
    expect(readConfig(dir, { rendererSchemas: propsSchemas, allTypesKnown: true }).issues.map(formatIssue)).toEqual([`config/screens/practice-list.yaml:${line}:1: 未知的页面类型 card，是否想写 cards？`]);
    expect(readConfig(CONFIG, { rendererSchemas: propsSchemas, allTypesKnown: true }).issues).toEqual([]);
  });
});
