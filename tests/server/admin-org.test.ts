import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DATABASES, startTestServer, type TestServer } from './harness';
import { adminPeople } from './admin-fixture';

/** A school administrator builds departments → majors → grades → classes, moves students, and every change is audited. */
describe.each(DATABASES)('admin console: organisation on %s', (kind) => {
  let s: TestServer;
  let admin: string;
  const db = () => s.opened.db;
  const ok = (res: { status: number; body: any }) => {
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.code, res.body.message).toBe(200);
    return res.body.data;
  };

  beforeAll(async () => {
    s = await startTestServer(kind);
    ({ adminA: admin } = await adminPeople(s));
  });
  afterAll(async () => s?.close());

  it('builds the hierarchy and lists each level with its parent and counts', async () => {
    const dept = ok(await s.postJson('admin/department/save', { department_name: '  智慧护理学院 ', sort: 9 }, admin)).id;
    const major = ok(await s.postJson('admin/major/save', { depart_id: dept, major_name: '护理学' }, admin)).id;
    const grade = ok(await s.postJson('admin/grade/save', { major_id: major, grade_name: '2026级' }, admin)).id;
    const klass = ok(await s.postJson('admin/class/save', { grade_id: grade, class_name: '护理2026级1班', probation_status: 1, probation_date: '2026-12-31' }, admin)).id;

    const departments = ok(await s.get('admin/departments', { keyword: '智慧护理', page_size: 50 }, admin));
    expect(departments.data).toEqual([expect.objectContaining({ id: dept, department_name: '智慧护理学院', majors: 1, sort: 9 })]);
    const majors = ok(await s.get('admin/majors', { depart_id: dept }, admin));
    expect(majors).toMatchObject({ total: 1, data: [{ id: major, department_name: '智慧护理学院', grades: 1 }] });
    expect(ok(await s.get('admin/grades', { major_id: major }, admin)).data).toEqual([expect.objectContaining({ id: grade, classes: 1, major_name: '护理学' })]);
    const classes = ok(await s.get('admin/classes', { grade_id: grade }, admin));
    expect(classes.data).toEqual([expect.objectContaining({ id: klass, class_name: '护理2026级1班', probation_status: 1, probation_date: '2026-12-31', students: 0, path: '智慧护理学院 / 护理学 / 2026级' })]);
    const row = await db().selectFrom('classes').selectAll().where('id', '=', klass).executeTakeFirstOrThrow();
    expect(row.probation_date).toBe('2026-12-31 23:59:59');
    expect(row.class_key).toMatch(/^[A-Z2-9]{6}$/);

    const choices = ok(await s.get('admin/org/choices', {}, admin));
    expect(choices.classes).toContainEqual({ id: klass, name: '护理2026级1班', path: '护理学 / 2026级' });
    expect(choices.grades).toContainEqual({ id: grade, name: '护理学 / 2026级' });
    // The school's own seeded organisation is there too; another school's is not.
    const otherSchoolClass = await db().selectFrom('classes as c').innerJoin('grades as g', 'g.id', 'c.grade_id').innerJoin('majors as m', 'm.id', 'g.major_id')
      .innerJoin('departments as d', 'd.id', 'm.depart_id').select('c.id').where('d.school_id', '=', 100045).executeTakeFirstOrThrow();
    expect(choices.classes.map((c: any) => c.id)).not.toContain(otherSchoolClass.id);

    const audit = ok(await s.get('admin/audit', { kind: 'org', page_size: 10 }, admin));
    expect(audit.data.slice(0, 4).map((r: any) => r.summary)).toEqual([
      '新建班级 护理2026级1班（护理学 / 2026级）', '新建年级 2026级（护理学）', '新建专业 护理学（智慧护理学院）', '新建院系 智慧护理学院',
    ]);
    expect(audit.data[0]).toMatchObject({ kind_name: '组织机构', action_name: '新建', actor: '甲校管理员（admin-a）', school_name: '华康医科大学' });
  });

  it('refuses bad input with Chinese messages (4xx, not 500)', async () => {
    const dept = ok(await s.postJson('admin/department/save', { department_name: '药学院' }, admin)).id;
    const dup = await s.postJson('admin/department/save', { department_name: '药学院' }, admin);
    expect(dup.status).toBe(422);
    expect(dup.body.message).toBe('本校已有同名院系');
    expect((await s.postJson('admin/department/save', { department_name: '   ' }, admin)).body.message).toBe('请输入院系名称');
    expect((await s.postJson('admin/department/save', {}, admin)).body.message).toBe('请填写院系名称');
    expect((await s.postJson('admin/major/save', { depart_id: 99999999, major_name: '药学' }, admin)).body).toMatchObject({ code: 422, message: '院系不存在' });
    const major = ok(await s.postJson('admin/major/save', { depart_id: dept, major_name: '药学' }, admin)).id;
    const grade = ok(await s.postJson('admin/grade/save', { major_id: major, grade_name: '2025级' }, admin)).id;
    const noDate = await s.postJson('admin/class/save', { grade_id: grade, class_name: '药学1班', probation_status: 1 }, admin);
    expect(noDate).toMatchObject({ status: 422, body: { message: '试用中或试用已结束的班级须填写试用截止日期' } });
    const badDate = await s.postJson('admin/class/save', { grade_id: grade, class_name: '药学1班', probation_status: 2, probation_date: '明天' }, admin);
    expect(badDate).toMatchObject({ status: 422, body: { message: '试用截止日期格式应为 2026-09-30' } });
    expect((await s.postJson('admin/class/save', { grade_id: grade, class_name: '药学1班', probation_status: 7 }, admin)).status).toBe(422);
    expect((await s.postJson('admin/class/save', { grade_id: 'x', class_name: '药学1班' }, admin)).status).toBe(422);
    expect((await s.get('admin/classes', { page_size: 5000 }, admin)).status).toBe(422);
  });

  it('refuses to delete a unit that is not empty, and deletes an empty one', async () => {
    const demoClass = (await db().selectFrom('users').select(['class_id', 'grade_id', 'major_id', 'depart_id']).where('username', '=', 'demo').where('school_id', '=', 100002).executeTakeFirstOrThrow());
    const cls = await s.postJson('admin/class/delete', { id: demoClass.class_id }, admin);
    expect(cls.body.code).toBe(0);
    expect(cls.body.message).toMatch(/^班级“.+”中还有 \d+ 名学生，不能删除；请先把学生调到其他班级$/);
    expect((await s.postJson('admin/grade/delete', { id: demoClass.grade_id }, admin)).body.message).toMatch(/^年级“.+”下还有 \d+ 个班级，不能删除/);
    expect((await s.postJson('admin/major/delete', { id: demoClass.major_id }, admin)).body.message).toMatch(/^专业“.+”下还有 \d+ 个年级，不能删除/);
    expect((await s.postJson('admin/department/delete', { id: demoClass.depart_id }, admin)).body.message).toMatch(/^院系“.+”下还有 \d+ 个专业，不能删除/);
    expect(await db().selectFrom('classes').select('id').where('id', '=', demoClass.class_id!).executeTakeFirst()).toBeDefined();

    const dept = ok(await s.postJson('admin/department/save', { department_name: '临时学院' }, admin)).id;
    const major = ok(await s.postJson('admin/major/save', { depart_id: dept, major_name: '临时专业' }, admin)).id;
    ok(await s.postJson('admin/major/delete', { id: major }, admin));
    ok(await s.postJson('admin/department/delete', { id: dept }, admin));
    expect(await db().selectFrom('departments').select('id').where('id', '=', dept).executeTakeFirst()).toBeUndefined();
    const deleted = ok(await s.get('admin/audit', { kind: 'org', actor: 'admin-a', page_size: 2 }, admin)).data;
    expect(deleted.map((r: any) => r.summary)).toEqual(['删除院系 临时学院', '删除专业 临时专业（临时学院）']);
  });

  it('moves students between classes and keeps their department, major and grade in step; moving a class moves its students', async () => {
    const dept = ok(await s.postJson('admin/department/save', { department_name: '康复学院' }, admin)).id;
    const major = ok(await s.postJson('admin/major/save', { depart_id: dept, major_name: '康复治疗学' }, admin)).id;
    const grade = ok(await s.postJson('admin/grade/save', { major_id: major, grade_name: '2024级' }, admin)).id;
    const target = ok(await s.postJson('admin/class/save', { grade_id: grade, class_name: '康复2024级1班' }, admin)).id;
    const students = ok(await s.get('admin/students', { keyword: 'stu', page_size: 2 }, admin)).data;
    expect(students).toHaveLength(2);
    const moved = await s.postJson('admin/student/move', { ids: students.map((r: any) => r.id), class_id: target }, admin);
    expect(moved.body).toMatchObject({ code: 200, message: '已调入 康复2024级1班', data: { moved: 2 } });
    const rows = await db().selectFrom('users').select(['class_id', 'grade_id', 'major_id', 'depart_id']).where('id', 'in', students.map((r: any) => r.id)).execute();
    expect(rows).toEqual([{ class_id: target, grade_id: grade, major_id: major, depart_id: dept }, { class_id: target, grade_id: grade, major_id: major, depart_id: dept }]);
    expect(ok(await s.get('admin/students', { class_id: target }, admin)).total).toBe(2);
    const log = ok(await s.get('admin/audit', { kind: 'student', page_size: 5 }, admin)).data;
    expect(log[0].summary).toMatch(/^学生 .+ 调班：.+ → 康复2024级1班$/);

    // The class goes to another grade of another major: its students' recorded grade, major and department follow.
    const otherMajor = ok(await s.postJson('admin/major/save', { depart_id: dept, major_name: '康复工程' }, admin)).id;
    const otherGrade = ok(await s.postJson('admin/grade/save', { major_id: otherMajor, grade_name: '2024级' }, admin)).id;
    ok(await s.postJson('admin/class/save', { id: target, grade_id: otherGrade, class_name: '康复2024级1班' }, admin));
    const after = await db().selectFrom('users').select(['grade_id', 'major_id']).where('class_id', '=', target).execute();
    expect(after.every((r) => r.grade_id === otherGrade && r.major_id === otherMajor)).toBe(true);

    expect((await s.postJson('admin/student/move', { class_id: target }, admin)).body).toMatchObject({ code: 422, message: '请选择学生' });
    expect((await s.postJson('admin/student/move', { id: students[0].id }, admin)).body.message).toBe('请选择班级');
  });

  it('filters the audit log by kind, operator and date', async () => {
    const today = ok(await s.get('admin/audit', { days: 1, page_size: 100 }, admin));
    expect(today.total).toBeGreaterThan(5);
    expect(ok(await s.get('admin/audit', { actor: '没有这个人' }, admin)).total).toBe(0);
    expect(ok(await s.get('admin/audit', { to: '2000-01-01' }, admin)).total).toBe(0);
    expect(ok(await s.get('admin/audit', { from: '2000-01-01', kind: 'org' }, admin)).total).toBeGreaterThan(0);
    expect((await s.get('admin/audit', { from: '2026/01/01' }, admin)).body).toMatchObject({ code: 422, message: '日期格式应为 2026-09-01' });
    expect((await s.get('admin/audit', { kind: 'nonsense' }, admin)).status).toBe(422);
  });
});
