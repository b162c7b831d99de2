import { invalid, refuse } from '../http/errors';
import { departmentInSchool, gradeInSchool, majorInSchool, schoolOfAdmin } from '../services/admin-scope';
import { audit } from '../services/audit';
import { adminPaging, keywordMatch, num, pageOf } from './admin-paging';
import { Answer, defineRoute, field, objectSchema, type RouteContext } from './define';

/**
 * A school administrator's organisation above the classes: departments → majors → grades (issue 17). Each list is
 * the school's units of that level with their parent and how many units sit below; a unit with units below cannot be
 * deleted. Moving a major or a grade to another parent moves its students' recorded department/major with it.
 * Classes and students are in admin-classes.ts.
 */
const nameField = (title: string) => field.str(title, { minLength: 1, maxLength: 40, pattern: '\\S', errorMessage: { minLength: `请输入${title}`, pattern: `请输入${title}`, maxLength: `${title}最多 40 个字` } });
const idField = (title: string) => field.int(title, { minimum: 1, errorMessage: `请选择${title}` });
const sortField = field.int('排序', { minimum: 0, maximum: 9999, default: 0, errorMessage: '排序须为 0 到 9999 的整数' });
const idBody = objectSchema({ id: field.int('ID', { minimum: 1 }) }, ['id']);

/** The same name twice under one parent would be two units nobody can tell apart in a select. */
async function assertUnique(exists: Promise<unknown>, fieldName: string, message: string) {
  if (await exists) throw invalid(fieldName, message);
}

export function adminOrgRoutes(ctx: RouteContext): void {
  const { db } = ctx;

  // ---------- departments ----------
  defineRoute(ctx, 'admin/departments', {
    schema: { querystring: objectSchema({ ...adminPaging }) },
    async handler(request) {
      const schoolId = schoolOfAdmin(request);
      const q = request.query;
      let list = db.selectFrom('departments as d').where('d.school_id', '=', schoolId)
        .select((eb) => ['d.id', 'd.department_name', 'd.sort',
          eb.selectFrom('majors as m').select(eb.fn.countAll<number>().as('n')).whereRef('m.depart_id', '=', 'd.id').as('majors'),
          eb.selectFrom('users as u').select(eb.fn.countAll<number>().as('n')).whereRef('u.depart_id', '=', 'd.id').where('u.role', '=', 'student').as('students')]);
      if (q.keyword?.trim()) list = list.where(keywordMatch(['d.department_name'], q.keyword.trim()));
      const page = await pageOf(list.orderBy('d.sort').orderBy('d.id'), q);
      return { ...page, data: page.data.map((r) => ({ ...r, majors: num(r.majors), students: num(r.students) })) };
    },
  });

  defineRoute(ctx, 'admin/department/save', {
    schema: { body: objectSchema({ id: field.int('ID', { minimum: 1 }), department_name: nameField('院系名称'), sort: sortField }, ['department_name']) },
    async handler(request) {
      const schoolId = schoolOfAdmin(request);
      const b = request.body;
      const name = b.department_name.trim();
      const before = b.id ? await departmentInSchool(db, schoolId, b.id) : null;
      let same = db.selectFrom('departments').select('id').where('school_id', '=', schoolId).where('department_name', '=', name);
      if (b.id) same = same.where('id', '!=', b.id);
      await assertUnique(same.executeTakeFirst(), 'department_name', '本校已有同名院系');
      const values = { department_name: name, sort: b.sort ?? 0 };
      const id = await db.transaction().execute(async (trx) => {
        const saved = before
          ? (await trx.updateTable('departments').set(values).where('id', '=', before.id).execute(), before.id)
          : (await trx.insertInto('departments').values({ school_id: schoolId, ...values }).returning('id').executeTakeFirstOrThrow()).id;
        await audit(trx, request, { kind: 'org', action: before ? 'update' : 'create', targetId: saved,
          summary: before ? `修改院系 ${before.department_name}${before.department_name !== name ? ` → ${name}` : ''}` : `新建院系 ${name}`, detail: values });
        return saved;
      });
      return new Answer({ id }, '保存成功');
    },
  });

  defineRoute(ctx, 'admin/department/delete', {
    schema: { body: idBody },
    async handler(request) {
      const schoolId = schoolOfAdmin(request);
      const d = await departmentInSchool(db, schoolId, request.body.id);
      const majors = num((await db.selectFrom('majors').select((eb) => eb.fn.countAll<number>().as('n')).where('depart_id', '=', d.id).executeTakeFirst())?.n);
      if (majors) throw refuse(`院系“${d.department_name}”下还有 ${majors} 个专业，不能删除；请先删除或移走这些专业`);
      await db.transaction().execute(async (trx) => {
        await trx.deleteFrom('departments').where('id', '=', d.id).execute();
        await audit(trx, request, { kind: 'org', action: 'delete', targetId: d.id, summary: `删除院系 ${d.department_name}` });
      });
      return new Answer(null, '删除成功');
    },
  });

  // ---------- majors ----------
  defineRoute(ctx, 'admin/majors', {
    schema: { querystring: objectSchema({ ...adminPaging, depart_id: field.int('院系', { minimum: 1 }) }) },
    async handler(request) {
      const schoolId = schoolOfAdmin(request);
      const q = request.query;
      let list = db.selectFrom('majors as m').innerJoin('departments as d', 'd.id', 'm.depart_id').where('d.school_id', '=', schoolId)
        .select((eb) => ['m.id', 'm.major_name', 'm.sort', 'm.depart_id', 'd.department_name',
          eb.selectFrom('grades as g').select(eb.fn.countAll<number>().as('n')).whereRef('g.major_id', '=', 'm.id').as('grades'),
          eb.selectFrom('users as u').select(eb.fn.countAll<number>().as('n')).whereRef('u.major_id', '=', 'm.id').where('u.role', '=', 'student').as('students')]);
      if (q.depart_id) list = list.where('m.depart_id', '=', q.depart_id);
      if (q.keyword?.trim()) list = list.where(keywordMatch(['m.major_name', 'd.department_name'], q.keyword.trim()));
      const page = await pageOf(list.orderBy('d.sort').orderBy('d.id').orderBy('m.sort').orderBy('m.id'), q);
      return { ...page, data: page.data.map((r) => ({ ...r, grades: num(r.grades), students: num(r.students) })) };
    },
  });

  defineRoute(ctx, 'admin/major/save', {
    schema: { body: objectSchema({ id: field.int('ID', { minimum: 1 }), depart_id: idField('院系'), major_name: nameField('专业名称'), sort: sortField }, ['depart_id', 'major_name']) },
    async handler(request) {
      const schoolId = schoolOfAdmin(request);
      const b = request.body;
      const name = b.major_name.trim();
      const before = b.id ? await majorInSchool(db, schoolId, b.id) : null;
      const parent = await departmentInSchool(db, schoolId, b.depart_id).catch(() => { throw invalid('depart_id', '院系不存在'); });
      let same = db.selectFrom('majors').select('id').where('depart_id', '=', parent.id).where('major_name', '=', name);
      if (b.id) same = same.where('id', '!=', b.id);
      await assertUnique(same.executeTakeFirst(), 'major_name', `院系“${parent.department_name}”下已有同名专业`);
      const values = { depart_id: parent.id, major_name: name, sort: b.sort ?? 0 };
      const id = await db.transaction().execute(async (trx) => {
        let saved: number;
        if (before) {
          saved = before.id;
          await trx.updateTable('majors').set(values).where('id', '=', saved).execute();
          if (before.depart_id !== parent.id) await trx.updateTable('users').set({ depart_id: parent.id }).where('major_id', '=', saved).execute();
        } else {
          saved = (await trx.insertInto('majors').values(values).returning('id').executeTakeFirstOrThrow()).id;
        }
        await audit(trx, request, { kind: 'org', action: before ? 'update' : 'create', targetId: saved,
          summary: before ? `修改专业 ${before.major_name}${before.major_name !== name ? ` → ${name}` : ''}（${parent.department_name}）` : `新建专业 ${name}（${parent.department_name}）`, detail: values });
        return saved;
      });
      return new Answer({ id }, '保存成功');
    },
  });

  defineRoute(ctx, 'admin/major/delete', {
    schema: { body: idBody },
    async handler(request) {
      const schoolId = schoolOfAdmin(request);
      const m = await majorInSchool(db, schoolId, request.body.id);
      const grades = num((await db.selectFrom('grades').select((eb) => eb.fn.countAll<number>().as('n')).where('major_id', '=', m.id).executeTakeFirst())?.n);
      if (grades) throw refuse(`专业“${m.major_name}”下还有 ${grades} 个年级，不能删除；请先删除或移走这些年级`);
      await db.transaction().execute(async (trx) => {
        await trx.deleteFrom('majors').where('id', '=', m.id).execute();
        await audit(trx, request, { kind: 'org', action: 'delete', targetId: m.id, summary: `删除专业 ${m.major_name}（${m.department_name}）` });
      });
      return new Answer(null, '删除成功');
    },
  });

  // ---------- grades ----------
  defineRoute(ctx, 'admin/grades', {
    schema: { querystring: objectSchema({ ...adminPaging, major_id: field.int('专业', { minimum: 1 }) }) },
    async handler(request) {
      const schoolId = schoolOfAdmin(request);
      const q = request.query;
      let list = db.selectFrom('grades as g').innerJoin('majors as m', 'm.id', 'g.major_id').innerJoin('departments as d', 'd.id', 'm.depart_id')
        .where('d.school_id', '=', schoolId)
        .select((eb) => ['g.id', 'g.grade_name', 'g.sort', 'g.major_id', 'm.major_name', 'd.department_name',
          eb.selectFrom('classes as c').select(eb.fn.countAll<number>().as('n')).whereRef('c.grade_id', '=', 'g.id').as('classes'),
          eb.selectFrom('users as u').select(eb.fn.countAll<number>().as('n')).whereRef('u.grade_id', '=', 'g.id').where('u.role', '=', 'student').as('students')]);
      if (q.major_id) list = list.where('g.major_id', '=', q.major_id);
      if (q.keyword?.trim()) list = list.where(keywordMatch(['g.grade_name', 'm.major_name', 'd.department_name'], q.keyword.trim()));
      const page = await pageOf(list.orderBy('d.sort').orderBy('d.id').orderBy('m.sort').orderBy('m.id').orderBy('g.sort').orderBy('g.id'), q);
      return { ...page, data: page.data.map((r) => ({ ...r, classes: num(r.classes), students: num(r.students) })) };
    },
  });

  defineRoute(ctx, 'admin/grade/save', {
    schema: { body: objectSchema({ id: field.int('ID', { minimum: 1 }), major_id: idField('专业'), grade_name: nameField('年级名称'), sort: sortField }, ['major_id', 'grade_name']) },
    async handler(request) {
      const schoolId = schoolOfAdmin(request);
      const b = request.body;
      const name = b.grade_name.trim();
      const before = b.id ? await gradeInSchool(db, schoolId, b.id) : null;
      const parent = await majorInSchool(db, schoolId, b.major_id).catch(() => { throw invalid('major_id', '专业不存在'); });
      let same = db.selectFrom('grades').select('id').where('major_id', '=', parent.id).where('grade_name', '=', name);
      if (b.id) same = same.where('id', '!=', b.id);
      await assertUnique(same.executeTakeFirst(), 'grade_name', `专业“${parent.major_name}”下已有同名年级`);
      const values = { major_id: parent.id, grade_name: name, sort: b.sort ?? 0 };
      const id = await db.transaction().execute(async (trx) => {
        let saved: number;
        if (before) {
          saved = before.id;
          await trx.updateTable('grades').set(values).where('id', '=', saved).execute();
          if (before.major_id !== parent.id) await trx.updateTable('users').set({ major_id: parent.id, depart_id: parent.depart_id }).where('grade_id', '=', saved).execute();
        } else {
          saved = (await trx.insertInto('grades').values(values).returning('id').executeTakeFirstOrThrow()).id;
        }
        await audit(trx, request, { kind: 'org', action: before ? 'update' : 'create', targetId: saved,
          summary: before ? `修改年级 ${before.grade_name}${before.grade_name !== name ? ` → ${name}` : ''}（${parent.major_name}）` : `新建年级 ${name}（${parent.major_name}）`, detail: values });
        return saved;
      });
      return new Answer({ id }, '保存成功');
    },
  });

  defineRoute(ctx, 'admin/grade/delete', {
    schema: { body: idBody },
    async handler(request) {
      const schoolId = schoolOfAdmin(request);
      const g = await gradeInSchool(db, schoolId, request.body.id);
      const classes = num((await db.selectFrom('classes').select((eb) => eb.fn.countAll<number>().as('n')).where('grade_id', '=', g.id).executeTakeFirst())?.n);
      if (classes) throw refuse(`年级“${g.grade_name}”下还有 ${classes} 个班级，不能删除；请先删除或移走这些班级`);
      await db.transaction().execute(async (trx) => {
        await trx.deleteFrom('grades').where('id', '=', g.id).execute();
        await audit(trx, request, { kind: 'org', action: 'delete', targetId: g.id, summary: `删除年级 ${g.grade_name}（${g.major_name}）` });
      });
      return new Answer(null, '删除成功');
    },
  });

  // Choices for the console's selects: every unit of the school with its full path (院系 / 专业 / 年级 / 班级).
  defineRoute(ctx, 'admin/org/choices', {
    async handler(request) {
      const schoolId = schoolOfAdmin(request);
      const departments = await db.selectFrom('departments').select(['id', 'department_name as name']).where('school_id', '=', schoolId).orderBy('sort').orderBy('id').execute();
      const majors = await db.selectFrom('majors as m').innerJoin('departments as d', 'd.id', 'm.depart_id').select(['m.id', 'm.major_name', 'd.department_name'])
        .where('d.school_id', '=', schoolId).orderBy('d.sort').orderBy('d.id').orderBy('m.sort').orderBy('m.id').execute();
      const grades = await db.selectFrom('grades as g').innerJoin('majors as m', 'm.id', 'g.major_id').innerJoin('departments as d', 'd.id', 'm.depart_id')
        .select(['g.id', 'g.grade_name', 'm.major_name']).where('d.school_id', '=', schoolId)
        .orderBy('d.sort').orderBy('d.id').orderBy('m.sort').orderBy('m.id').orderBy('g.sort').orderBy('g.id').execute();
      const classes = await db.selectFrom('classes as c').innerJoin('grades as g', 'g.id', 'c.grade_id').innerJoin('majors as m', 'm.id', 'g.major_id')
        .innerJoin('departments as d', 'd.id', 'm.depart_id').select(['c.id', 'c.class_name', 'g.grade_name', 'm.major_name']).where('d.school_id', '=', schoolId)
        .orderBy('d.sort').orderBy('d.id').orderBy('m.sort').orderBy('m.id').orderBy('g.sort').orderBy('g.id').orderBy('c.sort').orderBy('c.id').execute();
      return {
        departments,
        majors: majors.map((r) => ({ id: r.id, name: `${r.department_name} / ${r.major_name}` })),
        grades: grades.map((r) => ({ id: r.id, name: `${r.major_name} / ${r.grade_name}` })),
        classes: classes.map((r) => ({ id: r.id, name: r.class_name, path: `${r.major_name} / ${r.grade_name}` })),
      };
    },
  });
}
