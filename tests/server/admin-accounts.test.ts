import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatTimestamp } from '../../server/db/time';
import { loginKey } from '../../server/services/login-guard';
import { hit } from '../../server/services/rateLimit';
import { accountBook, goodStudents, STUDENT_HEADER, uploadAccounts } from './account-files';
import { adminPeople } from './admin-fixture';
import { DATABASES, startTestServer, type TestServer } from './harness';
import { OLE_FILE } from './work-files';

/**
 * A school administrator's teacher and student accounts: create, edit, teaching classes, password reset that must be
 * changed at next login, disable/enable, unlock, the .xlsx/.csv import with its preview, the audit, and the scope.
 */
describe.each(DATABASES)('admin console: accounts on %s', (kind) => {
  let s: TestServer;
  let people: Awaited<ReturnType<typeof adminPeople>>;
  let klass: number;
  let klass2: number;
  const db = () => s.opened.db;
  const ok = (res: { status: number; body: any }) => {
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.code, res.body.message).toBe(200);
    return res.body.data;
  };
  const refused = (res: { status: number; body: any }, status: number, message: string | RegExp) => {
    expect(res.status, JSON.stringify(res.body)).toBe(status);
    expect(res.body.message).toMatch(message);
  };
  const audits = (action: string) => db().selectFrom('audit_log').selectAll().where('kind', '=', 'accounts').where('action', '=', action).execute();

  beforeAll(async () => {
    s = await startTestServer(kind);
    people = await adminPeople(s);
    const a = people.adminA;
    const dept = ok(await s.postJson('admin/department/save', { department_name: '导入学院' }, a)).id;
    const major = ok(await s.postJson('admin/major/save', { depart_id: dept, major_name: '导入专业' }, a)).id;
    const g1 = ok(await s.postJson('admin/grade/save', { major_id: major, grade_name: '2031级' }, a)).id;
    const g2 = ok(await s.postJson('admin/grade/save', { major_id: major, grade_name: '2032级' }, a)).id;
    klass = ok(await s.postJson('admin/class/save', { grade_id: g1, class_name: '导入一班' }, a)).id;
    klass2 = ok(await s.postJson('admin/class/save', { grade_id: g1, class_name: '同名班' }, a)).id;
    ok(await s.postJson('admin/class/save', { grade_id: g2, class_name: '同名班' }, a));
    // A class only school B has: school A's import must not find it.
    const deptB = ok(await s.postJson('admin/department/save', { department_name: '乙校学院' }, people.adminB)).id;
    const majorB = ok(await s.postJson('admin/major/save', { depart_id: deptB, major_name: '乙校专业' }, people.adminB)).id;
    const gradeB = ok(await s.postJson('admin/grade/save', { major_id: majorB, grade_name: '2031级' }, people.adminB)).id;
    ok(await s.postJson('admin/class/save', { grade_id: gradeB, class_name: '乙校独有班' }, people.adminB));
  });
  afterAll(async () => s?.close());

  it('creates and edits teachers with the classes they teach; the initial password must be changed', async () => {
    const a = people.adminA;
    const created = ok(await s.postJson('admin/teacher/save', { username: 'tnew01', realname: '新老师', mobile: '16600880001', class_ids: [klass] }, a));
    expect(created.initial_password).toMatch(/^(?=.*[a-z])(?=.*\d)[a-z0-9]{10}$/);
    refused(await s.postJson('admin/teacher/save', { username: 'TNEW01', realname: '重名' }, a), 422, '账号 TNEW01 在本校已存在');
    refused(await s.postJson('admin/teacher/save', { username: 'tnew02', realname: '号码', mobile: '12345' }, a), 422, '手机号格式不正确');
    refused(await s.postJson('admin/teacher/save', { username: 'tnew02', realname: '号码', mobile: '16600880001' }, a), 422, '手机号 16600880001 在本校已被使用');
    refused(await s.postJson('admin/teacher/save', { username: 'tnew02', realname: '弱', password: 'abcdefg' }, a), 422, '同时包含字母和数字');
    ok(await s.postJson('admin/teacher/save', { id: created.id, username: 'tnew01', realname: '新老师', mobile: '16600880001', class_ids: [klass, klass2] }, a));
    expect(ok(await s.get('admin/teacher', { id: created.id }, a))).toMatchObject({ class_ids: [klass, klass2], mobile: '16600880001' });
    const list = ok(await s.get('admin/teachers', { keyword: '16600880001' }, a));
    expect(list).toMatchObject({ total: 1, data: [{ id: created.id, classes: '导入一班、同名班', status: 1, locked: 0 }] });
    const row = await db().selectFrom('users').selectAll().where('id', '=', created.id).executeTakeFirstOrThrow();
    expect(row.must_change_password).toBe(1);
    expect(row.password_hash).toMatch(/^scrypt\$1024\$/); // a generated initial password: the cheap cost ...
    const login = await s.post('teacher/login', { username: 'tnew01', password: created.initial_password, school_id: 100002 });
    expect(login.body.code, login.body.message).toBe(200);
    const rehashed = await db().selectFrom('users').select('password_hash').where('id', '=', created.id).executeTakeFirstOrThrow();
    expect(rehashed.password_hash).toMatch(/^scrypt\$16384\$/); // ... replaced at the server's cost by the first login
    expect((await audits('create')).some((e) => e.target_id === created.id && e.summary.includes('新老师'))).toBe(true);
  });

  it('creates, edits and filters students; a reset must be changed at next login and ends the sessions', async () => {
    const a = people.adminA;
    const created = ok(await s.postJson('admin/student/save', { username: 'snew01', realname: '新学生', student_no: 'S01', mobile: '16600880011', class_id: klass, password: 'abc12345' }, a));
    expect(created.initial_password).toBe('');
    refused(await s.postJson('admin/student/save', { username: 'snew02', realname: '无班', class_id: 999999 }, a), 422, '班级不存在');
    const mine = ok(await s.get('admin/students', { class_id: klass }, a));
    expect(mine.data).toEqual([expect.objectContaining({ id: created.id, class_name: '导入一班', status: 1, locked: 0, must_change_password: 1 })]);
    expect(ok(await s.get('admin/students', { keyword: '16600880011' }, a)).total).toBe(1);
    expect(ok(await s.get('admin/students', { major_id: (await db().selectFrom('users').select('major_id').where('id', '=', created.id).executeTakeFirstOrThrow()).major_id!, keyword: '新学生' }, a)).total).toBe(1);
    ok(await s.postJson('admin/student/save', { id: created.id, username: 'snew01', realname: '改名学生', class_id: klass2 }, a));
    expect(ok(await s.get('admin/student', { id: created.id }, a))).toMatchObject({ realname: '改名学生', class_id: klass2, mobile: '' });

    const token = await s.login('snew01', 'abc12345', 100002);
    expect(ok(await s.post('user/get_info', {}, token)).must_change_password).toBe(1);
    ok(await s.post('user/edit_password', { old_password: 'abc12345', new_password: 'mine2026', new_password_repeat: 'mine2026' }, token));
    const fresh = await s.login('snew01', 'mine2026', 100002);
    expect(ok(await s.post('user/get_info', {}, fresh)).must_change_password).toBe(0);

    const reset = ok(await s.postJson('admin/account/password', { id: created.id }, a));
    expect(reset.initial_password).toMatch(/^[a-z0-9]{10}$/);
    expect((await s.post('user/get_info', {}, fresh)).status).toBe(401);
    const again = await s.login('snew01', reset.initial_password, 100002);
    expect(ok(await s.post('user/get_info', {}, again)).must_change_password).toBe(1);
    expect((await audits('reset-password')).map((e) => e.target_id)).toContain(created.id);
  });

  it('disables (a clear refusal, sessions end at once), enables and unlocks accounts', async () => {
    const a = people.adminA;
    const id = ok(await s.postJson('admin/student/save', { username: 'soff01', realname: '停用生', class_id: klass, password: 'abc12345' }, a)).id;
    const token = await s.login('soff01', 'abc12345', 100002);
    ok(await s.postJson('admin/account/status', { id, status: 0 }, a));
    expect((await s.post('user/get_info', {}, token)).status).toBe(401);
    const refusedLogin = await s.post('user/login', { username: 'soff01', password: 'abc12345', school_id: 100002 });
    expect(refusedLogin.body).toMatchObject({ code: 0, message: '账号已被停用，请联系管理员' });
    ok(await s.postJson('admin/account/status', { id, status: 1 }, a));
    await s.login('soff01', 'abc12345', 100002);

    const rule = { limit: 5, windowSeconds: 900, blockSeconds: 900 };
    for (let i = 0; i < 6; i++) await hit(db(), loginKey(100002, 'soff01'), rule);
    const locked = await s.post('user/login', { username: 'soff01', password: 'abc12345', school_id: 100002 });
    expect(locked.body.message).toMatch(/登录失败次数过多/);
    expect(ok(await s.get('admin/students', { keyword: 'soff01' }, a)).data[0].locked).toBe(1);
    ok(await s.postJson('admin/account/unlock', { id }, a));
    await s.login('soff01', 'abc12345', 100002);
    // A teacher too: the right password hears why, and the teacher console's session ends.
    const teacher = await db().selectFrom('users').select('id').where('username', '=', 'tnew01').executeTakeFirstOrThrow();
    ok(await s.postJson('admin/account/password', { id: teacher.id, password: 'teach2026' }, a));
    ok(await s.postJson('admin/account/status', { id: teacher.id, status: 0 }, a));
    expect((await s.post('teacher/login', { username: 'tnew01', password: 'teach2026', school_id: 100002 })).body).toMatchObject({ code: 0, message: '账号已被停用，请联系管理员' });
    expect((await s.post('teacher/login', { username: 'tnew01', password: 'wrong2026', school_id: 100002 })).body.message).toBe('账号或密码错误');
    expect((await audits('disable')).map((e) => e.target_id)).toContain(id);
    expect((await audits('unlock')).map((e) => e.target_id)).toContain(id);
  });

  it('keeps each school to its own accounts; teachers and students are refused', async () => {
    const student = await db().selectFrom('users').select('id').where('school_id', '=', 100002).where('username', '=', 'demo').executeTakeFirstOrThrow();
    const teacher = await db().selectFrom('users').select('id').where('school_id', '=', 100002).where('role', '=', 'teacher').executeTakeFirstOrThrow();
    const b = people.adminB;
    for (const [name, body] of [
      ['admin/account/password', { id: student.id }], ['admin/account/status', { id: teacher.id, status: 0 }], ['admin/account/unlock', { id: student.id }],
      ['admin/student/save', { id: student.id, username: 'hijack', realname: 'x', class_id: klass }], ['admin/teacher/save', { id: teacher.id, username: 'hijack', realname: 'x' }],
    ] as const) refused(await s.postJson(name, body, b), 404, /不存在/);
    refused(await s.get('admin/student', { id: student.id }, b), 404, '学生不存在');
    refused(await s.get('admin/teacher', { id: teacher.id }, b), 404, '教师不存在');
    expect(ok(await s.get('admin/students', { keyword: 'demo' }, b)).data.map((r: any) => r.username)).not.toContain('demo');
    // A school administrator cannot act on another administrator through these routes either.
    const adminA = await db().selectFrom('users').select('id').where('username', '=', 'admin-a').executeTakeFirstOrThrow();
    refused(await s.postJson('admin/account/password', { id: adminA.id }, people.adminA), 404, '账号不存在');
    for (const token of [people.teacher, people.student]) {
      expect((await s.postJson('admin/account/password', { id: student.id }, token)).status).toBe(403);
      expect((await s.get('admin/teachers', {}, token)).status).toBe(403);
    }
    const demo = await db().selectFrom('users').select(['realname', 'status']).where('id', '=', student.id).executeTakeFirstOrThrow();
    expect(demo.status).toBe(1);
  });

  it('previews a bad file with every row error and saves nothing; refuses bad files in Chinese', async () => {
    const a = people.adminA;
    const before = await db().selectFrom('users').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
    const bad = await accountBook([
      ['bad0001', '甲', '', '16600990001', '', '', '', '导入一班', ''],
      ['bad0001', '乙', '', '16600990002', '', '', '', '导入一班', ''], // duplicate username in the file
      ['demo', '丙', '', '', '', '', '', '导入一班', ''], // taken in the school
      ['bad0004', '丁', '', '16600990001', '', '', '', '导入一班', ''], // duplicate mobile in the file
      ['bad0005', '戊', '', '1660099', '', '', '', '导入一班', ''], // bad mobile
      ['bad0006', '己', '', '', '', '', '', '不存在的班', ''], // unknown class
      ['bad0007', '庚', '', '', '', '', '', '乙校独有班', ''], // another school's class
      ['bad0008', '', '', '', '', '', '', '', ''], // missing name and class
      ['bad0009', '辛', '', '', '', '', '', '同名班', ''], // ambiguous class name
      ['bad0010', '壬', '', '', '导入学院', '导入专业', '2032级', '同名班', 'short'], // path resolves; weak password
      ['bad0011', '癸', '', '', '导入学院', '导入专业', '2099级', '同名班', ''], // unknown path
      ['bad0012', '子', '', '', '', '', '', '导入一班', 'good1234'], // fine
    ]);
    const preview = ok(await uploadAccounts(s, a, bad));
    expect(preview).toMatchObject({ rows: 12, errors: 10, ready: 2 });
    const rows = ok(await s.get('admin/accounts/import/rows', { id: preview.id, page_size: 50 }, a));
    const errorsOf = Object.fromEntries(rows.data.map((r: any) => [r.row, r.errors]));
    expect(errorsOf).toMatchObject({
      3: '账号 bad0001 与第 2 行重复', 4: '账号 demo 在本校已存在', 5: '手机号 16600990001 与第 2 行重复',
      6: '手机号格式不正确（应为 11 位，以 1 开头）', 7: '班级不存在：不存在的班', 8: '班级不存在：乙校独有班', 9: '缺少姓名；缺少班级',
      10: '本校有 2 个名为“同名班”的班级，请填写院系、专业、年级', 11: '密码须为 6–16 位字母和数字，且同时包含字母和数字',
      12: '班级不存在：导入学院 / 导入专业 / 2099级 / 同名班', 13: '', 2: '',
    });
    expect(rows.data[0].row).toBe(3); // errors first
    refused(await s.postJson('admin/accounts/import/confirm', { id: preview.id }, a), 422, '还有 10 行有错误（第一处在第 3 行）');
    // Another school's administrator cannot see or confirm this preview.
    refused(await s.get('admin/accounts/import/rows', { id: preview.id }, people.adminB), 404, '导入记录不存在');
    const after = await db().selectFrom('users').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
    expect(Number(after.n)).toBe(Number(before.n));

    refused(await uploadAccounts(s, a, Buffer.alloc(0)), 422, '请选择要导入的文件');
    refused(await uploadAccounts(s, a, Buffer.from([0x89, 0x50, 0x4e, 0x47, 0, 0, 0, 0])), 422, '文件不是 Excel（.xlsx）或 CSV 文件');
    refused(await uploadAccounts(s, a, OLE_FILE), 422, '不支持旧版 .xls');
    refused(await uploadAccounts(s, a, await accountBook([['x']], ['题型', '题目'])), 422, '表头与模板不一致');
    refused(await uploadAccounts(s, a, await accountBook([])), 422, '文件中没有学生');
    refused(await uploadAccounts(s, a, Buffer.from('账号,姓名\nabc1,张三\n')), 422, '表头与模板不一致：第 1 行须包含 账号、姓名、班级');
    refused(await uploadAccounts(s, a, Buffer.alloc(5 * 1024 * 1024 + 10, 0x41)), 422, '文件过大');
  });

  it('imports 50 students from .xlsx in one transaction, audited; one logs in with the initial password', async () => {
    const a = people.adminA;
    const preview = ok(await uploadAccounts(s, a, await accountBook(goodStudents(50, '导入一班'))));
    expect(preview).toMatchObject({ rows: 50, errors: 0, ready: 50 });
    expect(await db().selectFrom('users').select('id').where('username', '=', 'imp0001').executeTakeFirst()).toBeUndefined();
    const rows = ok(await s.get('admin/accounts/import/rows', { id: preview.id, page_size: 50 }, a));
    const first = rows.data.find((r: any) => r.username === 'imp0001');
    expect(first.initial).toMatch(/^[a-z0-9]{10}$/);
    expect(ok(await s.postJson('admin/accounts/import/confirm', { id: preview.id }, a)).saved).toBe(50);
    refused(await s.postJson('admin/accounts/import/confirm', { id: preview.id }, a), 422, '这批账号已经导入过了');
    const saved = await db().selectFrom('users').selectAll().where('school_id', '=', 100002).where('username', 'like', 'imp%').execute();
    expect(saved).toHaveLength(50);
    expect(saved.every((u) => u.class_id === klass && u.must_change_password === 1 && u.role === 'student' && u.depart_id)).toBe(true);
    const [entry] = await audits('import');
    expect(entry.summary).toContain('导入学生 50 人');
    // The preview still shows the generated passwords after the import (until it expires), not the hashes.
    const kept = ok(await s.get('admin/accounts/import/rows', { id: preview.id, page_size: 1 }, a));
    expect(kept.batch).toMatchObject({ confirmed: 1, rows: 50 });
    const token = await s.login('imp0001', first.initial, 100002);
    expect(ok(await s.post('user/get_info', {}, token)).must_change_password).toBe(1);
    // The same file again: every username is now taken.
    expect(ok(await uploadAccounts(s, a, await accountBook(goodStudents(50, '导入一班'))))).toMatchObject({ errors: 50 });
  });

  it('a preview, and the initial passwords in it, expire 24 hours after upload: neither shown nor confirmed', async () => {
    const a = people.adminA;
    const preview = ok(await uploadAccounts(s, a, await accountBook(goodStudents(2, '导入一班', 'old', '67'))));
    expect(ok(await s.get('admin/accounts/import/rows', { id: preview.id }, a)).data[0].initial).toMatch(/^[a-z0-9]{10}$/);
    await db().updateTable('account_imports').set({ created_at: formatTimestamp(new Date(Date.now() - 25 * 3600_000)) }).where('id', '=', preview.id).execute();
    refused(await s.get('admin/accounts/import/rows', { id: preview.id }, a), 404, '导入记录不存在或已过期，请重新上传');
    refused(await s.postJson('admin/accounts/import/confirm', { id: preview.id }, a), 404, '导入记录不存在或已过期，请重新上传');
    expect(await db().selectFrom('users').select('id').where('username', 'in', ['old0001', 'old0002']).execute()).toEqual([]);
  });

  it('imports teachers from a .csv (UTF-8 with BOM, or GB18030) with their classes', async () => {
    const a = people.adminA;
    const csv = '\uFEFF账号,姓名,手机号,任教班级\r\ncsvt01,"王,老师",13600000001,导入一班\r\ncsvt02,赵老师,,\r\n';
    const preview = ok(await uploadAccounts(s, a, Buffer.from(csv), 'teachers', '教师.csv'));
    expect(preview).toMatchObject({ rows: 2, errors: 0 });
    ok(await s.postJson('admin/accounts/import/confirm', { id: preview.id }, a));
    const t = await db().selectFrom('users').selectAll().where('username', '=', 'csvt01').executeTakeFirstOrThrow();
    expect(t).toMatchObject({ role: 'teacher', realname: '王,老师', mobile: '13600000001' });
    expect(await db().selectFrom('teacher_classes').select('class_id').where('teacher_id', '=', t.id).execute()).toEqual([{ class_id: klass }]);
    const gbk = Buffer.from([0xd5, 0xcb, 0xba, 0xc5, 0x2c, 0xd0, 0xd5, 0xc3, 0xfb, 0x0a]); // 账号,姓名 in GB18030
    expect(ok(await uploadAccounts(s, a, Buffer.concat([gbk, Buffer.from('csvt03,x\n')]), 'teachers', 'gbk.csv'))).toMatchObject({ rows: 1, errors: 0 });
    expect(STUDENT_HEADER).toContain('班级');
  });
});
