// Generated from schema.json by npm run config:schema — edit the schema, not this file.
import type { SourceConfig } from '../data/source.schema.gen';
import type { FiltersConfig } from '../filters/schema.gen';
import type { TableAction } from './action.schema.gen';

/**
 * Rows of a source shown in columns (text, avatar, date-time, row actions), with an optional filter bar and server-side paging.
 */
export interface TableProps {
  /**
   * A heading above the table: ${...} templates over record (the list reply's whole data, e.g. record.question.question), user, school, features and query.
   */
  caption?: {
    /**
     * Heading, e.g. "${record.test.name}".
     */
    title?: string;
    /**
     * A line under it, e.g. "参考答案：${record.question.reference}".
     */
    text?: string;
  };
  source: SourceConfig;
  /**
   * Server-side sorting for columns marked sortable: the parameter names the endpoint reads, and the order at start.
   */
  sort?: {
    /**
     * Parameter holding the sort field. Default sort.
     */
    param?: string;
    /**
     * Parameter holding asc or desc. Default order.
     */
    orderParam?: string;
  };
  /**
   * The columns, left to right.
   *
   * @minItems 1
   */
  columns: TableColumn[];
  /**
   * Buttons above the table, the same kinds as row actions (`form`, `post`, `download`, `upload`, `link`); `when` and templates see record (the list reply's data) and filters (the list's current filter values; a download's `withFilters` sends them all). After a successful form, post or upload the list reloads.
   */
  toolbar?: TableAction[];
  rowTone?: RowTone;
  /**
   * Rows per page; when set the server pages (page and page size are sent) and a pager is shown. Leave out to show every row.
   */
  pageSize?: number;
  /**
   * Most page buttons shown at once. Default 11.
   */
  pagerCount?: number;
  filters?: FiltersConfig;
  /**
   * Text shown when there are no rows. Default 暂无数据.
   */
  empty?: string;
}
export interface TableColumn {
  /**
   * Column heading, e.g. 姓名.
   */
  title: string;
  /**
   * Field of the row shown in the column, e.g. realname. Not needed for kind action.
   */
  field?: string;
  /**
   * text shows the value (or `template`); avatar shows the image URL as a round picture; datetime formats a timestamp; tag shows the value as a coloured label looked up in `tags`; action shows buttons.
   */
  kind?: 'text' | 'avatar' | 'datetime' | 'tag' | 'action';
  /**
   * avatar only: field with the person's name, used for initials when the picture is missing.
   */
  nameField?: string;
  /**
   * text: what the cell shows instead of the field; tag: the key looked up in `tags` instead of the field's value (e.g. "${item.poins > 0 ? 'partial' : item.isright}"). A ${...} template over item (the row), user, school, features and query, e.g. "${item.poins} / ${item.full_poins}".
   */
  template?: string;
  /**
   * tag only: value of the field -> the label shown and its Mantine colour, e.g. {"1": {label: 正确, color: green}}. A value not listed shows as plain text.
   */
  tags?: {
    [k: string]: {
      /**
       * Text of the label.
       */
      label: string;
      /**
       * Mantine colour, e.g. green.
       */
      color?: string;
    };
  };
  /**
   * Column width in pixels.
   */
  width?: number;
  /**
   * action only: the buttons of each row. A button with `link` opens that route; with `post` it calls an endpoint (after `confirm`); with `form` it opens a form dialog; with `download` the browser downloads the file a GET call answers with; otherwise a click raises the window event app:action with {action, row, screen}.
   */
  actions?: TableAction[];
  /**
   * text only: duration shows seconds as x小时y分z秒; date shows YYYY-MM-DD.
   */
  format?: 'duration' | 'date';
  /**
   * Colour of the value by thresholds: the first rule whose min the value reaches (a rule without min always matches), e.g. [{min: 90, color: cyan}, {min: 60, color: blue}, {color: red}].
   */
  colors?: {
    /**
     * Smallest value the rule applies to.
     */
    min?: number;
    /**
     * Mantine colour name or CSS colour, e.g. red.
     */
    color: string;
  }[];
  /**
   * The heading sorts the rows on the server (see `sort`): click for ascending, again for descending, a third time for the default order.
   */
  sortable?: boolean;
  /**
   * Value sent as the sort field for this column. Default the column's field.
   */
  sortKey?: string;
}
/**
 * Background colour of each row: expression over item (the row), index (0-based on the page), user, school, features and query gives a name looked up in colors; a name not listed leaves the row plain.
 */
export interface RowTone {
  /**
   * e.g. index % 2 == 0 ? 'warning' : 'success'.
   */
  expression: string;
  /**
   * Tone name -> CSS colour, e.g. {warning: '#fdf5e6', success: '#f0f9eb'}.
   */
  colors: {
    [k: string]: string;
  };
}
