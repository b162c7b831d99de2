import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { rendererPropsSchemas } from '../../src/renderers/schemas';
import { afterEach, describe, expect, it } from 'vitest';
import { formatIssue, readConfig } from '../../server/config';

const REAL_CONFIG = path.resolve(__dirname, '../../config');
const temps: string[] = [];

/** A copy of config/ in a fresh temp dir (as <tmp>/config, so paths read config/...). */
function copyConfig(): string {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'cfg-validate-'));
  temps.push(root);
  const dir = path.join(root, 'config');
  fs.cpSync(REAL_CONFIG, dir, { recursive: true });
  return dir;
}

function check(dir: string): string[] {
  return readConfig(dir).issues.map(formatIssue);
}

afterEach(() => {
  for (const t of temps.splice(0)) fs.rmSync(t, { recursive: true, force: true });
});

describe('config validation', () => {
  it('the real config/ directory validates clean', () => {
    const result = readConfig(REAL_CONFIG);
    expect(result.issues.map(formatIssue)).toEqual([]);
    expect(result.snapshot).toBeDefined();
    expect(result.fileCount).toBeGreaterThanOrEqual(8);
  });

  it('every real YAML file starts with a yaml-language-server schema line', () => {
    const files = ['app.yaml', 'endpoints.yaml', ...fs.readdirSync(path.join(REAL_CONFIG, 'screens')).map((f) => `screens/${f}`),
      ...fs.readdirSync(path.join(REAL_CONFIG, 'schools')).map((f) => `schools/${f}`)];
    for (const f of files) {
      expect(fs.readFileSync(path.join(REAL_CONFIG, f), 'utf8').split('\n')[0], f).toMatch(/^# yaml-language-server: \$schema=/);
    }
  });

  it('reports a YAML syntax error at its file:line:column', () => {
    const dir = copyConfig();
    fs.writeFileSync(path.join(dir, 'screens', 'teacher-list.yaml'), ['route: /ucenter/teacherlist', 'auth: true', 'title: 答疑: 老师', 'type: table', ''].join('\n'));
    const issues = check(dir);
    expect(issues.length).toBeGreaterThan(0);
    expect(issues[0]).toMatch(/^config\/screens\/teacher-list\.yaml:3:8: YAML 语法错误: 同一行里不能再写 key: value/);
  });

  it('reports a duplicate key at the second key', () => {
    const dir = copyConfig();
    fs.writeFileSync(path.join(dir, 'screens', 'teacher-list.yaml'), ['route: /a', 'type: table', 'route: /b', ''].join('\n'));
    expect(check(dir)).toEqual([expect.stringMatching(/^config\/screens\/teacher-list\.yaml:3:1: YAML 语法错误: 重复的键/)]);
  });

  it('reports a non-boolean feature switch at the exact line and column', () => {
    const dir = copyConfig();
    fs.writeFileSync(
      path.join(dir, 'schools', '100045.yaml'),
      [
        '# yaml-language-server: $schema=../schema/school.schema.json', // 1
        '# 江南口腔医学院', // 2
        'branding:', // 3
        '  name: 江南口腔医学院', // 4
        '  logo: /assets/seed/logos/school-100045.svg', // 5
        'features:', // 6
        '  qaCentre: "yes"', // 7
        '',
      ].join('\n'),
    );
    expect(check(dir)).toEqual(['config/schools/100045.yaml:7:3: features.qaCentre 必须是 true 或 false']);
  });

  it('suggests the intended name for an unknown key', () => {
    const dir = copyConfig();
    fs.writeFileSync(path.join(dir, 'schools', '100045.yaml'), ['features:', '  qaCenter: true', 'brandng:', '  name: x', ''].join('\n'));
    expect(check(dir)).toEqual([
      'config/schools/100045.yaml:2:3: 未知配置项 features.qaCenter，是否想写 qaCentre？',
      'config/schools/100045.yaml:3:1: 未知配置项 brandng，是否想写 branding？',
    ]);
  });

  it('reports wrong types, missing required entries and bad routes in a screen file', () => {
    const dir = copyConfig();
    fs.writeFileSync(path.join(dir, 'screens', 'teacher-list.yaml'), ['title: 12', 'auth: yes please', 'route: ucenter', ''].join('\n'));
    expect(check(dir)).toEqual([
      'config/screens/teacher-list.yaml:1:1: 缺少必填项 type',
      'config/screens/teacher-list.yaml:1:1: title 必须是字符串',
      'config/screens/teacher-list.yaml:2:1: auth 必须是 true 或 false',
      'config/screens/teacher-list.yaml:3:1: route 必须以 / 开头',
    ]);
  });

  it('checks screen patches in school files after merging, at the school file position', () => {
    const dir = copyConfig();
    fs.writeFileSync(
      path.join(dir, 'schools', '100002.yaml'),
      ['screens:', '  teacher-list:', '    route: teacherlist', '  teacher-lsit:', '    title: 老师', ''].join('\n'),
    );
    expect(check(dir)).toEqual([
      'config/schools/100002.yaml:3:5: screens.teacher-list.route 必须以 / 开头',
      'config/schools/100002.yaml:4:3: 未知页面 screens.teacher-lsit，是否想写 teacher-list？',
    ]);
  });

  it('validates screen props against renderer schemas at the props positions', () => {
    const dir = copyConfig();
    const table = rendererPropsSchemas.table;
    expect(readConfig(dir, { rendererSchemas: { table } }).issues).toEqual([]);
    fs.writeFileSync(
      path.join(dir, 'screens', 'teacher-list.yaml'),
      ['route: /ucenter/teacherlist', 'type: table', 'props:', '  source: { endpoint: answer/getteacher }', '  empyt: 无', '  columns: 3', ''].join('\n'),
    );
    expect(readConfig(dir, { rendererSchemas: { table } }).issues.map(formatIssue)).toEqual([
      'config/screens/teacher-list.yaml:5:3: 未知配置项 props.empyt，是否想写 empty？',
      'config/screens/teacher-list.yaml:6:3: props.columns 必须是列表（- 开头的各项）',
    ]);
  });

  it('rejects a bad endpoint definition', () => {
    const dir = copyConfig();
    fs.writeFileSync(path.join(dir, 'endpoints.yaml'), ['endpoints:', '  user/login: { method: PST, auth: false }', ''].join('\n'));
    expect(check(dir)).toEqual(['config/endpoints.yaml:2:17: endpoints["user/login"].method 必须是以下之一: GET、POST、PUT、DELETE']);
  });

  it('makes an entry open to accounts that must change their password say which roles may call it', () => {
    const dir = copyConfig();
    fs.writeFileSync(path.join(dir, 'endpoints.yaml'), ['endpoints:', '  user/get_info: { method: POST, auth: true, passwordPending: true }', ''].join('\n'));
    expect(check(dir)).toEqual(['config/endpoints.yaml:2:3: 缺少必填项 endpoints["user/get_info"].role']);
  });

  it('makes every entry that needs a sign-in say which role may call it', () => {
    const dir = copyConfig();
    fs.writeFileSync(path.join(dir, 'endpoints.yaml'), ['endpoints:', '  learn/get: { method: POST, auth: true }', '  health: { method: GET, auth: false }', ''].join('\n'));
    expect(check(dir)).toEqual(['config/endpoints.yaml:2:3: 缺少必填项 endpoints["learn/get"].role']);
  });
});
