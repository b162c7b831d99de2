import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../../server/db';
import { PASSWORD_PENDING } from '../../server/http/auth';
import { adminCreate } from '../../server/ops/admin-create';
import { verifyPassword } from '../../server/db/password';
import { DATABASES, startTestServer, type TestServer } from './harness';
import { adminPeople } from './admin-fixture';

/** The platform administrator: schools (row + starting YAML, as npm run school:add) and each school's administrators. */
describe.each(DATABASES)('admin console: platform administration on %s', (kind) => {
  let s: TestServer;
  let platform: string;
  let login: Awaited<ReturnType<typeof adminPeople>>['login'];
  const schoolFiles = fs.mkdtempSync(path.join(os.tmpdir(), 'school-files-'));
  const db = () => s.opened.db;

  beforeAll(async () => {
    s = await startTestServer(kind, { schoolFilesDir: schoolFiles });
    ({ platform, login } = await adminPeople(s));
  });
  afterAll(async () => {
    await s?.close();
    fs.rmSync(schoolFiles, { recursive: true, force: true });
  });

  it('creates a school with its starting YAML, edits it, and refuses a taken or malformed sub-domain', async () => {
    const created = await s.postJson('platform/school/save', { school_name: '示例医学院', domain_name: 'sample', type: '0', phone: '010-6000 0000' }, platform);
    expect(created.body).toMatchObject({ code: 200, data: { config_file: expect.stringMatching(/^config\/schools\/\d+\.yaml$/) } });
    const id = created.body.data.id;
    expect(id).toBeGreaterThan(100045);
    expect(fs.readFileSync(path.join(schoolFiles, `${id}.yaml`), 'utf8')).toContain('name: 示例医学院');
    expect(await db().selectFrom('schools').selectAll().where('id', '=', id).executeTakeFirstOrThrow()).toMatchObject({ school_name: '示例医学院', domain_name: 'sample', phone: '010-6000 0000' });

    const list = (await s.get('platform/schools', { keyword: 'sample' }, platform)).body.data;
    expect(list).toMatchObject({ total: 1, data: [{ id, admins: 0, students: 0, label: `示例医学院（${id}）` }] });
    expect((await s.postJson('platform/school/save', { id, school_name: '示例医科大学', domain_name: 'sample', type: '1' }, platform)).body.code).toBe(200);
    expect((await s.get('platform/school', { id }, platform)).body.data).toMatchObject({ school_name: '示例医科大学', type: '1' });

    const taken = await s.postJson('platform/school/save', { school_name: '重名', domain_name: 'demo' }, platform);
    expect([taken.status, taken.body.message]).toEqual([422, '子域名 demo 已被学校 100002 使用']);
    const takenId = await s.postJson('platform/school/save', { id: 100045, school_name: '重号', domain_name: 'other' }, platform);
    expect(takenId.body.code).toBe(200); // an existing id is an edit of that school ...
    await s.postJson('platform/school/save', { id: 100045, school_name: (await db().selectFrom('schools').select('school_name').where('id', '=', 100045).executeTakeFirstOrThrow()).school_name, domain_name: 'jnkq' }, platform);
    expect((await s.postJson('platform/school/save', { school_name: 'x', domain_name: 'Bad Domain' }, platform)).body.message).toBe('子域名只能包含小写字母、数字和连字符，例如 sample');
    expect((await s.postJson('platform/school/save', { domain_name: 'ok' }, platform)).body.message).toBe('请填写学校名称');
    const log = (await s.get('platform/audit', { kind: 'school' }, platform)).body.data.data;
    expect(log.map((r: any) => r.summary)).toContain(`新建学校 示例医学院（${id}，子域名 sample）`);
  });

  it('creates a school administrator who signs in on that school and manages only it', async () => {
    const school = (await s.get('platform/schools', { keyword: 'sample' }, platform)).body.data.data[0].id;
    const weak = await s.postJson('platform/admin/save', { school_id: school, username: 'sample-admin', realname: '示例管理员', password: 'short' }, platform);
    expect([weak.status, weak.body.message]).toEqual([422, '密码至少 8 位，且须同时包含字母和数字']);
    expect((await s.postJson('platform/admin/save', { school_id: 99999999, username: 'x-admin', realname: 'x', password: 'Passw0rd!' }, platform)).body.message).toBe('学校不存在');
    const res = await s.postJson('platform/admin/save', { school_id: school, username: 'sample-admin', realname: '示例管理员', password: 'Sample2026' }, platform);
    expect(res.body).toMatchObject({ code: 200, message: '已添加管理员' });
    expect((await s.postJson('platform/admin/save', { school_id: school, username: 'sample-admin', realname: '又一个', password: 'Sample2026' }, platform)).body.message).toBe('该学校已有账号 sample-admin');
    expect((await s.postJson('platform/admin/save', { school_id: school, username: 'root', realname: '冒名', password: 'Sample2026' }, platform)).body.message).toBe('账号 root 已被平台管理员使用');

    // The platform administrator knows the initial password: the new administrator must replace it before anything else.
    const initial = (await s.post('admin/login', { username: 'sample-admin', password: 'Sample2026', school_id: school })).body.data.token;
    const pending = await s.postJson('admin/department/save', { department_name: '基础医学院' }, initial);
    expect([pending.status, pending.body.message]).toEqual([403, PASSWORD_PENDING]);
    expect((await s.post('user/get_info', {}, initial)).body.data).toMatchObject({ username: 'sample-admin', must_change_password: 1 });
    expect((await s.post('user/edit_password', { old_password: 'Sample2026', new_password: 'Mine2026x', new_password_repeat: 'Mine2026x' }, initial)).body.code).toBe(200);
    const token = (await s.post('admin/login', { username: 'sample-admin', password: 'Mine2026x', school_id: school })).body.data.token;
    expect((await s.postJson('admin/department/save', { department_name: '基础医学院' }, token)).body.code).toBe(200);
    expect((await s.get('admin/departments', {}, token)).body.data.data.map((d: any) => d.department_name)).toEqual(['基础医学院']);
    const admins = (await s.get('platform/admins', { school_id: school }, platform)).body.data.data;
    expect(admins).toEqual([expect.objectContaining({ username: 'sample-admin', realname: '示例管理员', status: 1 })]);
  });

  it('resets a password (to be changed at the next login) and disables an administrator: their sessions end, and it is audited', async () => {
    const admin = await db().selectFrom('users').select(['id', 'school_id']).where('username', '=', 'admin-a').executeTakeFirstOrThrow();
    const token = await login('admin-a', 100002);
    expect((await s.postJson('platform/admin/password', { id: admin.id, password: 'abc' }, platform)).status).toBe(422);
    expect((await s.postJson('platform/admin/password', { id: admin.id, password: 'NewPass2026' }, platform)).body.message).toBe('密码已重置');
    expect((await s.get('admin/departments', {}, token)).status).toBe(401);
    const fresh = (await s.post('admin/login', { username: 'admin-a', password: 'NewPass2026', school_id: 100002 })).body.data.token;
    expect((await s.get('admin/departments', {}, fresh)).body).toMatchObject({ code: 403, message: PASSWORD_PENDING });
    expect((await s.postJson('platform/admin/status', { id: admin.id, status: 0 }, platform)).body.message).toBe('已停用');
    expect((await s.get('admin/departments', {}, fresh)).status).toBe(401);
    expect((await s.post('admin/login', { username: 'admin-a', password: 'NewPass2026', school_id: 100002 })).body.message).toBe('账号或密码错误');
    expect((await s.postJson('platform/admin/status', { id: admin.id, status: 1 }, platform)).body.message).toBe('已启用');
    // A platform administrator's or a student's id is not a school administrator's.
    const student = await db().selectFrom('users').select('id').where('username', '=', 'demo').executeTakeFirstOrThrow();
    expect((await s.postJson('platform/admin/status', { id: student.id, status: 0 }, platform)).status).toBe(404);
    const log = (await s.get('platform/audit', { kind: 'account', school_id: 100002 }, platform)).body.data.data.map((r: any) => r.summary);
    expect(log.slice(0, 3)).toEqual(['启用学校管理员 admin-a', '停用学校管理员 admin-a', '重置学校管理员 admin-a 的密码']);
    // The school's own administrator sees what the platform did to accounts of the school.
    const reset = (await s.post('admin/login', { username: 'admin-a', password: 'NewPass2026', school_id: 100002 })).body.data.token;
    expect((await s.post('user/edit_password', { old_password: 'NewPass2026', new_password: 'Own2026pass', new_password_repeat: 'Own2026pass' }, reset)).body.code).toBe(200);
    const again = (await s.post('admin/login', { username: 'admin-a', password: 'Own2026pass', school_id: 100002 })).body.data.token;
    const own = (await s.get('admin/audit', { kind: 'account' }, again)).body.data.data.map((r: any) => r.summary);
    expect(own).toContain('重置学校管理员 admin-a 的密码');
  });
});

/** The bootstrap of a deployment: the first administrators come from the command line, on any database the server uses. */
describe('npm run admin:create', () => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'admin-create-'));
  const env = { DATA_DIR: dataDir, DATABASE_URL: '', DEFAULT_SCHOOL_DOMAIN: 'sample' };
  const run = (...args: string[]) => adminCreate(args, env);
  afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));

  it('needs a school first, then creates a platform administrator and a school administrator with hashed passwords', async () => {
    expect(await run('--username', 'ops', '--password', 'Ops2026pass')).toEqual({ status: 2, out: expect.stringContaining('数据库中还没有学校：先用 npm run school:add 添加一所学校') });
    const opened = await openDatabase({ dataDir });
    try {
      await opened.db.insertInto('schools').values({ id: 100100, school_name: '示例医学院', domain_name: 'sample' }).execute();
      expect((await run('--username', 'ops', '--password', 'Ops2026pass')).out).toContain('已创建平台管理员 ops');
      expect((await run('--username', 'sample-admin', '--password', 'Sample2026', '--school', '100100', '--name', '赵老师')).out).toContain('已创建学校 100100 的管理员 sample-admin');
      expect(await run('--username', 'ops', '--password', 'Ops2026pass', '--school', '100100')).toEqual({ status: 2, out: expect.stringContaining('账号 ops 已被平台管理员使用') });
      expect((await run('--username', 'weak', '--password', '12345678')).out).toContain('--password: 密码至少 8 位，且须同时包含字母和数字');
      expect((await run('--username', 'x y', '--password', 'Ops2026pass')).out).toContain('--username: 账号为 3–32 位');
      expect((await run('--username', 'nos', '--password', 'Ops2026pass', '--school', '424242')).out).toContain('学校 424242 不存在');
      const users = await opened.db.selectFrom('users').selectAll().orderBy('id').execute();
      expect(users.map((u) => [u.username, u.role, u.school_id, u.realname])).toEqual([['ops', 'platform', 100100, '平台管理员'], ['sample-admin', 'admin', 100100, '赵老师']]);
      expect(await verifyPassword('Sample2026', users[1].password_hash)).toBe(true);
      expect(users[1].password_hash).not.toContain('Sample2026');
      const log = await opened.db.selectFrom('audit_log').select(['summary', 'actor_name']).orderBy('id').execute();
      expect(log).toEqual([
        { summary: '新建平台管理员 ops', actor_name: '命令行 admin:create' },
        { summary: '新建学校 100100 的学校管理员 sample-admin', actor_name: '命令行 admin:create' },
      ]);
    } finally {
      await opened.close();
    }
  });

  it('runs as the npm script does, printing the result and exiting non-zero on a refusal', () => {
    const root = path.resolve(import.meta.dirname, '../..');
    const cli = spawnSync(process.execPath, ['--import', 'tsx', 'server/ops/admin-create.ts', '--username', 'ops', '--password', 'Ops2026pass'], {
      cwd: root, env: { ...process.env, ...env }, encoding: 'utf8',
    });
    expect([cli.status, cli.stderr]).toEqual([2, expect.stringContaining('账号 ops 已被平台管理员使用')]);
    expect(JSON.parse(fs.readFileSync(path.join(root, 'package.json'), 'utf8')).scripts['admin:create']).toBe('tsx server/ops/admin-create.ts');
  });
});
