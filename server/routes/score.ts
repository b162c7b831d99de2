import { QueueFullError, subsetInWorker } from '../fonts/pool';
import { fontPath } from '../fonts/subset';
import { currentUser } from '../http/auth';
import { invalid, refuse, tooMany } from '../http/errors';
import { parseIdList } from '../services/catalogue';
import { questionnaireOf, submitEvaluation } from '../services/questionnaire';
import { oneScore, studentScores } from '../services/scores';
import { hit } from '../services/rateLimit';
import { assertOwnScope } from '../services/users';
import { pdfFontLimits } from '../services/pdf-font-limits';
import type { SiteConfigSource } from './system';
import { defineRoute, field, objectSchema, type RouteContext } from './define';

const MAX_PAGE_SIZE = 100;
const learnId = field.int('实验', { minimum: 1 });

export function scoreRoutes(ctx: RouteContext, opts: { config: SiteConfigSource }): void {
  const { db } = ctx;

  defineRoute(ctx, 'score/get_student', {
    schema: {
      body: objectSchema({
        user_id: field.int('用户'),
        page: field.int('页码', { minimum: 1, default: 1 }),
        page_size: field.int('每页条数', { minimum: 1, maximum: MAX_PAGE_SIZE, default: 8 }),
        category_id: field.idList('分类', { maxLength: 200 }),
        learn_id: learnId,
      }),
    },
    async handler(request) {
      const user = currentUser(request);
      const body = request.body;
      assertOwnScope(user, body);
      return studentScores(db, user, { categoryIds: parseIdList(body.category_id), learnId: body.learn_id }, body.page ?? 1, body.page_size ?? 8);
    },
  });

  defineRoute(ctx, 'score/get_one_score', {
    schema: { body: objectSchema({ id: field.int('成绩记录', { minimum: 1 }) }, ['id']) },
    async handler(request) {
      return oneScore(db, currentUser(request), request.body.id);
    },
  });

  // Cutting a subset is CPU work (≈ 1 s for 3,000 new characters): it runs in a worker thread, repeated character
  // sets come from a small cache, and each student has a per-window allowance (limits.pdfFont in config/app.yaml).
  defineRoute(ctx, 'score/pdf_font', {
    schema: { body: objectSchema({ text: field.str('文字', { minLength: 1, maxLength: 20000 }) }, ['text']) },
    async handler(request) {
      const user = currentUser(request);
      const text = request.body.text;
      const limits = pdfFontLimits(opts.config.forSchool({ id: user.school_id }).app);
      const distinct = new Set(Array.from(text)).size;
      if (distinct > limits.maxChars) throw invalid('text', `导出内容的字符种类过多：每次最多 ${limits.maxChars} 种不同的字符，本次有 ${distinct} 种，请分开导出`);
      const path = fontPath();
      if (!path) throw refuse('服务器未安装中文字体，暂时无法导出PDF');
      const allowed = await hit(db, `pdf-font:${user.id}`, limits.perUser);
      if (!allowed.allowed) throw tooMany(`导出PDF过于频繁，请${allowed.waitMinutes}分钟后再试`);
      try {
        const subset = await subsetInWorker(path, text);
        return { family: 'NotoSansCJKsc', base64: subset.base64, missing: subset.missing };
      } catch (err) {
        if (err instanceof QueueFullError) throw tooMany('导出PDF的人数较多，请稍后再试');
        throw err;
      }
    },
  });

  defineRoute(ctx, 'learn/getproblem', {
    schema: { body: objectSchema({ learn_id: learnId }, ['learn_id']) },
    async handler(request) {
      return questionnaireOf(db, currentUser(request), request.body.learn_id);
    },
  });

  defineRoute(ctx, 'learn/addevaluate', {
    schema: {
      body: objectSchema({
        user_id: field.int('用户'),
        learn_id: learnId,
        estimate: field.mixed('总体评价', ['integer', 'string'], { maxLength: 4 }),
        know: field.mixed('掌握内容', ['string', 'integer'], { maxLength: 200 }),
        resource: field.str('教学资源建议', { maxLength: 500, errorMessage: { maxLength: '教学资源建议最多 500 字' } }),
        perspective: field.str('意见或建议', { maxLength: 500, errorMessage: { maxLength: '意见或建议最多 500 字' } }),
      }, ['learn_id']),
    },
    async handler(request) {
      const user = currentUser(request);
      const body = request.body;
      assertOwnScope(user, body);
      await submitEvaluation(db, user, body);
      return null;
    },
  });
}
