import { currentUser } from '../http/auth';
import { recentCourses } from '../services/recent-study';
import { assertOwnScope } from '../services/users';
import { defineRoute, field, objectSchema, type RouteContext } from './define';

/** 最近学习 on the student's course home: the courses they launched or got a score in last. */
export function learnRecentRoutes(ctx: RouteContext): void {
  defineRoute(ctx, 'learn/recent', {
    schema: {
      body: objectSchema({ user_id: field.int('用户'), limit: field.int('条数', { minimum: 1, maximum: 10, default: 4 }) }),
    },
    async handler(request) {
      const user = currentUser(request);
      assertOwnScope(user, request.body);
      return { list: await recentCourses(ctx.db, user, request.body.limit ?? 4) };
    },
  });
}
