// Mirrors source.schema.json (hand-written; keep both in step).

/** Where a list reads its rows, as written in a screen's YAML. */
export interface SourceConfig {
  endpoint: string;
  /** Static values or `${...}` templates over {user, school, features, query}. */
  params?: Record<string, string | number | boolean>;
  /** Dotted path of the rows inside the reply's `data`; absent = `data` is the array. */
  items?: string;
  /** Dotted path of the total count inside `data`; absent = number of rows received. */
  total?: string;
  paging?: { page?: string; pageSize?: string };
}

/** What a list asks for: the page (1-based), the page size when the server pages, and the filter values. */
export interface ListQuery {
  page: number;
  pageSize?: number;
  filters: Record<string, unknown>;
}

/** The names a `${...}` template in YAML may use. */
export interface TemplateScope {
  user: Record<string, unknown>;
  school: Record<string, unknown>;
  features: Record<string, unknown>;
  query: Record<string, string>;
  [name: string]: unknown;
}
