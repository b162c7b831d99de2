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
      const body = request.body as { domain_name?: string; school_id?: number };
      const school = body.school_id ? await findSchoolById(ctx.db, body.school_id) : await findSchoolByDomain(ctx.db, body.domain_name ?? '');
      if (!school) throw notFound('学校不存在');
      return school;
    },
  });
}
