import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { readConfig } from '../../server/config/snapshot';
import { openDatabase } from '../../server/db';
import { explainSchool } from '../../server/config/explain';

const root = path.resolve(import.meta.dirname, '../..');
const work = fs.mkdtempSync(path.join(os.tmpdir(), 'add-school-'));
const configDir = path.join(work, 'config');
fs.cpSync(path.join(root, 'config'), configDir, { recursive: true });
afterAll(() => fs.rmSync(work, { recursive: true, force: true }));

const run = (...args: string[]) =>
  spawnSync(process.execPath, ['--import', 'tsx', 'server/config/add-school.ts', ...args], {
    cwd: root, env: { ...process.env, DATA_DIR: path.join(work, 'data'), CONFIG_DIR: configDir, DATABASE_URL: '' }, encoding: 'utf8',
  });

describe('npm run school:add', () => {
  it('registers the school and writes a valid starting YAML that config:explain credits', async () => {
    const result = run('--id', '100100', '--name', '示例医学院', '--domain', 'sample');
    expect(result.status).toBe(0);
    expect(result.stdout).toContain('预览: http://sample.localhost:');
    const opened = await openDatabase({ dataDir: path.join(work, 'data') });
    const row = await opened.db.selectFrom('schools').selectAll().where('id', '=', 100100).executeTakeFirstOrThrow();
    await opened.close();
    expect(row).toMatchObject({ school_name: '示例医学院', domain_name: 'sample', type: '0' });
    expect(readConfig(configDir).issues).toEqual([]);
    const name = explainSchool(configDir, 100100).find((r) => r.path === 'branding.name')!;
    expect(name).toMatchObject({ value: '示例医学院', source: expect.stringMatching(/^config\/schools\/100100\.yaml:\d+$/) });
  });

  it('refuses a taken id or domain and bad arguments with a message', () => {
    const taken = run('--id', '100101', '--name', '另一所', '--domain', 'sample');
    expect(taken.status).toBe(2);
    expect(taken.stderr).toContain('子域名 sample 已被学校 100100 使用');
    expect(run('--id', 'abc', '--name', 'x', '--domain', 'x').stderr).toContain('--id 必须是正整数');
    expect(run('--id', '100102', '--name', 'x', '--domain', 'Bad Domain').stderr).toContain('--domain 只能包含小写字母');
  });
});
