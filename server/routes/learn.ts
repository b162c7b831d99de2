import { sql } from 'kysely';
import type { Static } from 'typebox';
import type { Db } from '../db';
import type { User } from '../db/schema';
import { preparedQuery } from '../db/prepared';
import { currentUser } from '../http/auth';
import { withRatings } from '../services/course-ratings';
import { categoryTree, inCategories, likePattern, parseIdList, visibleCourses } from '../services/catalogue';
import { versionedCache } from '../services/versionedCache';
import { assertOwnScope } from '../services/users';
import { defineRoute, field, objectSchema, type RouteContext } from './define';
import { learnCourseRoutes } from './learn-course';
import { learnRecentRoutes } from './learn-recent';
import type { SiteConfigSource } from './system';

/** What a catalogue page is read from: a write to any of these makes every cached page and total stale. */
const CATALOGUE_TABLES = ['learns', 'class_learns', 'learn_categories', 'questionnaire_answers'] as const;

/** Catalogue totals shared by a class, kept until the catalogue is written (server/db/versions.ts). */
const catalogueTotals = versionedCache<number>(CATALOGUE_TABLES);

/**
 * Catalogue pages as answered, per school, class and request: every student of a class opens the same first pages.
 * Kept until the catalogue is written: a course saved, withdrawn or restricted to other classes, a category changed,
 * a rating given, a first launch counted (server/db/versions.ts). The class is part of the key, so a page is only
 * ever served to the classes that may see exactly it.
 */
const cataloguePages = versionedCache<CataloguePage>(CATALOGUE_TABLES, { limit: 5_000 });
const CACHED_PAGE_SIZE = 100;
type CataloguePage = { learn: unknown[]; allCount: number; allPage: number; page: number; page_size: number };

const PAGE_COLUMNS = ['learns.id', 'learns.name', 'learns.thum', 'learns.change_time', 'learns.user_count', 'learns.times', 'learns.type', 'learns.introduce', 'learns.category_id'] as const;

/** The catalogue as it first opens (no category, type or keyword), the common request: prepared once. */
const firstShapePage = preparedQuery((db: Db, schoolId: number, classId: number, state: number, limit: number, offset: number) =>
  visibleCourses(db, { school_id: schoolId, class_id: classId }, { state }).select([...PAGE_COLUMNS]).orderBy('learns.sort').orderBy('learns.id').limit(limit).offset(offset),
);

/** Child courses of a page of up to eight courses (unused places hold -1), prepared once. */
const CHILD_SLOTS = 8;
type Slots = [number, number, number, number, number, number, number, number];
const childrenOfPage = preparedQuery((db: Db, ...ids: Slots) =>
  db.selectFrom('learns').select(['id', 'name', 'thum', 'parent_learn_id']).where('parent_learn_id', 'in', ids).where('state', '=', 1).orderBy('sort').orderBy('id'),
);

// The spec's full course list (/course) asks for 9999 rows at once.
const MAX_PAGE_SIZE = 9999;

const listBody = objectSchema({
  user_id: field.int('用户'),
  class_id: field.int('班级'),
  page: field.int('页码', { minimum: 1, default: 1 }),
  page_size: field.int('每页条数', { minimum: 1, maximum: MAX_PAGE_SIZE, default: 8 }),
  category_id: field.idList('分类', { maxLength: 200 }),
  type: field.int('项目类型', { enum: [0, 1, 2] }),
  learn_name: field.str('项目名称', { maxLength: 50 }),
  state: field.int('状态', { enum: [0, 1] }),
});

export function learnRoutes(ctx: RouteContext, opts: { defaultDomain: string; config: SiteConfigSource }): void {
  const { db } = ctx;
  learnCourseRoutes(ctx, opts);
  learnRecentRoutes(ctx);

  defineRoute(ctx, 'learn/cate/tree', {
    schema: { body: objectSchema({ user_id: field.int('用户'), type: field.int('项目类型', { enum: [0, 1, 2] }) }) },
    async handler(request) {
      const user = currentUser(request);
      const body = request.body;
      assertOwnScope(user, body);
      return categoryTree(db, user, { type: body.type });
    },
  });

  defineRoute(ctx, 'learn/get', {
    schema: { body: listBody },
    async handler(request) {
      const user = currentUser(request);
      const body = request.body;
      assertOwnScope(user, body);
      const page = body.page ?? 1;
      const pageSize = body.page_size ?? 8;
      // The full course list (/course, up to 9999 rows) is read afresh: only the paged catalogue is kept.
      if (pageSize > CACHED_PAGE_SIZE) return readPage(user, body, page, pageSize);
      const key = JSON.stringify([user.school_id, user.class_id, page, pageSize, parseIdList(body.category_id), body.type ?? null, body.learn_name?.trim() ?? '', body.state ?? 1]);
      return cataloguePages.get(db, key, () => readPage(user, body, page, pageSize));
    },
  });

  async function readPage(user: User, body: Static<typeof listBody>, page: number, pageSize: number): Promise<CataloguePage> {
    const keyword = body.learn_name?.trim();
    // Built only when used: the common request (page of the unfiltered catalogue, total cached) needs no builder.
    const filtered = () => {
      let query = inCategories(visibleCourses(db, user, { state: body.state }), parseIdList(body.category_id));
      if (body.type !== undefined) query = query.where('learns.type', '=', body.type);
      if (keyword) query = query.where(sql<boolean>`learns.name like ${likePattern(keyword)} escape '\\'`);
      return query;
    };

    const countAll = async () => Number((await filtered().select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirst())?.n ?? 0);
    // The total visits every visible course; without a keyword it is the same for the whole class, so it is shared.
    const total = keyword
      ? await countAll()
      : await catalogueTotals.get(db, JSON.stringify([user.school_id, user.class_id, body.state ?? 1, parseIdList(body.category_id), body.type ?? null]), countAll);
    const unfiltered = !keyword && body.type === undefined && parseIdList(body.category_id).length === 0;
    const rows = unfiltered
      ? await firstShapePage(db, user.school_id, user.class_id ?? -1, body.state ?? 1, pageSize, (page - 1) * pageSize)
      : await filtered().select([...PAGE_COLUMNS]).orderBy('learns.sort').orderBy('learns.id').limit(pageSize).offset((page - 1) * pageSize).execute();

    const ids = rows.map((r) => r.id);
    const children = ids.length === 0
      ? []
      : ids.length <= CHILD_SLOTS
        ? await childrenOfPage(db, ...(Array.from({ length: CHILD_SLOTS }, (_v, i) => ids[i] ?? -1) as Slots))
        : await db.selectFrom('learns').select(['id', 'name', 'thum', 'parent_learn_id']).where('parent_learn_id', 'in', ids).where('state', '=', 1).orderBy('sort').orderBy('id').execute();
    const learn = (await withRatings(db, rows)).map((r) => ({
      ...r,
      childrens: children.filter((c) => c.parent_learn_id === r.id).map(({ id, name, thum }) => ({ id, name, thum })),
    }));
    return { learn, allCount: total, allPage: Math.ceil(total / pageSize), page, page_size: pageSize };
  }
}
