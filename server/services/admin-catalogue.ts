import type { Db } from '../db';
import { invalid, notFound } from '../http/errors';

/**
 * What a school administrator may change in the catalogue: the categories and courses of their own school. Shared rows
 * (school_id null, written by the seed for every school) and rows of other schools answer "not found", like every
 * record outside the administrator's scope (services/admin-scope.ts).
 */
export async function categoryInSchool(db: Db, schoolId: number, id: number) {
  const row = await db.selectFrom('learn_categories').selectAll().where('id', '=', id).where('school_id', '=', schoolId).executeTakeFirst();
  if (!row) throw notFound('分类不存在');
  return row;
}

/** A top-level course of the school (child courses of a practice are not edited here). */
export async function courseInSchool(db: Db, schoolId: number, id: number) {
  const row = await db.selectFrom('learns').selectAll().where('id', '=', id).where('school_id', '=', schoolId).where('parent_learn_id', 'is', null).executeTakeFirst();
  if (!row) throw notFound('课程不存在');
  return row;
}

/** A second-level category a course of the school may sit in: the school's own or a shared one. */
export async function courseCategory(db: Db, schoolId: number, id: number) {
  const row = await db.selectFrom('learn_categories').selectAll().where('id', '=', id)
    .where((eb) => eb.or([eb('school_id', 'is', null), eb('school_id', '=', schoolId)])).executeTakeFirst();
  if (!row) throw invalid('category_id', '分类不存在');
  if (row.parent_id === 0) throw invalid('category_id', '课程须放在二级分类（类型）下，请选择一个类型');
  return row;
}

/**
 * A simulation's launch address: a path on this site (`/sim/12`) or an http(s) address. Anything else (javascript:,
 * data:, a bare word) is refused, since the student's browser opens it.
 */
export function launchAddress(text: string | undefined): string {
  const url = (text ?? '').trim();
  if (url === '') return '';
  if (/^\/(?!\/)\S*$/.test(url)) return url;
  try {
    const parsed = new URL(url);
    if (parsed.protocol === 'https:' || parsed.protocol === 'http:') return url;
  } catch {
    // falls through to the refusal
  }
  throw invalid('url', '启动地址须以 / 开头（本站地址）或以 http:// 、https:// 开头');
}

/** A link or media address a page shows: a site path or an http(s) address. */
export function mediaAddress(fieldName: string, text: string, label: string): string {
  const url = text.trim();
  if (/^\/(?!\/)\S*$/.test(url) || /^https?:\/\/\S+$/i.test(url)) return url;
  throw invalid(fieldName, `${label}须以 / 开头（本站地址）或以 http:// 、https:// 开头`);
}

/** Step names: trimmed, non-empty, unique. */
export function stepNames(steps: string[] | undefined): string[] {
  const names = (steps ?? []).map((s) => s.trim()).filter(Boolean);
  const twice = names.find((n, i) => names.indexOf(n) !== i);
  if (twice) throw invalid('sim_steps', `步骤“${twice}”重复`);
  return names;
}
