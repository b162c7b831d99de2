import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createConfigStore, formatIssue, type Issue } from '../../server/config';
import type { SchoolInfo } from '../../shared/config-types';

const REAL_CONFIG = path.resolve(__dirname, '../../config');
const temps: string[] = [];

function copyConfig(): string {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'cfg-store-'));
  temps.push(root);
  const dir = path.join(root, 'config');
  fs.cpSync(REAL_CONFIG, dir, { recursive: true });
  return dir;
}

function school(id: number): SchoolInfo {
  return { id, school_name: `学校${id}`, school_logo: '', type: '0', domain_name: `s${id}` };
}

/** Rewrites a file and moves its mtime forward, so the change is seen even within one clock tick. */
function edit(file: string, text: string) {
  fs.writeFileSync(file, text);
  const later = new Date(Date.now() + 5000);
  fs.utimesSync(file, later, later);
}

afterEach(() => {
  for (const t of temps.splice(0)) fs.rmSync(t, { recursive: true, force: true });
});

describe('config store', () => {
  it('merges default.yaml and the school file per school', () => {
    const store = createConfigStore({ configDir: REAL_CONFIG });
    expect(store.load()).toEqual([]);
    const s45 = store.forSchool(school(100045));
    const s02 = store.forSchool(school(100002));
    const s01 = store.forSchool(school(100001));
    const other = store.forSchool(school(999));

    expect(s45.features.qaCentre).toBe(true);
    expect(s02.features.qaCentre).toBe(false);
    expect(s01.features.multiSchool).toBe(true);
    expect(s02.features.multiSchool).toBe(false);
    expect(s45.branding.name).toBe('江南口腔医学院');
    expect(s02.branding.name).toBe('华康医科大学');
    expect(other.branding.name).toBe('虚拟仿真实训教学平台');
    expect(s45.branding.footer.security.url).toBe('https://beian.mps.gov.cn/');
    expect(s45.branding.logo).toBe('/assets/seed/logos/school-100045.svg');

    expect(s45.screens['practice-list']).toMatchObject({ id: 'practice-list', route: '/ucenter/practiceList', type: 'cards' });
    expect(s45.screens['teacher-list'].id).toBe('teacher-list');
    expect(s45.endpoints['user/login']).toMatchObject({ method: 'POST', auth: false });
    expect(s45.app.home).toBe('/ucenter/practiceList');
    expect((s45.app.tabs as unknown[]).length).toBe(4);

    expect(s45.version).toMatch(/^[0-9a-f]{12}$/);
    expect(s45.version).not.toBe(s02.version);
    expect(store.version).toMatch(/^[0-9a-f]{12}$/);
    expect('school' in s45).toBe(false);
  });

  it('applies app and screen patches from a school file, with null deleting', () => {
    const dir = copyConfig();
    fs.writeFileSync(
      path.join(dir, 'schools', '100002.yaml'),
      ['app:', '  home: /ucenter/teacherlist', '  scaling: { maxScale: null }', 'screens:', '  teacher-list:', '    title: 问老师', '    keepAlive: null', ''].join('\n'),
    );
    const store = createConfigStore({ configDir: dir });
    store.load();
    const cfg = store.forSchool(school(100002));
    expect(cfg.app.home).toBe('/ucenter/teacherlist');
    expect(cfg.app.scaling).toEqual({ designWidth: 1920, baseFontSize: 16, minScale: 0.75 });
    expect(cfg.screens['teacher-list'].title).toBe('问老师');
    expect('keepAlive' in cfg.screens['teacher-list']).toBe(false);
    // other schools are untouched
    expect(store.forSchool(school(100045)).screens['teacher-list'].title).toBe('答疑老师');
  });

  it('throws on a first load with issues, listing them all', () => {
    const dir = copyConfig();
    fs.writeFileSync(path.join(dir, 'schools', '100045.yaml'), 'features:\n  qaCentre: "yes"\n  qaCenter: true\n');
    const reported: Issue[][] = [];
    const store = createConfigStore({ configDir: dir, onIssues: (i) => reported.push(i) });
    expect(() => store.load()).toThrowError(/服务未启动[\s\S]*config\/schools\/100045\.yaml:2:3: features\.qaCentre 必须是 true 或 false[\s\S]*qaCenter/);
    // Nothing is "kept serving" at start-up: the keep-the-last-good-config report is only for a reload.
    expect(reported).toEqual([]);
  });

  it('keeps serving the last good config after an invalid edit and records the issue', () => {
    const dir = copyConfig();
    const reported: Issue[][] = [];
    const store = createConfigStore({ configDir: dir, checkIntervalMs: 0, onIssues: (i) => reported.push(i) });
    store.load();
    const before = store.forSchool(school(100045));
    const version = store.version;

    const file = path.join(dir, 'schools', '100045.yaml');
    const text = fs.readFileSync(file, 'utf8');
    edit(file, text.replace('  name: 江南口腔医学院', '  name: 新名字').replace('qaCentre: true', 'qaCentre: "yes"'));

    const after = store.forSchool(school(100045));
    expect(after).toEqual(before);
    expect(store.version).toBe(version);
    const lines = store.issues().map(formatIssue);
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(/^config\/schools\/100045\.yaml:\d+:3: features\.qaCentre 必须是 true 或 false$/);
    expect(reported).toHaveLength(1);

    // no change since: no reload, no second report
    store.forSchool(school(100045));
    expect(reported).toHaveLength(1);

    // fixing the file clears the issues and serves the fix
    edit(file, text.replace('  name: 江南口腔医学院', '  name: 江南口腔医学院（新）'));
    expect(store.forSchool(school(100045)).branding.name).toBe('江南口腔医学院（新）');
    expect(store.issues()).toEqual([]);
    expect(store.version).not.toBe(version);
  });

  it('shows a valid edit of branding.name on the next forSchool call', () => {
    const dir = copyConfig();
    const store = createConfigStore({ configDir: dir, checkIntervalMs: 0 });
    store.load();
    const first = store.forSchool(school(100002));
    expect(first.branding.name).toBe('华康医科大学');

    const file = path.join(dir, 'schools', '100002.yaml');
    const text = fs.readFileSync(file, 'utf8');
    expect(text).toContain('\n  name: 华康医科大学\n');
    edit(file, text.replace('  name: 华康医科大学', '  name: 华康医科大学附属医院'));

    const second = store.forSchool(school(100002));
    expect(second.branding.name).toBe('华康医科大学附属医院');
    expect(second.version).not.toBe(first.version);
  });

  it('notices new and removed school files', () => {
    const dir = copyConfig();
    const store = createConfigStore({ configDir: dir, checkIntervalMs: 0 });
    store.load();
    expect(store.forSchool(school(100077)).branding.name).toBe('虚拟仿真实训教学平台');
    fs.writeFileSync(path.join(dir, 'schools', '100077.yaml'), 'branding:\n  name: 新学校\n');
    expect(store.forSchool(school(100077)).branding.name).toBe('新学校');
    fs.rmSync(path.join(dir, 'schools', '100077.yaml'));
    expect(store.forSchool(school(100077)).branding.name).toBe('虚拟仿真实训教学平台');
  });

  it('checks changes at most once per interval', () => {
    const dir = copyConfig();
    const store = createConfigStore({ configDir: dir, checkIntervalMs: 60_000 });
    store.load();
    const file = path.join(dir, 'schools', '100002.yaml');
    edit(file, fs.readFileSync(file, 'utf8').replace('  name: 华康医科大学', '  name: 改了'));
    expect(store.forSchool(school(100002)).branding.name).toBe('华康医科大学');
    expect(store.load()).toEqual([]);
    expect(store.forSchool(school(100002)).branding.name).toBe('改了');
  });

  it('validates merged screen props against renderer schemas', () => {
    const dir = copyConfig();
    const table = { type: 'object', required: ['source'], properties: { empty: { type: 'string' } } };
    fs.writeFileSync(path.join(dir, 'schools', '100045.yaml'), 'screens:\n  teacher-list:\n    props:\n      empty: 5\n');
    const store = createConfigStore({ configDir: dir, rendererSchemas: { table } });
    expect(() => store.load()).toThrowError(/config\/schools\/100045\.yaml:4:7: screens\.teacher-list\.props\.empty 必须是字符串/);
  });

  it('does not let callers change what is served', () => {
    const store = createConfigStore({ configDir: REAL_CONFIG });
    const a = store.forSchool(school(100045));
    a.branding.name = 'changed';
    (a.app.tabs as unknown[]).length = 0;
    const b = store.forSchool(school(100045));
    expect(b.branding.name).toBe('江南口腔医学院');
    expect((b.app.tabs as unknown[]).length).toBe(4);
  });
});
