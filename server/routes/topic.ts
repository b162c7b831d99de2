import { currentUser } from '../http/auth';
import { addTopic, CONTENT_MAX, schoolTeachers, TITLE_MAX, topicPage } from '../services/topics';
import { assertOwnScope } from '../services/users';
import { Answer, defineRoute, field, objectSchema, type RouteContext } from './define';

const listQuery = objectSchema({
  page: field.int('页码', { minimum: 1, default: 1 }),
  page_size: field.int('每页条数', { minimum: 1, maximum: 100, default: 8 }),
  // The original client also sends current_page, user_id and category_id; user_id must be the caller's own.
  user_id: field.int('用户'),
});

const addBody = objectSchema(
  {
    // Length and blank checks run after trimming, in the service, so '   ' is told apart from a missing field.
    title: field.str('标题', { maxLength: TITLE_MAX * 4, errorMessage: { required: '请输入标题', maxLength: `标题不能超过${TITLE_MAX}个字` } }),
    teacher_id: field.int('提问老师', { minimum: 1, errorMessage: '请选择提问老师' }),
    learn_id: field.int('相关实验', { minimum: 1, errorMessage: '请选择相关实验' }),
    content: field.str('问题描述', { maxLength: CONTENT_MAX * 4, errorMessage: { required: '请输入内容！', maxLength: `问题描述不能超过${CONTENT_MAX}个字` } }),
  },
  ['title', 'teacher_id', 'learn_id', 'content'],
);

/** A student's questions to teachers (spec: Question list Questionon, Topic form). */
export function topicRoutes(ctx: RouteContext): void {
  const { db } = ctx;

  defineRoute(ctx, 'topic/list', {
    schema: { querystring: listQuery },
    async handler(request) {
      const user = currentUser(request);
      const query = request.query;
      assertOwnScope(user, query);
      return topicPage(db, user.id, query.page ?? 1, query.page_size ?? 8);
    },
  });

  defineRoute(ctx, 'topic/teachers', {
    async handler(request) {
      const user = currentUser(request);
      return schoolTeachers(db, user.school_id).execute();
    },
  });

  defineRoute(ctx, 'topic/add', {
    schema: { body: addBody },
    async handler(request) {
      const user = currentUser(request);
      const { repeated, ...topic } = await addTopic(db, user, request.body);
      return new Answer(topic, repeated ? '该问题刚刚已提交，请勿重复提交' : '提交成功');
    },
  });
}
