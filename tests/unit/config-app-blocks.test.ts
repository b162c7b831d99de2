// Every block of config/app.yaml is closed by its schema: a misspelt key under polling, limits or a block the
// platform does not have (messages) is reported at its file:line:column by `npm run config:check` and at hot reload,
// instead of silently falling back to a default.
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterEach, describe, expect, it } from 'vitest';
import { createConfigStore, formatIssue } from '../../server/config';

const ROOT = path.resolve(import.meta.dirname, '../..');
const temps: string[] = [];

function copyConfig(): string {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'cfg-blocks-'));
  temps.push(root);
  const dir = path.join(root, 'config');
  fs.cpSync(path.join(ROOT, 'config'), dir, { recursive: true });
  return dir;
}

/** 1-based line of the first line of `text` that starts with `start`. */
function lineOf(text: string, start: string): number {
  const index = text.split('\n').findIndex((line) => line.startsWith(start));
  if (index < 0) throw new Error(`no line starts with ${start}`);
  return index + 1;
}

/** app.yaml with a typo in polling, in limits (top level and inside a rule) and a messages block. */
function withTypos(text: string): string {
  return `${text
    .replace('\n  unread: 10000', '\n  unraed: 10000')
    .replace('\nlimits:\n', '\nlimits:\n  messageLenght: 300\n')
    .replace('\n    login: { limit: 5,', '\n    login: { limt: 5,')}messages:\n  sessionExpired: 登录已失效\n`;
}

function expectedIssues(text: string): string[] {
  const login = lineOf(text, '    login: {');
  return [
    `config/app.yaml:${lineOf(text, '  messageLenght:')}:3: 未知配置项 limits.messageLenght，是否想写 messageLength？`,
    `config/app.yaml:${login}:5: 缺少必填项 limits.accounts.login.limit`,
    `config/app.yaml:${login}:14: 未知配置项 limits.accounts.login.limt，是否想写 limit？`,
    `config/app.yaml:${lineOf(text, '  unraed:')}:3: 未知配置项 polling.unraed，是否想写 unread？`,
    expect.stringMatching(new RegExp(`^config/app\\.yaml:${lineOf(text, 'messages:')}:1: 未知配置项 messages（可用: tabs、`)),
  ];
}

afterEach(() => {
  for (const t of temps.splice(0)) fs.rmSync(t, { recursive: true, force: true });
});

describe('app.yaml blocks are closed by their schema', () => {
  it('npm run config:check reports typos in polling, limits and messages at file:line:column', async () => {
    const dir = copyConfig();
    const file = path.join(dir, 'app.yaml');
    const text = withTypos(fs.readFileSync(file, 'utf8'));
    fs.writeFileSync(file, text);
    const run = promisify(execFile)(path.join(ROOT, 'node_modules/.bin/tsx'), ['server/config/cli.ts'], { cwd: ROOT, env: { ...process.env, CONFIG_DIR: dir } });
    const failed = await run.then(() => null, (err: { code: number; stdout: string; stderr: string }) => err);
    expect(failed?.code).toBe(1);
    expect(failed?.stdout.trim().split('\n')).toEqual(expectedIssues(text));
    expect(failed?.stderr).toContain('配置检查未通过: 5 处错误');
  }, 60000);

  it('a running server reports the same typos at hot reload and keeps the last good configuration', { timeout: 60000 }, () => {
    const dir = copyConfig();
    const store = createConfigStore({ configDir: dir, checkIntervalMs: 0 });
    expect(store.load()).toEqual([]);
    const school = { id: 100045 };
    expect(store.forSchool(school).app.polling?.unread).toBe(10000);

    const file = path.join(dir, 'app.yaml');
    const text = withTypos(fs.readFileSync(file, 'utf8'));
    fs.writeFileSync(file, text);
    const later = new Date(Date.now() + 5000);
    fs.utimesSync(file, later, later);

    expect(store.forSchool(school).app.polling?.unread).toBe(10000);
    expect(store.issues().map(formatIssue)).toEqual(expectedIssues(text));
  });

  it("a school's app patch is checked against the same blocks after merging, at the school file's position", { timeout: 60000 }, () => {
    const dir = copyConfig();
    const file = path.join(dir, 'schools', '100002.yaml');
    const text = `${fs.readFileSync(file, 'utf8')}app:\n  polling:\n    chatt: 2000\n`;
    fs.writeFileSync(file, text);
    const store = createConfigStore({ configDir: dir });
    expect(() => store.load()).toThrow(`config/schools/100002.yaml:${lineOf(text, '    chatt:')}:5: 未知配置项 app.polling.chatt，是否想写 chat？`);
  });
});
