import type { FastifyRequest } from 'fastify';
import { currentUser, optionalUser } from '../http/auth';
import { refuse } from '../http/errors';
import { courseDetail, requireVisibleCourse } from '../services/catalogue';
import { favoritesPage, setFavorite } from '../services/favorites';
import { issueLaunchToken, launchUrl } from '../services/launch';
import type { User } from '../db/schema';
import { classState } from '../services/learning';
import { schoolForHost } from '../services/schools';
import { assertOwnScope } from '../services/users';
import { Answer, defineRoute, field, objectSchema, type RouteContext } from './define';
import type { SiteConfigSource } from './system';

const learnId = field.int('实训项目', { minimum: 1, errorMessage: '请选择实训项目' });

/** Course detail, favourites and starting to learn (spec: learning §2 course detail, §4 starting to learn). */
export function learnCourseRoutes(ctx: RouteContext, opts: { defaultDomain: string; config: SiteConfigSource }): void {
  const { db } = ctx;
  /** The student's class state, in the wording their school's configuration gives the shell's notices. */
  const stateOf = (user: User) => {
    return classState(db, user, opts.config.forSchool({ id: user.school_id }).app.classNotices);
  };

  async function openCourse<B extends { learn_id: number; user_id?: number }>(request: FastifyRequest, body: B) {
    const user = currentUser(request);
    assertOwnScope(user, body);
    const course = await requireVisibleCourse(db, user, body.learn_id);
    return { user, course, body };
  }

  /** Refuses when the student's class state blocks learning (pending, rejected, probation ended). */
  async function assertMayLearn(request: FastifyRequest, body: { learn_id: number; user_id?: number }) {
    const opened = await openCourse(request, body);
    const state = await stateOf(opened.user);
    if (state.blocked) throw refuse(state.blocked);
    return opened;
  }

  // Open to visitors (spec: only starting to learn needs login): they see the site's school's unrestricted courses.
  defineRoute(ctx, 'learn/detail', {
    schema: { body: objectSchema({ learn_id: learnId }, ['learn_id']) },
    async handler(request) {
      const user = await optionalUser(db, request);
      const viewer = user ?? { school_id: (await schoolForHost(db, request.headers.host, opts.defaultDomain)).id, class_id: null };
      const course = await requireVisibleCourse(db, viewer, request.body.learn_id);
      const state = user ? await stateOf(user) : { blocked: null, notice: null };
      return { ...(await courseDetail(db, viewer, course)), blocked: state.blocked, notice: state.notice };
    },
  });

  defineRoute(ctx, 'learn/favorite', {
    schema: { body: objectSchema({ learn_id: learnId, id: field.int('用户'), favorite: field.int('收藏', { enum: [0, 1] }) }, ['learn_id']) },
    async handler(request) {
      const { user, course, body } = await openCourse(request, request.body);
      const { id, favorite } = body;
      if (id !== undefined) assertOwnScope(user, { user_id: id });
      const on = await setFavorite(db, user, course.id, favorite === undefined ? undefined : favorite === 1);
      return new Answer({ learn_id: course.id, is_favorite: on ? 1 : 0 }, on ? '收藏成功' : '已取消收藏');
    },
  });

  defineRoute(ctx, 'learn/start', {
    schema: { body: objectSchema({ learn_id: learnId }, ['learn_id']) },
    async handler(request) {
      const { course } = await assertMayLearn(request, request.body);
      return { learn_id: course.id, name: course.name };
    },
  });

  defineRoute(ctx, 'learn/getlearnurl', {
    schema: { body: objectSchema({ learn_id: learnId, user_id: field.int('用户') }, ['learn_id']) },
    async handler(request) {
      const { user, course } = await assertMayLearn(request, request.body);
      if (!course.url) throw refuse('该实训项目暂未配置仿真地址，请联系管理员');
      const { token, expires_at } = await issueLaunchToken(db, user, course);
      const apiBase = `${request.protocol}://${request.headers.host ?? 'localhost'}/api/`;
      return { url: launchUrl(course.url, token, apiBase), expires_at };
    },
  });

  defineRoute(ctx, 'user/favorites', {
    schema: { querystring: objectSchema({ page: field.int('页码', { minimum: 1, default: 1 }), page_size: field.int('每页条数', { minimum: 1, maximum: 100, default: 8 }) }) },
    async handler(request) {
      const query = request.query;
      return favoritesPage(db, currentUser(request), query.page ?? 1, query.page_size ?? 8);
    },
  });
}
