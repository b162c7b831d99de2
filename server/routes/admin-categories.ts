import { invalid, refuse } from '../http/errors';
import { categoryInSchool, mediaAddress } from '../services/admin-catalogue';
import { schoolOfAdmin } from '../services/admin-scope';
import { audit } from '../services/audit';
import { num } from './admin-paging';
import { Answer, defineRoute, field, objectSchema, type RouteContext } from './define';

/**
 * A school administrator's course categories (issue 17 #3): the two-level tree the student catalogue shows
 * (learn/cate/tree), directions (parent_id 0) and their types. A category without a link shows 暂未开放 to students.
 * Shared categories (school_id null) are listed read-only; the school's own can be created, changed and deleted
 * (not while it has types or courses).
 */
const saveBody = objectSchema({
  id: field.int('ID', { minimum: 1 }),
  parent_id: field.int('上级方向', { minimum: 0, default: 0, errorMessage: '请选择上级方向' }),
  name: field.str('分类名称', { minLength: 1, maxLength: 20, pattern: '\\S', errorMessage: { minLength: '请输入分类名称', pattern: '请输入分类名称', maxLength: '分类名称最多 20 个字' } }),
  link: field.nullable(field.str('链接', { maxLength: 200, errorMessage: '链接最多 200 个字符' })),
  icon: field.str('图标', { maxLength: 300, errorMessage: '图标地址最多 300 个字符' }),
  sort: field.int('排序', { minimum: 0, maximum: 9999, default: 0, errorMessage: '排序须为 0 到 9999 的整数' }),
}, ['name']);

export function adminCategoryRoutes(ctx: RouteContext): void {
  const { db } = ctx;

  const visible = (schoolId: number) => db.selectFrom('learn_categories as c')
    .where((eb) => eb.or([eb('c.school_id', 'is', null), eb('c.school_id', '=', schoolId)]));

  defineRoute(ctx, 'admin/categories', {
    async handler(request) {
      const schoolId = schoolOfAdmin(request);
      const rows = await visible(schoolId)
        .select((eb) => ['c.id', 'c.parent_id', 'c.name', 'c.link', 'c.icon', 'c.sort', 'c.school_id',
          eb.selectFrom('learns as l').select(eb.fn.countAll<number>().as('n')).whereRef('l.category_id', '=', 'c.id')
            .where('l.parent_learn_id', 'is', null).where((w) => w.or([w('l.school_id', 'is', null), w('l.school_id', '=', schoolId)])).as('courses')])
        .orderBy('c.sort').orderBy('c.id').execute();
      const top = rows.filter((r) => r.parent_id === 0);
      const data = top.flatMap((t) => {
        const children = rows.filter((r) => r.parent_id === t.id);
        const row = (r: (typeof rows)[number], level: number, parent: string) => ({
          id: r.id, parent_id: r.parent_id, name: r.name, level, level_name: level === 1 ? '方向' : '类型', parent_name: parent,
          path: parent ? `${parent} / ${r.name}` : r.name, link: r.link ?? '', open: r.link ? 1 : 0, icon: r.icon, sort: r.sort,
          shared: r.school_id === null ? 1 : 0, courses: num(r.courses), children: level === 1 ? children.length : 0,
        });
        return [row(t, 1, ''), ...children.map((c) => row(c, 2, t.name))];
      });
      const directions = top.map((t) => ({ value: t.id, label: t.name }));
      const types = data.filter((d) => d.level === 2).map((d) => ({ value: d.id, label: d.path }));
      return { data, total: data.length, directions, types };
    },
  });

  defineRoute(ctx, 'admin/category', {
    schema: { querystring: objectSchema({ id: field.int('ID', { minimum: 1 }) }, ['id']) },
    async handler(request) {
      const c = await categoryInSchool(db, schoolOfAdmin(request), request.query.id);
      return { id: c.id, parent_id: c.parent_id, name: c.name, link: c.link ?? '', icon: c.icon, sort: c.sort };
    },
  });

  defineRoute(ctx, 'admin/category/save', {
    schema: { body: saveBody },
    async handler(request) {
      const schoolId = schoolOfAdmin(request);
      const b = request.body;
      const before = b.id ? await categoryInSchool(db, schoolId, b.id) : null;
      const parentId = b.parent_id ?? 0;
      if (parentId) {
        const parent = await visible(schoolId).select(['c.id', 'c.parent_id']).where('c.id', '=', parentId).executeTakeFirst();
        if (!parent) throw invalid('parent_id', '上级方向不存在');
        if (parent.parent_id !== 0) throw invalid('parent_id', '只能有两级：上级须是一个方向');
        if (before && before.id === parentId) throw invalid('parent_id', '上级方向不能是它自己');
      }
      if (before && parentId) {
        const below = await db.selectFrom('learn_categories').select('id').where('parent_id', '=', before.id).executeTakeFirst();
        if (below) throw invalid('parent_id', '这个方向下还有类型，不能把它改成类型');
      }
      const name = b.name.trim();
      let same = visible(schoolId).select('c.id').where('c.parent_id', '=', parentId).where('c.name', '=', name);
      if (before) same = same.where('c.id', '!=', before.id);
      if (await same.executeTakeFirst()) throw invalid('name', parentId ? '该方向下已有同名类型' : '已有同名方向');
      const linkText = (b.link ?? '').trim();
      const values = {
        parent_id: parentId, name, sort: b.sort ?? 0,
        link: linkText ? mediaAddress('link', linkText, '链接') : null,
        icon: (b.icon ?? '').trim() ? mediaAddress('icon', b.icon!, '图标地址') : before?.icon ?? '',
      };
      const id = await db.transaction().execute(async (trx) => {
        const saved = before
          ? (await trx.updateTable('learn_categories').set(values).where('id', '=', before.id).execute(), before.id)
          : (await trx.insertInto('learn_categories').values({ school_id: schoolId, ...values }).returning('id').executeTakeFirstOrThrow()).id;
        await audit(trx, request, { kind: 'catalogue', action: before ? 'update' : 'create', targetId: saved,
          summary: `${before ? '修改' : '新建'}课程分类 ${name}${values.link ? '' : '（暂未开放）'}`, detail: values });
        return saved;
      });
      return new Answer({ id }, '保存成功');
    },
  });

  defineRoute(ctx, 'admin/category/delete', {
    schema: { body: objectSchema({ id: field.int('ID', { minimum: 1 }) }, ['id']) },
    async handler(request) {
      const schoolId = schoolOfAdmin(request);
      const c = await categoryInSchool(db, schoolId, request.body.id);
      const types = num((await db.selectFrom('learn_categories').select((eb) => eb.fn.countAll<number>().as('n')).where('parent_id', '=', c.id).executeTakeFirst())?.n);
      if (types) throw refuse(`方向“${c.name}”下还有 ${types} 个类型，不能删除；请先删除这些类型`);
      const courses = num((await db.selectFrom('learns').select((eb) => eb.fn.countAll<number>().as('n')).where('category_id', '=', c.id).executeTakeFirst())?.n);
      if (courses) throw refuse(`分类“${c.name}”下还有 ${courses} 门课程，不能删除；请先把课程移到其他分类`);
      await db.transaction().execute(async (trx) => {
        await trx.deleteFrom('learn_categories').where('id', '=', c.id).execute();
        await audit(trx, request, { kind: 'catalogue', action: 'delete', targetId: c.id, summary: `删除课程分类 ${c.name}` });
      });
      return new Answer(null, '删除成功');
    },
  });
}
