import { notFound } from '../http/errors';
import { findSchoolByDomain, findSchoolById } from '../services/schools';
import { defineRoute, field, objectSchema, type RouteContext } from './define';

export function schoolRoutes(ctx: RouteContext): void {
  // Public: the login page needs the school's name and logo before anyone signs in.
  defineRoute(ctx, 'school/get_info', {
    schema: {
      body: {
        ...objectSchema({ domain_name: field.str('域名', { maxLength: 63 }), school_id: field.int('学校ID', { minimum: 1 }) }),
        anyOf: [{ required: ['domain_name'] }, { required: ['school_id'] }],
      },
    },
    async handler(request) {
      const body = request.body;
      const school = body.school_id ? await findSchoolById(ctx.db, body.school_id) : await findSchoolByDomain(ctx.db, body.domain_name ?? '');
      if (!school) throw notFound('学校不存在');
      return school;
    },
  });

  // Public lookups for the complete-information dialog (school > department > major > grade > class).
  defineRoute(ctx, 'school/get_list', {
    async handler() {
      return ctx.db.selectFrom('schools').select(['id', 'school_name', 'school_logo', 'type']).where('type', '!=', '1').orderBy('id').execute();
    },
  });
  defineRoute(ctx, 'depart/get', {
    schema: { body: objectSchema({ school_id: field.int('学校', { minimum: 1, errorMessage: '请选择学校' }) }, ['school_id']) },
    async handler(request) {
      const { school_id } = request.body;
      return ctx.db.selectFrom('departments').select(['id', 'department_name']).where('school_id', '=', school_id).orderBy('sort').orderBy('id').execute();
    },
  });
  defineRoute(ctx, 'major/get', {
    schema: { body: objectSchema({ depart_id: field.int('院系', { minimum: 1, errorMessage: '请选择院系' }) }, ['depart_id']) },
    async handler(request) {
      const { depart_id } = request.body;
      return ctx.db.selectFrom('majors').select(['id', 'major_name']).where('depart_id', '=', depart_id).orderBy('sort').orderBy('id').execute();
    },
  });
  defineRoute(ctx, 'grade/get', {
    schema: { body: objectSchema({ major_id: field.int('专业', { minimum: 1, errorMessage: '请选择专业' }) }, ['major_id']) },
    async handler(request) {
      const { major_id } = request.body;
      return ctx.db.selectFrom('grades').select(['id', 'grade_name']).where('major_id', '=', major_id).orderBy('sort').orderBy('id').execute();
    },
  });
  defineRoute(ctx, 'class/get', {
    schema: { body: objectSchema({ grade_id: field.int('年级', { minimum: 1, errorMessage: '请选择年级' }) }, ['grade_id']) },
    async handler(request) {
      const { grade_id } = request.body;
      return ctx.db.selectFrom('classes').select(['id', 'class_name']).where('grade_id', '=', grade_id).orderBy('sort').orderBy('id').execute();
    },
  });

  // Articles (user agreement, privacy policy): shared ones and the school's own. The client sanitises the HTML.
  defineRoute(ctx, 'web/get_article_info', {
    schema: { body: objectSchema({ article_id: field.int('文章', { minimum: 1, errorMessage: '文章不存在' }) }, ['article_id']) },
    async handler(request) {
      const { article_id } = request.body;
      const article = await ctx.db.selectFrom('articles').select(['id', 'title', 'content', 'school_id']).where('id', '=', article_id).executeTakeFirst();
      if (!article) throw notFound('文章不存在');
      return { id: article.id, title: article.title, content: article.content };
    },
  });
}
