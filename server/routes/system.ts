import { identify } from '../http/auth';
import { notFound } from '../http/errors';
import { findSchoolById, schoolForHost, type SchoolInfo } from '../services/schools';
import { defineRoute, field, type RouteContext } from './define';

/** What the config layer gives the server: the merged configuration of one school's site. */
export interface SiteConfigSource {
  forSchool(school: Pick<SchoolInfo, 'id'> & Partial<SchoolInfo>): Record<string, unknown>;
}

export interface SystemRouteOptions {
  config: SiteConfigSource;
  defaultDomain: string;
}

export function systemRoutes(ctx: RouteContext, opts: SystemRouteOptions): void {
  const { db } = ctx;

  defineRoute(ctx, 'health', {
    async handler() {
      return { status: 'ok' };
    },
  });

  // The site a page belongs to: the signed-in user's school, else ?school_id=, else the host's first label.
  defineRoute(ctx, 'config', {
    schema: { querystring: { type: 'object', properties: { school_id: field.int('学校ID', { minimum: 1 }) } } },
    async handler(request) {
      const query = request.query as { school_id?: number };
      const user = await identify(db, request);
      let school: SchoolInfo | undefined;
      if (user) school = await findSchoolById(db, user.school_id);
      else if (query.school_id) {
        school = await findSchoolById(db, query.school_id);
        if (!school) throw notFound('学校不存在');
      }
      school ??= await schoolForHost(db, request.headers.host, opts.defaultDomain);
      return { school, ...opts.config.forSchool(school) };
    },
  });
}
