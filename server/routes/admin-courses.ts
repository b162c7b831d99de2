import { invalid, refuse } from '../http/errors';
import { now } from '../db/time';
import { courseCategory, courseInSchool, launchAddress, mediaAddress, stepNames } from '../services/admin-catalogue';
import { schoolOfAdmin } from '../services/admin-scope';
import { audit } from '../services/audit';
import { cleanHtml, textToHtml } from '../services/rich-text';
import { adminPaging, keywordMatch, num, pageOf } from './admin-paging';
import { Answer, defineRoute, field, keysOf, objectSchema, type RouteContext } from './define';

/**
 * A school administrator's courses (issue 17 #3): what the student catalogue shows (name, image, type, times,
 * introduction, rich-text sections, gallery, resources, questionnaire flag), the simulation registration (launch
 * address, step names; docs/simulation-protocol.md) and which classes see a course (class_learns: no row = every class
 * of the school, rows = only those classes; services/catalogue.ts visibleCourses is the one rule that reads it).
 * Only the school's own courses are listed and changed; shared courses (school_id null) belong to the platform.
 * The image upload is admin-course-image.ts.
 */
export const COURSE_TYPES = ['线上仿真', '模型实训', '智能设备'];
const SORTABLE = { name: 'l.name', sort: 'l.sort', change_time: 'l.change_time', records: 'records', id: 'l.id' } as const;

const text = (title: string, max: number) => field.str(title, { maxLength: max, errorMessage: `${title}最多 ${max} 个字` });
const address = (title: string) => field.str(title, { minLength: 1, maxLength: 500, errorMessage: `请填写${title}（最多 500 个字符）` });
const saveBody = objectSchema({
  id: field.int('ID', { minimum: 1 }),
  name: field.str('课程名称', { minLength: 1, maxLength: 60, pattern: '\\S', errorMessage: { minLength: '请输入课程名称', pattern: '请输入课程名称', maxLength: '课程名称最多 60 个字' } }),
  category_id: field.int('分类', { minimum: 1, errorMessage: '请选择分类' }),
  type: field.int('实训类型', { enum: [0, 1, 2], default: 0, errorMessage: '请选择实训类型' }),
  times: field.int('学时（分钟）', { minimum: 0, maximum: 10000, default: 0, errorMessage: '学时须为 0 到 10000 的整数（分钟）' }),
  introduce: text('简介', 2000),
  state: field.int('状态', { enum: [0, 1], default: 0, errorMessage: '请选择发布状态' }),
  sort: field.int('排序', { minimum: 0, maximum: 9999, default: 0, errorMessage: '排序须为 0 到 9999 的整数' }),
  questionnaire: field.int('问卷', { enum: [0, 1], default: 0, errorMessage: '请选择是否启用问卷' }),
  url: text('启动地址', 500),
  sim_steps: field.list('步骤名称', field.str('步骤', { maxLength: 50, errorMessage: '步骤名称最多 50 个字' }), { maxItems: 30, errorMessage: { maxItems: '最多 30 个步骤' } }),
  details: field.list('详情', objectSchema({
    title: field.str('栏目标题', { minLength: 1, maxLength: 30, errorMessage: '请填写栏目标题（最多 30 个字）' }),
    content: field.str('栏目内容', { maxLength: 100000, errorMessage: '栏目内容过长' }),
  }, ['title']), { maxItems: 20, errorMessage: { maxItems: '最多 20 个详情栏目' } }),
  files: field.list('图片与视频', objectSchema({
    type: field.str('类型', { enum: ['image', 'video'], errorMessage: '请选择图片或视频' }),
    path: address('图片或视频地址'), title: text('标题', 50), cover: text('视频封面', 500),
  }, ['type', 'path']), { maxItems: 30, errorMessage: { maxItems: '最多 30 个图片或视频' } }),
  resources: field.list('下载资源', objectSchema({
    title: field.str('资源名称', { minLength: 1, maxLength: 60, errorMessage: '请填写资源名称（最多 60 个字）' }),
    path: address('资源地址'), size: field.int('大小（字节）', { minimum: 0, maximum: 2 ** 40, default: 0 }),
  }, ['title', 'path']), { maxItems: 30, errorMessage: { maxItems: '最多 30 个资源' } }),
}, ['name', 'category_id']);

const richText = (html: string) => cleanHtml(/<[a-z][^>]*>/i.test(html) ? html : textToHtml(html));

export function adminCourseRoutes(ctx: RouteContext): void {
  const { db } = ctx;

  defineRoute(ctx, 'admin/courses', {
    schema: { querystring: objectSchema({ ...adminPaging, category_id: field.int('分类', { minimum: 1 }), state: field.int('状态', { enum: [0, 1] }),
      sort: field.str('排序字段', { enum: keysOf(SORTABLE) }), order: field.str('顺序', { enum: ['asc', 'desc', 'ascend', 'descend'] }) }) },
    async handler(request) {
      const schoolId = schoolOfAdmin(request);
      const q = request.query;
      let list = db.selectFrom('learns as l').innerJoin('learn_categories as c', 'c.id', 'l.category_id')
        .leftJoin('learn_categories as p', 'p.id', 'c.parent_id')
        .where('l.school_id', '=', schoolId).where('l.parent_learn_id', 'is', null)
        .select((eb) => ['l.id', 'l.name', 'l.thum', 'l.type', 'l.times', 'l.state', 'l.sort', 'l.url', 'l.questionnaire', 'l.change_time', 'l.user_count',
          'c.name as category_name', 'p.name as direction_name',
          eb.selectFrom('class_learns as cl').select(eb.fn.countAll<number>().as('n')).whereRef('cl.learn_id', '=', 'l.id').as('classes'),
          eb.selectFrom('score_records as s').select(eb.fn.countAll<number>().as('n')).whereRef('s.learn_id', '=', 'l.id').as('records')]);
      if (q.category_id) list = list.where((eb) => eb.or([eb('l.category_id', '=', q.category_id!), eb('c.parent_id', '=', q.category_id!)]));
      if (q.state !== undefined) list = list.where('l.state', '=', q.state);
      if (q.keyword?.trim()) list = list.where(keywordMatch(['l.name'], q.keyword.trim()));
      const desc = q.order === 'desc' || q.order === 'descend';
      const ordered = q.sort ? list.orderBy(SORTABLE[q.sort] as 'l.id', desc ? 'desc' : 'asc').orderBy('l.id') : list.orderBy('l.sort').orderBy('l.id');
      const page = await pageOf(ordered, q);
      return { ...page, data: page.data.map((r) => ({ ...r, category: r.direction_name ? `${r.direction_name} / ${r.category_name}` : r.category_name,
        type_name: COURSE_TYPES[r.type] ?? '', classes: num(r.classes), records: num(r.records), visible_to: num(r.classes) ? `${num(r.classes)} 个班级` : '全校' })) };
    },
  });

  defineRoute(ctx, 'admin/course', {
    schema: { querystring: objectSchema({ id: field.int('ID', { minimum: 1 }) }, ['id']) },
    async handler(request) {
      const c = await courseInSchool(db, schoolOfAdmin(request), request.query.id);
      const [details, files, resources] = await Promise.all([
        db.selectFrom('learn_details').select(['title', 'content']).where('learn_id', '=', c.id).orderBy('sort').orderBy('id').execute(),
        db.selectFrom('learn_files').select(['type', 'path', 'title', 'cover']).where('learn_id', '=', c.id).orderBy('sort').orderBy('id').execute(),
        db.selectFrom('learn_resources').select(['title', 'path', 'size']).where('learn_id', '=', c.id).orderBy('sort').orderBy('id').execute(),
      ]);
      return { id: c.id, name: c.name, thum: c.thum, category_id: c.category_id, type: c.type, times: c.times, introduce: c.introduce, state: c.state,
        sort: c.sort, questionnaire: c.questionnaire, url: c.url, sim_steps: JSON.parse(c.sim_steps) as string[], details, files, resources };
    },
  });

  defineRoute(ctx, 'admin/course/save', {
    schema: { body: saveBody },
    async handler(request) {
      const schoolId = schoolOfAdmin(request);
      const b = request.body;
      const before = b.id ? await courseInSchool(db, schoolId, b.id) : null;
      const category = await courseCategory(db, schoolId, b.category_id);
      const url = launchAddress(b.url);
      const steps = stepNames(b.sim_steps);
      const files = (b.files ?? []).map((f, i) => ({ type: f.type, path: mediaAddress('files', f.path, `第 ${i + 1} 个图片或视频的地址`), title: (f.title ?? '').trim(),
        cover: f.cover?.trim() ? mediaAddress('files', f.cover, `第 ${i + 1} 个视频的封面`) : '', sort: i }));
      const resources = (b.resources ?? []).map((r, i) => ({ title: r.title.trim(), path: mediaAddress('resources', r.path, `第 ${i + 1} 个资源的地址`), size: r.size ?? 0, sort: i }));
      const details = (b.details ?? []).map((d, i) => {
        if (!d.title.trim()) throw invalid('details', `第 ${i + 1} 个详情栏目须有标题`);
        return { title: d.title.trim(), content: richText(d.content ?? ''), sort: i };
      });
      const values = { name: b.name.trim(), category_id: category.id, type: b.type ?? 0, times: b.times ?? 0, introduce: (b.introduce ?? '').trim(),
        state: b.state ?? 0, sort: b.sort ?? 0, questionnaire: b.questionnaire ?? 0, url, sim_steps: JSON.stringify(steps), change_time: now() };
      if (values.state === 1 && !url) throw invalid('url', '发布的课程须填写仿真启动地址');
      const id = await db.transaction().execute(async (trx) => {
        let saved: number;
        if (before) {
          saved = before.id;
          await trx.updateTable('learns').set(values).where('id', '=', saved).execute();
          for (const table of ['learn_details', 'learn_files', 'learn_resources'] as const) await trx.deleteFrom(table).where('learn_id', '=', saved).execute();
        } else {
          saved = (await trx.insertInto('learns').values({ ...values, school_id: schoolId }).returning('id').executeTakeFirstOrThrow()).id;
        }
        if (details.length) await trx.insertInto('learn_details').values(details.map((d) => ({ ...d, learn_id: saved }))).execute();
        if (files.length) await trx.insertInto('learn_files').values(files.map((f) => ({ ...f, learn_id: saved }))).execute();
        if (resources.length) await trx.insertInto('learn_resources').values(resources.map((r) => ({ ...r, learn_id: saved }))).execute();
        await audit(trx, request, { kind: 'catalogue', action: before ? 'update' : 'create', targetId: saved,
          summary: `${before ? '修改' : '新建'}课程 ${values.name}（${values.state ? '已发布' : '未发布'}）`,
          detail: { ...values, details: details.length, files: files.length, resources: resources.length } });
        return saved;
      });
      return new Answer({ id }, '保存成功');
    },
  });

  defineRoute(ctx, 'admin/course/delete', {
    schema: { body: objectSchema({ id: field.int('ID', { minimum: 1 }) }, ['id']) },
    async handler(request) {
      const c = await courseInSchool(db, schoolOfAdmin(request), request.body.id);
      const used = await db.selectFrom('score_records').select('id').where('learn_id', '=', c.id).executeTakeFirst()
        ?? await db.selectFrom('launch_tokens').select('id').where('learn_id', '=', c.id).executeTakeFirst();
      if (used) throw refuse(`课程“${c.name}”已有学生学习记录，不能删除；可将其设为未发布`);
      const assigned = await db.selectFrom('assignments').select('id').where('learn_id', '=', c.id).executeTakeFirst();
      if (assigned) throw refuse(`课程“${c.name}”已被老师布置为作业或考试，不能删除；可将其设为未发布`);
      const children = await db.selectFrom('learns').select('id').where('parent_learn_id', '=', c.id).executeTakeFirst();
      if (children) throw refuse(`课程“${c.name}”下还有子课程，不能删除`);
      await db.transaction().execute(async (trx) => {
        for (const table of ['learn_details', 'learn_files', 'learn_resources', 'class_learns', 'favorites', 'questionnaires'] as const) {
          await trx.deleteFrom(table).where('learn_id', '=', c.id).execute();
        }
        await trx.deleteFrom('learns').where('id', '=', c.id).execute();
        await audit(trx, request, { kind: 'catalogue', action: 'delete', targetId: c.id, summary: `删除课程 ${c.name}` });
      });
      return new Answer(null, '删除成功');
    },
  });

  // ---------- which classes see a course ----------
  defineRoute(ctx, 'admin/course/classes', {
    schema: { querystring: objectSchema({ id: field.int('ID', { minimum: 1 }) }, ['id']) },
    async handler(request) {
      const schoolId = schoolOfAdmin(request);
      const c = await courseInSchool(db, schoolId, request.query.id);
      const chosen = await db.selectFrom('class_learns').select('class_id').where('learn_id', '=', c.id).execute();
      return { id: c.id, name: c.name, class_ids: chosen.map((r) => r.class_id) };
    },
  });

  defineRoute(ctx, 'admin/course/classes/save', {
    schema: { body: objectSchema({ id: field.int('ID', { minimum: 1 }),
      class_ids: field.list('班级', field.int('班级', { minimum: 1 }), { maxItems: 5000, errorMessage: '班级须为班级 ID 的列表' }) }, ['id']) },
    async handler(request) {
      const schoolId = schoolOfAdmin(request);
      const b = request.body;
      const c = await courseInSchool(db, schoolId, b.id);
      const ids = [...new Set(b.class_ids ?? [])];
      const found = ids.length ? await db.selectFrom('classes as c').innerJoin('grades as g', 'g.id', 'c.grade_id').innerJoin('majors as m', 'm.id', 'g.major_id')
        .innerJoin('departments as d', 'd.id', 'm.depart_id').select(['c.id', 'c.class_name']).where('d.school_id', '=', schoolId).where('c.id', 'in', ids).execute() : [];
      if (found.length !== ids.length) throw invalid('class_ids', '班级不存在');
      await db.transaction().execute(async (trx) => {
        await trx.deleteFrom('class_learns').where('learn_id', '=', c.id).execute();
        if (ids.length) await trx.insertInto('class_learns').values(ids.map((class_id) => ({ class_id, learn_id: c.id }))).execute();
        await audit(trx, request, { kind: 'catalogue', action: 'visibility', targetId: c.id,
          summary: ids.length ? `设置课程 ${c.name} 仅对 ${found.map((f) => f.class_name).join('、')} 可见` : `设置课程 ${c.name} 对全校可见`, detail: { class_ids: ids } });
      });
      return new Answer({ id: c.id, classes: ids.length }, ids.length ? `已设置为 ${ids.length} 个班级可见` : '已设置为全校可见');
    },
  });
}
