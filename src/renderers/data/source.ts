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
