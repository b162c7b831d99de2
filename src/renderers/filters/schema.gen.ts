// Generated from schema.json by npm run config:schema — edit the schema, not this file.

/**
 * The bar above a list: a keyword box and category chips fed by a category tree. Every parameter name it sets comes from here.
 */
export interface FiltersConfig {
  keyword?: KeywordFilterConfig;
  /**
   * Rows of fixed choices (a chip row each), e.g. status or completion; choosing one sends its value as `param` and goes back to page 1. The first option is chosen at start.
   */
  choices?: ChoiceFilterConfig[];
  categories?: CategoryFilterConfig;
}
/**
 * A search box; pressing Enter sends its text as `param` and goes back to page 1.
 */
export interface KeywordFilterConfig {
  /**
   * Request parameter that carries the keyword, e.g. learn_name.
   */
  param: string;
  /**
   * Hint shown in the empty box, e.g. 搜索实训项目.
   */
  placeholder?: string;
}
export interface ChoiceFilterConfig {
  /**
   * Request parameter the chosen value is sent as, e.g. status.
   */
  param: string;
  /**
   * Title of the row, e.g. 状态.
   */
  label: string;
  /**
   * @minItems 1
   */
  options: ChoiceOption[];
}
export interface ChoiceOption {
  /**
   * Chip text, e.g. 已结束.
   */
  label: string;
  /**
   * Value sent; leave out for 'all' (the parameter is not sent).
   */
  value?: string | number;
}
/**
 * Two rows of chips from a category tree (nodes with value, label, count, link, children): first level directions, second level types of the chosen direction. A node whose link is null shows 暂未开放 and cannot be chosen.
 */
export interface CategoryFilterConfig {
  /**
   * Where the tree is read from.
   */
  source: {
    /**
     * Name of the call in config/endpoints.yaml, e.g. learn/cate/tree.
     */
    endpoint: string;
    /**
     * Parameters of the call; strings may hold ${...} expressions over user, school, features and query.
     */
    params?: {
      [k: string]: string | number | boolean;
    };
    /**
     * Dotted path of the node array inside the reply's data; leave out when data is the array.
     */
    items?: string;
  };
  /**
   * Request parameter that carries the chosen category ids (comma separated), e.g. category_id.
   */
  param: string;
  /**
   * Title of the first row. Default 实训方向.
   */
  directionLabel?: string;
  /**
   * Title of the second row. Default 实训类型.
   */
  typeLabel?: string;
  /**
   * Chip that clears the direction. Default 全部.
   */
  allLabel?: string;
  /**
   * Unit after each chip's count, where the counts are not of what the list shows, e.g. 门课程 on a list of score records: 急救技能 (3门课程). Default none: (3).
   */
  countSuffix?: string;
  /**
   * Fixed chips at the start of the type row, each selecting a fixed set of category ids.
   */
  shortcuts?: CategoryShortcut[];
}
export interface CategoryShortcut {
  /**
   * Chip text, e.g. 全部类型.
   */
  label: string;
  /**
   * Category ids sent when the chip is chosen, comma separated, e.g. "2,17".
   */
  ids: string;
}
