import { fontPath, MAX_SUBSET_CHARS, subsetFont } from '../fonts/subset';
import { currentUser } from '../http/auth';
import { refuse } from '../http/errors';
import { parseIdList } from '../services/catalogue';
import { questionnaireOf, submitEvaluation, type EvaluationInput } from '../services/questionnaire';
import { oneScore, studentScores } from '../services/scores';
import { assertOwnScope } from '../services/users';
import { defineRoute, field, objectSchema, type RouteContext } from './define';

const MAX_PAGE_SIZE = 100;
const learnId = field.int('实验', { minimum: 1 });

export function scoreRoutes(ctx: RouteContext): void {
  const { db } = ctx;

  defineRoute(ctx, 'score/get_student', {
    schema: {
      body: objectSchema({
        user_id: field.int('用户'),
        page: field.int('页码', { minimum: 1, default: 1 }),
        page_size: field.int('每页条数', { minimum: 1, maximum: MAX_PAGE_SIZE, default: 8 }),
        category_id: { type: ['string', 'integer'], title: '分类', pattern: '^\\d+(,\\d+)*$', maxLength: 200 },
        learn_id: learnId,
      }),
    },
    async handler(request) {
      const user = currentUser(request);
      const body = (request.body ?? {}) as { user_id?: number; page?: number; page_size?: number; category_id?: string | number; learn_id?: number };
      assertOwnScope(user, body);
      return studentScores(db, user, { categoryIds: parseIdList(body.category_id), learnId: body.learn_id }, body.page ?? 1, body.page_size ?? 8);
    },
  });

  defineRoute(ctx, 'score/get_one_score', {
    schema: { body: objectSchema({ id: field.int('成绩记录', { minimum: 1 }) }, ['id']) },
    async handler(request) {
      return oneScore(db, currentUser(request), (request.body as { id: number }).id);
    },
  });

  defineRoute(ctx, 'score/pdf_font', {
    schema: { body: objectSchema({ text: field.str('文字', { minLength: 1, maxLength: 20000 }) }, ['text']) },
    async handler(request) {
      const text = (request.body as { text: string }).text;
      const distinct = new Set(Array.from(text));
      if (distinct.size > MAX_SUBSET_CHARS) throw refuse(`导出内容的字符种类过多（超过 ${MAX_SUBSET_CHARS}）`);
      const path = fontPath();
      if (!path) throw refuse('服务器未安装中文字体，暂时无法导出PDF');
      const { font, missing } = subsetFont(path, [...distinct].join(''));
      return { family: 'NotoSansCJKsc', base64: font.toString('base64'), missing: missing.join('') };
    },
  });

  defineRoute(ctx, 'learn/getproblem', {
    schema: { body: objectSchema({ learn_id: learnId }, ['learn_id']) },
    async handler(request) {
      return questionnaireOf(db, currentUser(request), (request.body as { learn_id: number }).learn_id);
    },
  });

  defineRoute(ctx, 'learn/addevaluate', {
    schema: {
      body: objectSchema({
        user_id: field.int('用户'),
        learn_id: learnId,
        estimate: { type: ['integer', 'string'], title: '总体评价', maxLength: 4 },
        know: { type: ['string', 'integer'], title: '掌握内容', maxLength: 200 },
        resource: field.str('教学资源建议', { maxLength: 500, errorMessage: { maxLength: '教学资源建议最多 500 字' } }),
        perspective: field.str('意见或建议', { maxLength: 500, errorMessage: { maxLength: '意见或建议最多 500 字' } }),
      }, ['learn_id']),
    },
    async handler(request) {
      const user = currentUser(request);
      const body = request.body as EvaluationInput & { user_id?: number };
      assertOwnScope(user, body);
      await submitEvaluation(db, user, body);
      return null;
    },
  });
}
