import { sql } from 'kysely';
import type { SchoolConfig } from '../config/store';
import { identify } from '../http/auth';
import { ApiError, notFound } from '../http/errors';
import { UNAVAILABLE_MESSAGE } from '../http/unavailable';
import { findSchoolById, schoolForHost, type SchoolInfo } from '../services/schools';
import { userInfo } from '../services/users';
import type { FileStorage } from '../storage';
import { defineRoute, field, objectSchema, type RouteContext } from './define';

/** What the config layer gives the server: the merged configuration of one school's site. */
export interface SiteConfigSource {
  forSchool(school: Pick<SchoolInfo, 'id'> & Partial<SchoolInfo>): SchoolConfig;
  /** The YAML directory the config is read from, for provenance (config:explain); absent for a config built in memory. */
  readonly configDir?: string;
}

export interface SystemRouteOptions {
  config: SiteConfigSource;
  defaultDomain: string;
  storage: FileStorage;
}

/** A check of one dependency: null when it answers, else what failed (for the operator, in the reply's data). */
async function probe(check: () => Promise<unknown>, timeoutMs = 2000): Promise<string | null> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, fail) => (timer = setTimeout(() => fail(new Error(`超过 ${timeoutMs} 毫秒未响应`)), timeoutMs)));
  try {
    await Promise.race([check(), timeout]);
    return null;
  } catch (err) {
    return err instanceof Error ? err.message : String(err);
  } finally {
    clearTimeout(timer);
  }
}

export function systemRoutes(ctx: RouteContext, opts: SystemRouteOptions): void {
  const { db } = ctx;

  // Liveness: the process answers. A load balancer takes a node out of rotation on `ready` instead.
  defineRoute(ctx, 'health', {
    async handler() {
      return { status: 'ok' };
    },
  });

  defineRoute(ctx, 'ready', {
    async handler(_request, reply) {
      const checks = {
        database: await probe(() => sql`select 1`.execute(db)),
        storage: await probe(() => opts.storage.check()),
      };
      const failed = Object.entries(checks).filter(([, problem]) => problem);
      if (failed.length === 0) return { status: 'ready' };
      reply.log.warn({ checks }, 'not ready');
      throw new ApiError(503, 503, `${UNAVAILABLE_MESSAGE}（不可用：${failed.map(([name]) => (name === 'database' ? '数据库' : '文件存储')).join('、')}）`);
    },
  });

  // The site a page belongs to: the signed-in user's school, else ?school_id=, else the host's first label. A signed-in
  // user's own profile (what user/get_info answers) comes with it, so a first page needs no second round trip for it.
  defineRoute(ctx, 'config', {
    schema: { querystring: objectSchema({ school_id: field.int('学校ID', { minimum: 1 }) }) },
    async handler(request) {
      const query = request.query;
      const user = await identify(db, request);
      let school: SchoolInfo | undefined;
      if (user) school = await findSchoolById(db, user.school_id);
      else if (query.school_id) {
        school = await findSchoolById(db, query.school_id);
        if (!school) throw notFound('学校不存在');
      }
      school ??= await schoolForHost(db, request.headers.host, opts.defaultDomain);
      return { school, ...opts.config.forSchool(school), ...(user ? { user: await userInfo(db, user) } : {}) };
    },
  });
}
