import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { explainSchool } from '../../server/config/explain';

const CONFIG = path.resolve(import.meta.dirname, '../../config');
const temps: string[] = [];
afterEach(() => temps.splice(0).forEach((d) => fs.rmSync(d, { recursive: true, force: true })));

function copyConfig(): string {
  const dir = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'explain-')), 'config');
  fs.cpSync(CONFIG, dir, { recursive: true });
  temps.push(path.dirname(dir));
  return dir;
}

const lineOf = (file: string, needle: string) => fs.readFileSync(file, 'utf8').split('\n').findIndex((l) => l.includes(needle)) + 1;

describe('config:explain', () => {
  it('says which file and line set each effective value of a school', () => {
    const rows = explainSchool(CONFIG, 100045);
    const get = (p: string) => rows.find((r) => r.path === p)!;
    expect(get('features.qaCentre')).toEqual({ path: 'features.qaCentre', value: true, source: `config/schools/100045.yaml:${lineOf(path.join(CONFIG, 'schools/100045.yaml'), 'qaCentre')}` });
    expect(get('features.multiSchool').source).toMatch(/^config\/schools\/default\.yaml:\d+$/);
    expect(get('branding.name').value).toBe('江南口腔医学院');
    expect(get('app.home').source).toBe(`config/app.yaml:${lineOf(path.join(CONFIG, 'app.yaml'), 'home:')}`);
    expect(get('screens.practice-list.props.pageSize')).toMatchObject({ value: 8, source: expect.stringMatching(/^config\/screens\/practice-list\.yaml:\d+$/) });
  });

  it('credits a school override of a screen to the school file, and drops deleted values', () => {
    const dir = copyConfig();
    const file = path.join(dir, 'schools/100045.yaml');
    fs.appendFileSync(file, 'screens:\n  practice-list:\n    props:\n      pageSize: 12\n      empty: null\n');
    const rows = explainSchool(dir, 100045, { screen: 'practice-list' });
    const size = rows.find((r) => r.path === 'screens.practice-list.props.pageSize')!;
    expect(size).toEqual({ path: 'screens.practice-list.props.pageSize', value: 12, source: `config/schools/100045.yaml:${lineOf(file, 'pageSize: 12')}` });
    expect(rows.some((r) => r.path === 'screens.practice-list.props.empty')).toBe(false);
    expect(rows.every((r) => r.path.startsWith('screens.practice-list.'))).toBe(true);
    // another school is untouched
    expect(explainSchool(dir, 100002, { screen: 'practice-list' }).find((r) => r.path === 'screens.practice-list.props.pageSize')!.value).toBe(8);
  });

  it('names the screens there are when asked for one that does not exist', () => {
    expect(() => explainSchool(CONFIG, 100002, { screen: 'practise-list' })).toThrow(/没有 id 为 practise-list 的页面（可选: .*practice-list/);
  });
});
