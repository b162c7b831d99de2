// Generated from source.schema.json by npm run config:schema — edit the schema, not this file.

/**
 * Where a list reads its rows: an endpoint of config/endpoints.yaml, its parameters and where the rows and the total sit in the reply's data.
 */
export interface SourceConfig {
  /**
   * Name of the call in config/endpoints.yaml, e.g. learn/get.
   */
  endpoint: string;
  /**
   * Parameters sent with every request. A string may hold ${...} expressions over user, school, features and query, e.g. "${user.class_id}". A parameter whose value comes out empty is not sent.
   */
  params?: {
    [k: string]: string | number | boolean;
  };
  /**
   * Dotted path of the row array inside the reply's data, e.g. learn or list.data. Leave out when data itself is the array.
   */
  items?: string;
  /**
   * Dotted path of the total row count inside the reply's data, e.g. allCount. Leave out to count the rows received.
   */
  total?: string;
  /**
   * Names of calls in config/endpoints.yaml whose answer, when it changes (e.g. the unread counter's poll), makes this list load again, e.g. [message/get_class].
   */
  reloadOn?: string[];
  /**
   * Names of the paging parameters the endpoint expects.
   */
  paging?: {
    /**
     * Parameter holding the 1-based page number. Default page.
     */
    page?: string;
    /**
     * Parameter holding the page size. Default page_size.
     */
    pageSize?: string;
  };
}
