import { sql, type ExpressionBuilder } from 'kysely';
import type { Database, Db } from '../db';
import type { User } from '../db/schema';
import { preparedQuery } from '../db/prepared';
import { notFound } from '../http/errors';
import { versionedCache } from './versionedCache';

/** Score bands (spec §4/§9): below 60 unqualified, 60 or more qualified, 90 or more excellent. */
export const SCORE_BANDS = { excellent: 90, qualified: 60 } as const;

/** Which of the student's records a request is about: category ids (a direction includes its types) and/or one learn. */
export interface ScoreFilter {
  categoryIds: number[];
  learnId?: number;
}

type ScoreEb = ExpressionBuilder<Database, 'score_records'>;

/** The learn filter as a condition on score_records.learn_id (no join, so it also works in the rank counts). */
function learnCondition(eb: ScoreEb, filter: ScoreFilter) {
  const parts = [];
  if (filter.learnId !== undefined) parts.push(eb('score_records.learn_id', '=', filter.learnId));
  if (filter.categoryIds.length > 0) {
    const ids = filter.categoryIds;
    parts.push(
      eb('score_records.learn_id', 'in',
        eb.selectFrom('learns').select('learns.id').where((l) =>
          l.or([
            l('learns.category_id', 'in', ids),
            l('learns.category_id', 'in', l.selectFrom('learn_categories').select('learn_categories.id').where('learn_categories.parent_id', 'in', ids)),
          ]),
        ),
      ),
    );
  }
  return eb.and(parts);
}

export interface ScoreSummary {
  times: number;
  allTime: number;
  max_score: number | null;
  dabiao: { height: number; middle: number; low: number };
}

const summaryQuery = (db: Db, userId: number, filter: ScoreFilter) => {
  const { excellent, qualified } = SCORE_BANDS;
  return db
    .selectFrom('score_records')
    .where('score_records.user_id', '=', userId)
    .where((eb) => learnCondition(eb, filter))
    .select([
      (eb) => eb.fn.countAll<number>().as('times'),
      (eb) => eb.fn.sum<number | null>('total_time').as('all_time'),
      (eb) => eb.fn.max<number | null>('total_score').as('max_score'),
      sql<number | null>`sum(case when total_score >= ${excellent} then 1 else 0 end)`.as('height'),
      sql<number | null>`sum(case when total_score >= ${qualified} and total_score < ${excellent} then 1 else 0 end)`.as('middle'),
      sql<number | null>`sum(case when total_score < ${qualified} then 1 else 0 end)`.as('low'),
    ]);
};

// The overview as it first opens (no filter) is the common request: its queries are prepared once.
const NO_FILTER: ScoreFilter = { categoryIds: [] };
const unfiltered = (filter: ScoreFilter) => filter.categoryIds.length === 0 && filter.learnId === undefined;
const summaryUnfiltered = preparedQuery((db: Db, userId: number) => summaryQuery(db, userId, NO_FILTER));

/** Counts, time and bands over the student's records that match the filter (one indexed scan of their rows). */
export async function scoreSummary(db: Db, userId: number, filter: ScoreFilter): Promise<ScoreSummary> {
  const row = unfiltered(filter) ? (await summaryUnfiltered(db, userId))[0] : await summaryQuery(db, userId, filter).executeTakeFirstOrThrow();
  return {
    times: Number(row.times ?? 0),
    allTime: Number(row.all_time ?? 0),
    max_score: row.max_score === null || row.max_score === undefined ? null : Number(row.max_score),
    dabiao: { height: Number(row.height ?? 0), middle: Number(row.middle ?? 0), low: Number(row.low ?? 0) },
  };
}

/**
 * Competition rank (1, 1, 3) of a best score within a class or grade: 1 + the number of OTHER students whose
 * records there (matching the same filter) include a higher score. "Has any record above my best" is the same
 * as "best above my best", so this is one range scan of the covering index (0005) above the student's best.
 */
export async function rankIn(db: Db, scope: 'class_id' | 'grade_id', scopeId: number | null, userId: number, best: number | null, filter: ScoreFilter): Promise<number | null> {
  if (scopeId === null || best === null) return null;
  // The student's own records are all at or below their best, so the count depends on the score, not on who asks:
  // students of a grade with the same best share it.
  const key = JSON.stringify([scope, scopeId, best, filter.categoryIds, filter.learnId ?? null]);
  return ranks.get(db, key, async () => {
    const [row] = unfiltered(filter) ? await rankUnfiltered[scope](db, scopeId, best, userId) : await rankQuery(db, scope, scopeId, best, userId, filter).execute();
    return Number(row.n) + 1;
  });
}

const rankQuery = (db: Db, scope: 'class_id' | 'grade_id', scopeId: number, best: number, userId: number, filter: ScoreFilter) =>
  db
    .selectFrom('score_records')
    .where(`score_records.${scope}`, '=', scopeId)
    .where('score_records.total_score', '>', best)
    .where('score_records.user_id', '!=', userId)
    .where((eb) => learnCondition(eb, filter))
    .select(sql<number>`count(distinct score_records.user_id)`.as('n'));

const rankUnfiltered = {
  class_id: preparedQuery((db: Db, scopeId: number, best: number, userId: number) => rankQuery(db, 'class_id', scopeId, best, userId, NO_FILTER)),
  grade_id: preparedQuery((db: Db, scopeId: number, best: number, userId: number) => rankQuery(db, 'grade_id', scopeId, best, userId, NO_FILTER)),
};

/**
 * Ranks are kept until a score record is written (server/db/versions.ts): a rank scans the scores above the student's
 * best, most of a large grade for a student near the bottom.
 */
const ranks = versionedCache<number>(['score_records']);

const LIST_COLUMNS = [
  'score_records.id', 'score_records.created_at', 'score_records.learn_id', 'score_records.subhead', 'score_records.subtitle',
  'score_records.total_score', 'score_records.total_time', 'score_records.evalue',
] as const;

const pageQuery = (db: Db, userId: number, filter: ScoreFilter, limit: number, offset: number) =>
  db
    .selectFrom('score_records')
    .leftJoin('learns', 'learns.id', 'score_records.learn_id')
    .where('score_records.user_id', '=', userId)
    .where((eb) => learnCondition(eb, filter))
    .select([...LIST_COLUMNS, 'learns.name as learn_name', 'learns.thum as thum'])
    .orderBy('score_records.created_at', 'desc')
    .orderBy('score_records.id', 'desc')
    .limit(limit)
    .offset(offset);
const pageUnfiltered = preparedQuery((db: Db, userId: number, limit: number, offset: number) => pageQuery(db, userId, NO_FILTER, limit, offset));

/** One page of the student's records, newest first. */
export async function scorePage(db: Db, userId: number, filter: ScoreFilter, page: number, pageSize: number) {
  const offset = (page - 1) * pageSize;
  const rows = unfiltered(filter) ? await pageUnfiltered(db, userId, pageSize, offset) : await pageQuery(db, userId, filter, pageSize, offset).execute();
  return rows.map((r) => ({ ...r, learn_name: r.learn_name ?? '', thum: r.thum ?? '', learn: { name: r.learn_name ?? '' } }));
}

/**
 * Results pages as answered, per student and request, kept until a score record, course or category is written
 * (server/db/versions.ts): a student's repeated visits and the page's own refetches cost no query.
 */
const resultPages = versionedCache<Awaited<ReturnType<typeof readStudentScores>>>(['score_records', 'learns', 'learn_categories'], { limit: 20_000 });

/** Everything the results overview shows: the page of records, the summary figures and the two ranks. */
export function studentScores(db: Db, user: User, filter: ScoreFilter, page: number, pageSize: number) {
  const key = JSON.stringify([user.id, user.class_id, user.grade_id, filter.categoryIds, filter.learnId ?? null, page, pageSize]);
  return resultPages.get(db, key, () => readStudentScores(db, user, filter, page, pageSize));
}

async function readStudentScores(db: Db, user: User, filter: ScoreFilter, page: number, pageSize: number) {
  const [summary, score] = await Promise.all([scoreSummary(db, user.id, filter), scorePage(db, user.id, filter, page, pageSize)]);
  const [classSort, gradeSort] = await Promise.all([
    rankIn(db, 'class_id', user.class_id, user.id, summary.max_score, filter),
    rankIn(db, 'grade_id', user.grade_id, user.id, summary.max_score, filter),
  ]);
  return {
    score,
    allCount: summary.times,
    allPage: Math.ceil(summary.times / pageSize),
    page,
    page_size: pageSize,
    times: summary.times,
    allTime: summary.allTime,
    max_score: summary.max_score,
    dabiao: summary.dabiao,
    class: { sort: classSort },
    grade: { sort: gradeSort, max_score: summary.max_score },
  };
}

/** One record of the caller; another student's id answers 404 exactly like a missing one. */
export async function oneScore(db: Db, user: User, id: number) {
  const row = await db
    .selectFrom('score_records')
    .leftJoin('learns', 'learns.id', 'score_records.learn_id')
    .where('score_records.id', '=', id)
    .where('score_records.user_id', '=', user.id)
    .select([
      ...LIST_COLUMNS, 'score_records.detail', 'score_records.evaluate', 'score_records.mistake', 'score_records.first_module_time',
      'learns.name as learn_name', 'learns.thum as thum',
    ])
    .executeTakeFirst();
  if (!row) throw notFound('成绩记录不存在');
  return { ...row, learn_name: row.learn_name ?? '', thum: row.thum ?? '', learn: { name: row.learn_name ?? '' } };
}
