import fs from 'node:fs';
import path from 'node:path';
import { explainSchool } from '../config/explain';
import { invalid, notFound, refuse } from '../http/errors';
import { courseInSchool } from '../services/admin-catalogue';
import { schoolOfAdmin } from '../services/admin-scope';
import { audit } from '../services/audit';
import { cleanHtml, textToHtml } from '../services/rich-text';
import type { SchoolInfo } from '../services/schools';
import { Answer, defineRoute, field, objectSchema, type RouteContext } from './define';
import type { SiteConfigSource } from './system';

/**
 * A school administrator's content (issue 17 #4): articles (the user agreement and other pages shown as HTML), the
 * questionnaire of each course, and the school's branding and feature switches shown read-only with the YAML file and
 * line that set each value (the same provenance `npm run config:explain` prints). Branding and switches stay in YAML
 * so there is one source of truth; docs/operators.md says how to change them.
 */
export interface ContentRouteOptions {
  config: SiteConfigSource;
}

const articleBody = objectSchema({
  id: field.int('ID', { minimum: 1 }),
  title: field.str('标题', { minLength: 1, maxLength: 60, pattern: '\\S', errorMessage: { minLength: '请输入标题', pattern: '请输入标题', maxLength: '标题最多 60 个字' } }),
  content: field.str('正文', { minLength: 1, maxLength: 100000, pattern: '\\S', errorMessage: { minLength: '请输入正文', pattern: '请输入正文', maxLength: '正文最多 100000 个字符' } }),
}, ['title', 'content']);

const topic = (label: string) => field.str(label, { minLength: 1, maxLength: 100, pattern: '\\S', errorMessage: { minLength: `请输入${label}`, pattern: `请输入${label}`, maxLength: `${label}最多 100 个字` } });
const options = (label: string) => field.list(label,
  field.str('选项', { minLength: 1, maxLength: 40, pattern: '\\S', errorMessage: { minLength: '选项不能为空', pattern: '选项不能为空', maxLength: '选项最多 40 个字' } }),
  { minItems: 2, maxItems: 10, errorMessage: { minItems: `${label}至少 2 个`, maxItems: `${label}最多 10 个` } });
/** The questionnaire's fixed shape (questionnaire_answers has one column per question): one choice, several, two texts. */
const questionnaireBody = objectSchema({
  id: field.int('课程', { minimum: 1 }),
  q1: topic('第 1 题（单选）'), q1_options: options('第 1 题的选项'),
  q2: topic('第 2 题（多选）'), q2_options: options('第 2 题的选项'),
  q3: topic('第 3 题（填空）'), q4: topic('第 4 题（填空）'),
}, ['id', 'q1', 'q1_options', 'q2', 'q2_options', 'q3', 'q4']);

const richText = (html: string) => cleanHtml(/<[a-z][^>]*>/i.test(html) ? html : textToHtml(html));
const agreementOf = (config: Record<string, unknown>) => {
  const login = (config.screens as Record<string, { props?: { agreement?: { articleId?: number } } }> | undefined)?.login;
  return login?.props?.agreement?.articleId ?? null;
};

export function adminContentRoutes(ctx: RouteContext, opts: ContentRouteOptions): void {
  const { db } = ctx;
  const agreementArticle = (schoolId: number) => agreementOf(opts.config.forSchool({ id: schoolId } as SchoolInfo));

  async function ownArticle(schoolId: number, id: number) {
    const row = await db.selectFrom('articles').selectAll().where('id', '=', id).where('school_id', '=', schoolId).executeTakeFirst();
    if (!row) throw notFound('文章不存在');
    return row;
  }

  defineRoute(ctx, 'admin/articles', {
    async handler(request) {
      const schoolId = schoolOfAdmin(request);
      const agreement = agreementArticle(schoolId);
      const rows = await db.selectFrom('articles').select(['id', 'title', 'content', 'school_id', 'created_at'])
        .where((eb) => eb.or([eb('school_id', 'is', null), eb('school_id', '=', schoolId)])).orderBy('id').execute();
      const data = rows.map((r) => ({
        id: r.id, title: r.title, created_at: r.created_at, shared: r.school_id === null ? 1 : 0,
        agreement: r.id === agreement ? 1 : 0, length: r.content.replace(/<[^>]*>/g, '').length,
      }));
      return { data, total: data.length, agreement_id: agreement };
    },
  });

  defineRoute(ctx, 'admin/article', {
    schema: { querystring: objectSchema({ id: field.int('ID', { minimum: 1 }) }, ['id']) },
    async handler(request) {
      const a = await ownArticle(schoolOfAdmin(request), request.query.id);
      return { id: a.id, title: a.title, content: a.content };
    },
  });

  defineRoute(ctx, 'admin/article/save', {
    schema: { body: articleBody },
    async handler(request) {
      const schoolId = schoolOfAdmin(request);
      const b = request.body;
      const before = b.id ? await ownArticle(schoolId, b.id) : null;
      const values = { title: b.title.trim(), content: richText(b.content) };
      if (!values.content.replace(/<[^>]*>/g, '').trim() && !/<img\b/i.test(values.content)) throw invalid('content', '正文里没有可显示的内容');
      const id = await db.transaction().execute(async (trx) => {
        const saved = before
          ? (await trx.updateTable('articles').set(values).where('id', '=', before.id).execute(), before.id)
          : (await trx.insertInto('articles').values({ school_id: schoolId, ...values }).returning('id').executeTakeFirstOrThrow()).id;
        await audit(trx, request, { kind: 'content', action: before ? 'update' : 'create', targetId: saved, summary: `${before ? '修改' : '新建'}文章 ${values.title}` });
        return saved;
      });
      return new Answer({ id }, '保存成功');
    },
  });

  defineRoute(ctx, 'admin/article/delete', {
    schema: { body: objectSchema({ id: field.int('ID', { minimum: 1 }) }, ['id']) },
    async handler(request) {
      const schoolId = schoolOfAdmin(request);
      const a = await ownArticle(schoolId, request.body.id);
      if (a.id === agreementArticle(schoolId)) throw refuse(`“${a.title}”是注册页的用户协议，不能删除；请先在配置中换成其他文章（login.yaml 的 agreement.articleId）`);
      await db.transaction().execute(async (trx) => {
        await trx.deleteFrom('articles').where('id', '=', a.id).execute();
        await audit(trx, request, { kind: 'content', action: 'delete', targetId: a.id, summary: `删除文章 ${a.title}` });
      });
      return new Answer(null, '删除成功');
    },
  });

  /** The course's own questionnaire, else the default one every course without its own uses. */
  async function questionnaireFor(learnId: number) {
    const own = await db.selectFrom('questionnaires').select('problem').where('learn_id', '=', learnId).orderBy('id', 'desc').executeTakeFirst();
    const fallback = own ?? await db.selectFrom('questionnaires').select('problem').where('learn_id', 'is', null).orderBy('id', 'desc').executeTakeFirst();
    return { own: own ? 1 : 0, problem: fallback ? (JSON.parse(fallback.problem) as { topic: string; option: string[] }[]) : [] };
  }
  const answeredCount = async (learnId: number) =>
    Number((await db.selectFrom('questionnaire_answers').select((eb) => eb.fn.countAll<number>().as('n')).where('learn_id', '=', learnId).executeTakeFirst())?.n ?? 0);

  defineRoute(ctx, 'admin/course/questionnaire', {
    schema: { querystring: objectSchema({ id: field.int('ID', { minimum: 1 }) }, ['id']) },
    async handler(request) {
      const course = await courseInSchool(db, schoolOfAdmin(request), request.query.id);
      const { own, problem } = await questionnaireFor(course.id);
      const [p1, p2, p3, p4] = problem;
      return {
        id: course.id, name: course.name, own, answers: await answeredCount(course.id), enabled: course.questionnaire,
        q1: p1?.topic ?? '', q1_options: p1?.option ?? [], q2: p2?.topic ?? '', q2_options: p2?.option ?? [], q3: p3?.topic ?? '', q4: p4?.topic ?? '',
      };
    },
  });

  defineRoute(ctx, 'admin/course/questionnaire/save', {
    schema: { body: questionnaireBody },
    async handler(request) {
      const b = request.body;
      const course = await courseInSchool(db, schoolOfAdmin(request), b.id);
      // Answers are stored as option indexes: changing the options under them would change what they mean.
      const answers = await answeredCount(course.id);
      if (answers) throw refuse(`已有 ${answers} 名学生提交了该课程的评价，问卷不能再修改`);
      const clean = (list: string[], label: string) => {
        const items = list.map((o) => o.trim());
        if (new Set(items).size !== items.length) throw invalid(label, '选项不能重复');
        return items;
      };
      const problem = [
        { topic: b.q1.trim(), option: clean(b.q1_options, 'q1_options') },
        { topic: b.q2.trim(), option: clean(b.q2_options, 'q2_options') },
        { topic: b.q3.trim(), option: [] },
        { topic: b.q4.trim(), option: [] },
      ];
      await db.transaction().execute(async (trx) => {
        await trx.deleteFrom('questionnaires').where('learn_id', '=', course.id).execute();
        await trx.insertInto('questionnaires').values({ learn_id: course.id, problem: JSON.stringify(problem) }).execute();
        await audit(trx, request, { kind: 'content', action: 'update', targetId: course.id, summary: `修改课程 ${course.name} 的评价问卷`, detail: { problem } });
      });
      return new Answer({ id: course.id }, course.questionnaire ? '保存成功' : '保存成功（该课程尚未开启问卷，可在课程编辑中开启）');
    },
  });

  defineRoute(ctx, 'admin/settings', {
    async handler(request) {
      const schoolId = schoolOfAdmin(request);
      const configDir = opts.config.configDir;
      if (!configDir) return { data: [], total: 0, file: '' };
      const titles = settingTitles(configDir);
      const data = explainSchool(configDir, schoolId, { brandingOnly: true })
        .filter((v) => v.path.startsWith('branding.') || v.path.startsWith('features.'))
        .map((v) => ({
          path: v.path, title: titles[v.path] ?? v.path.split('.').slice(1).join(' / '), group: v.path.startsWith('features.') ? '功能开关' : '品牌',
          value: typeof v.value === 'boolean' ? (v.value ? '开启' : '关闭') : v.value === undefined || v.value === null ? '' : String(v.value), source: v.source,
        }));
      return { data, total: data.length, file: `config/schools/${schoolId}.yaml` };
    },
  });
}

/** Chinese titles of branding and feature settings, from the school file's JSON Schema (so they follow the schema). */
function settingTitles(configDir: string): Record<string, string> {
  const out: Record<string, string> = {};
  try {
    const schema = JSON.parse(fs.readFileSync(path.join(configDir, 'schema/school.schema.json'), 'utf8')) as { properties?: Record<string, unknown> };
    const walk = (node: unknown, at: string, trail: string[]) => {
      const n = node as { title?: string; properties?: Record<string, unknown> } | undefined;
      if (!n?.properties) return;
      for (const [k, child] of Object.entries(n.properties)) {
        const title = (child as { title?: string }).title;
        const names = title ? [...trail, title.replace(/\s*\(.*\)$/, '')] : trail;
        out[`${at}.${k}`] = names.join(' / ') || k;
        walk(child, `${at}.${k}`, names);
      }
    };
    for (const group of ['branding', 'features']) walk(schema.properties?.[group], group, []);
  } catch {
    // Without the schema the paths themselves are shown.
  }
  return out;
}
