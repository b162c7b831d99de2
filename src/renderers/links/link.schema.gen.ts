// Generated from link.schema.json by npm run config:schema — edit the schema, not this file.

/**
 * Where clicking leads. The first rule whose `when` is true (or that has no `when`) is used.
 */
export type LinkRules = LinkRule[];

export interface LinkRule {
  /**
   * Condition over item, user, school, features and query, e.g. item.childrens && item.childrens.length > 0.
   */
  when?: string;
  /**
   * Route, may hold ${...} expressions, e.g. /courses/${item.id}/details-introduce.
   */
  path: string;
  /**
   * Query parameters of the route; values may hold ${...} expressions and are URL-encoded.
   */
  query?: {
    [k: string]: string | number | boolean;
  };
}
