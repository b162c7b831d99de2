import { sql, type SelectQueryBuilder } from 'kysely';
import { likePattern } from '../services/catalogue';
import { field } from './define';

/** Paging, keyword and sorting inputs the administration lists share. */
export const adminPaging = {
  page: field.int('页码', { minimum: 1, default: 1 }),
  page_size: field.int('每页条数', { minimum: 1, maximum: 1000, default: 20 }),
  keyword: field.str('关键词', { maxLength: 50 }),
};
export type PageQuery = { page?: number; page_size?: number; keyword?: string };

/** `column like %keyword%` (any of the columns), with the keyword's own % and _ taken literally. */
export function keywordMatch(columns: string[], keyword: string) {
  const pattern = likePattern(keyword);
  return sql<boolean>`(${sql.join(columns.map((c) => sql`${sql.ref(c)} like ${pattern} escape '\\'`), sql` or `)})`;
}

/** One page of a query: its rows (ordered by the caller) and the total, as the table renderer reads them. */
export async function pageOf<R>(query: SelectQueryBuilder<any, any, R>, q: PageQuery) {
  const page = q.page ?? 1;
  const pageSize = q.page_size ?? 20;
  const counted = await query.clearSelect().clearOrderBy().select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirst() as { n: number | string } | undefined;
  const rows = await query.limit(pageSize).offset((page - 1) * pageSize).execute();
  return { data: rows, total: Number(counted?.n ?? 0), page, page_size: pageSize };
}

/** Counts come back as strings from PostgreSQL. */
export const num = (value: unknown) => Number(value ?? 0);
