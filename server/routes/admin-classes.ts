import { randomInt } from 'node:crypto';
import { formatTimestamp, parseTimestamp } from '../db/time';
import { invalid, notFound, refuse } from '../http/errors';
import { classInSchool, gradeInSchool, schoolOfAdmin } from '../services/admin-scope';
import { audit } from '../services/audit';
import { forgetCachedUser } from '../services/sessions';
import { withLocks } from './admin-accounts';
import { adminPaging, keywordMatch, num, pageOf } from './admin-paging';
import { Answer, defineRoute, field, keysOf, objectSchema, type RouteContext } from './define';

/**
 * A school administrator's classes (with the trial state the student side reads: probation_status 0 none, 1 on trial
 * until probation_date, 2 trial ended) and the students in them: who sits where, and moving a student to another
 * class. A class with students cannot be deleted. Scope: services/admin-scope.ts.
 */
const SORTABLE = { class_name: 'c.class_name', probation_date: 'c.probation_date', students: 'students', id: 'c.id' } as const;
const PROBATION_NAMES = ['正式', '试用中', '试用已结束'];
const KEY_LETTERS = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
const newClassKey = () => Array.from({ length: 6 }, () => KEY_LETTERS[randomInt(KEY_LETTERS.length)]).join('');

const saveBody = objectSchema({
  id: field.int('ID', { minimum: 1 }),
  grade_id: field.int('年级', { minimum: 1, errorMessage: '请选择年级' }),
  class_name: field.str('班级名称', { minLength: 1, maxLength: 40, pattern: '\\S', errorMessage: { minLength: '请输入班级名称', pattern: '请输入班级名称', maxLength: '班级名称最多 40 个字' } }),
  probation_status: field.int('试用状态', { enum: [0, 1, 2], default: 0, errorMessage: '请选择试用状态' }),
  probation_date: field.nullable(field.str('试用截止日期', { maxLength: 20 })),
  sort: field.int('排序', { minimum: 0, maximum: 9999, default: 0, errorMessage: '排序须为 0 到 9999 的整数' }),
}, ['grade_id', 'class_name']);

/** A trial state needs its date (the student's notice names it); YYYY-MM-DD, stored as the end of that day. */
function probationDate(status: number, text: string | null | undefined): string | null {
  const trimmed = (text ?? '').trim();
  if (status === 0) return null;
  if (!trimmed) throw invalid('probation_date', '试用中或试用已结束的班级须填写试用截止日期');
  const at = /^\d{4}-\d{2}-\d{2}$/.test(trimmed.slice(0, 10)) ? parseTimestamp(`${trimmed.slice(0, 10)} 23:59:59`) : null;
  if (!at) throw invalid('probation_date', '试用截止日期格式应为 2026-09-30');
  return formatTimestamp(at);
}

export function adminClassRoutes(ctx: RouteContext): void {
  const { db } = ctx;

  defineRoute(ctx, 'admin/classes', {
    schema: {
      querystring: objectSchema({
        ...adminPaging,
        grade_id: field.int('年级', { minimum: 1 }),
        probation_status: field.int('试用状态', { enum: [0, 1, 2] }),
        sort: field.str('排序字段', { enum: keysOf(SORTABLE) }),
        order: field.str('排序方向', { enum: ['asc', 'desc'] }),
      }),
    },
    async handler(request) {
      const schoolId = schoolOfAdmin(request);
      const q = request.query;
      let list = db.selectFrom('classes as c').innerJoin('grades as g', 'g.id', 'c.grade_id').innerJoin('majors as m', 'm.id', 'g.major_id')
        .innerJoin('departments as d', 'd.id', 'm.depart_id').where('d.school_id', '=', schoolId)
        .select((eb) => ['c.id', 'c.class_name', 'c.class_key', 'c.probation_status', 'c.probation_date', 'c.sort', 'c.grade_id',
          'g.grade_name', 'm.major_name', 'd.department_name',
          eb.selectFrom('users as u').select(eb.fn.countAll<number>().as('n')).whereRef('u.class_id', '=', 'c.id').where('u.role', '=', 'student').as('students'),
          eb.selectFrom('users as u').select(eb.fn.countAll<number>().as('n')).whereRef('u.class_id', '=', 'c.id').where('u.role', '=', 'student').where('u.type', '=', 4).as('pending')]);
      if (q.grade_id) list = list.where('c.grade_id', '=', q.grade_id);
      if (q.probation_status !== undefined) list = list.where('c.probation_status', '=', q.probation_status);
      if (q.keyword?.trim()) list = list.where(keywordMatch(['c.class_name', 'g.grade_name', 'm.major_name', 'd.department_name'], q.keyword.trim()));
      const ordered = q.sort
        ? list.orderBy(SORTABLE[q.sort], q.order ?? 'asc').orderBy('c.id')
        : list.orderBy('d.sort').orderBy('d.id').orderBy('m.sort').orderBy('m.id').orderBy('g.sort').orderBy('g.id').orderBy('c.sort').orderBy('c.id');
      const page = await pageOf(ordered, q);
      return {
        ...page,
        data: page.data.map((r) => ({
          ...r, students: num(r.students), pending: num(r.pending), probation_date: r.probation_date ? r.probation_date.slice(0, 10) : '',
          probation_name: PROBATION_NAMES[r.probation_status] ?? '', path: `${r.department_name} / ${r.major_name} / ${r.grade_name}`,
        })),
      };
    },
  });

  defineRoute(ctx, 'admin/class', {
    schema: { querystring: objectSchema({ id: field.int('班级ID', { minimum: 1 }) }, ['id']) },
    async handler(request) {
      const c = await classInSchool(db, schoolOfAdmin(request), request.query.id);
      return { id: c.id, grade_id: c.grade_id, class_name: c.class_name, class_key: c.class_key, probation_status: c.probation_status, probation_date: c.probation_date?.slice(0, 10) ?? '', sort: c.sort };
    },
  });

  defineRoute(ctx, 'admin/class/save', {
    schema: { body: saveBody },
    async handler(request) {
      const schoolId = schoolOfAdmin(request);
      const b = request.body;
      const name = b.class_name.trim();
      const before = b.id ? await classInSchool(db, schoolId, b.id) : null;
      const grade = await gradeInSchool(db, schoolId, b.grade_id).catch(() => { throw invalid('grade_id', '年级不存在'); });
      const status = b.probation_status ?? 0;
      const values = { grade_id: grade.id, class_name: name, probation_status: status, probation_date: probationDate(status, b.probation_date), sort: b.sort ?? 0 };
      let same = db.selectFrom('classes').select('id').where('grade_id', '=', grade.id).where('class_name', '=', name);
      if (b.id) same = same.where('id', '!=', b.id);
      if (await same.executeTakeFirst()) throw invalid('class_name', `年级“${grade.grade_name}”下已有同名班级`);
      const id = await db.transaction().execute(async (trx) => {
        let saved: number;
        if (before) {
          saved = before.id;
          await trx.updateTable('classes').set(values).where('id', '=', saved).execute();
          // Students carry their department, major and grade: a class moved to another grade takes them along.
          if (before.grade_id !== grade.id) await trx.updateTable('users').set({ grade_id: grade.id, major_id: grade.major_id, depart_id: grade.depart_id }).where('class_id', '=', saved).execute();
        } else {
          saved = (await trx.insertInto('classes').values({ ...values, class_key: newClassKey() }).returning('id').executeTakeFirstOrThrow()).id;
        }
        await audit(trx, request, { kind: 'org', action: before ? 'update' : 'create', targetId: saved,
          summary: before ? `修改班级 ${before.class_name}${before.class_name !== name ? ` → ${name}` : ''}（${PROBATION_NAMES[status]}${values.probation_date ? ` 至 ${values.probation_date.slice(0, 10)}` : ''}）` : `新建班级 ${name}（${grade.major_name} / ${grade.grade_name}）`,
          detail: values });
        return saved;
      });
      // Members' cached profiles carry the class state (trial notices): read them again.
      if (before) for (const u of await db.selectFrom('users').select('id').where('class_id', '=', id).execute()) forgetCachedUser(db, u.id);
      return new Answer({ id }, '保存成功');
    },
  });

  defineRoute(ctx, 'admin/class/delete', {
    schema: { body: objectSchema({ id: field.int('班级ID', { minimum: 1 }) }, ['id']) },
    async handler(request) {
      const c = await classInSchool(db, schoolOfAdmin(request), request.body.id);
      const students = num((await db.selectFrom('users').select((eb) => eb.fn.countAll<number>().as('n')).where('class_id', '=', c.id).where('role', '=', 'student').executeTakeFirst())?.n);
      if (students) throw refuse(`班级“${c.class_name}”中还有 ${students} 名学生，不能删除；请先把学生调到其他班级`);
      await db.transaction().execute(async (trx) => {
        await trx.deleteFrom('classes').where('id', '=', c.id).execute();
        await audit(trx, request, { kind: 'org', action: 'delete', targetId: c.id, summary: `删除班级 ${c.class_name}` });
      });
      return new Answer(null, '删除成功');
    },
  });

  // ---------- students: where each sits, and moving them ----------
  defineRoute(ctx, 'admin/students', {
    schema: {
      querystring: objectSchema({
        ...adminPaging, class_id: field.int('班级', { minimum: 1 }), type: field.int('状态', { enum: [1, 4, 5] }),
        depart_id: field.int('院系', { minimum: 1 }), major_id: field.int('专业', { minimum: 1 }), grade_id: field.int('年级', { minimum: 1 }),
        status: field.int('账号状态', { enum: [0, 1] }),
      }),
    },
    async handler(request) {
      const schoolId = schoolOfAdmin(request);
      const q = request.query;
      let list = db.selectFrom('users as u').leftJoin('classes as c', 'c.id', 'u.class_id').leftJoin('grades as g', 'g.id', 'u.grade_id')
        .leftJoin('majors as m', 'm.id', 'u.major_id')
        .where('u.school_id', '=', schoolId).where('u.role', '=', 'student')
        .select(['u.id', 'u.username', 'u.realname', 'u.student_no', 'u.mobile', 'u.type', 'u.status', 'u.class_id', 'u.review_reason', 'u.must_change_password', 'c.class_name', 'g.grade_name', 'm.major_name']);
      if (q.class_id) list = list.where('u.class_id', '=', q.class_id);
      if (q.depart_id) list = list.where('u.depart_id', '=', q.depart_id);
      if (q.major_id) list = list.where('u.major_id', '=', q.major_id);
      if (q.grade_id) list = list.where('u.grade_id', '=', q.grade_id);
      if (q.status !== undefined) list = list.where('u.status', '=', q.status);
      if (q.type) list = list.where('u.type', '=', q.type);
      if (q.keyword?.trim()) list = list.where(keywordMatch(['u.username', 'u.realname', 'u.student_no', 'u.mobile', 'c.class_name', 'g.grade_name', 'm.major_name'], q.keyword.trim()));
      const page = await pageOf(list.orderBy('u.id'), q);
      return { ...page, data: (await withLocks(db, schoolId, page.data)).map((r) => ({ ...r, class_name: r.class_name ?? '', grade_name: r.grade_name ?? '', major_name: r.major_name ?? '', student_no: r.student_no ?? '', mobile: r.mobile ?? '' })) };
    },
  });

  defineRoute(ctx, 'admin/student/move', {
    schema: {
      body: objectSchema({
        id: field.int('学生', { minimum: 1 }),
        ids: field.list('学生', field.int('学生', { minimum: 1 }), { minItems: 1, maxItems: 500, uniqueItems: true }),
        class_id: field.int('班级', { minimum: 1, errorMessage: '请选择班级' }),
      }, ['class_id']),
    },
    async handler(request) {
      const schoolId = schoolOfAdmin(request);
      const b = request.body;
      const ids = b.ids ?? (b.id ? [b.id] : []);
      if (!ids.length) throw invalid('ids', '请选择学生');
      const target = await classInSchool(db, schoolId, b.class_id).catch(() => { throw invalid('class_id', '班级不存在'); });
      // One read for the lot; any id that is not a student of this school makes the whole move "not found".
      const students = await db.selectFrom('users').selectAll().where('id', 'in', ids).where('school_id', '=', schoolId).where('role', '=', 'student').execute();
      if (students.length !== ids.length) throw notFound('学生不存在');
      const from = new Map((await db.selectFrom('classes').select(['id', 'class_name']).where('id', 'in', students.map((s) => s.class_id ?? -1)).execute()).map((c) => [c.id, c.class_name]));
      await db.transaction().execute(async (trx) => {
        await trx.updateTable('users').set({ class_id: target.id, grade_id: target.grade_id, major_id: target.major_id, depart_id: target.depart_id }).where('id', 'in', ids).execute();
        for (const s of students) {
          await audit(trx, request, { kind: 'student', action: 'move', targetId: s.id,
            summary: `学生 ${s.realname || s.username} 调班：${from.get(s.class_id ?? -1) ?? '无班级'} → ${target.class_name}`, detail: { from: s.class_id, to: target.id } });
        }
      });
      ids.forEach((id) => forgetCachedUser(db, id));
      return new Answer({ moved: ids.length }, `已调入 ${target.class_name}`);
    },
  });
}
