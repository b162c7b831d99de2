// Generated from schema.json by npm run config:schema — edit the schema, not this file.
import type { FiltersConfig } from '../filters/schema.gen';
import type { FieldMessages } from '../form/messages';
import type { SourceConfig } from '../shared/source.schema.gen';
import type { RJSFSchema, UiSchema } from '@rjsf/utils';

/**
 * Rows of a source shown in columns (text, avatar, date-time, row actions), with an optional filter bar and server-side paging.
 */
export interface TableProps {
  source: SourceConfig;
  /**
   * The columns, left to right.
   *
   * @minItems 1
   */
  columns: TableColumn[];
  /**
   * Buttons above the table. Each opens its form in a dialog (cancel closes it, confirm posts to submit.endpoint); after a successful post the list reloads.
   */
  toolbar?: ToolbarButton[];
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
   * text only: what the cell shows instead of the field, a ${...} template over item (the row), user, school, features and query, e.g. "${item.poins} / ${item.full_poins}".
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
   * action only: the buttons of each row. A button with `link` opens that route; otherwise a click raises the window event app:action with {action, row, screen}.
   */
  actions?: RowAction[];
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
}
export interface RowAction {
  /**
   * Button text, e.g. 提问.
   */
  label: string;
  /**
   * Action name: raised as app:action for the listening piece (e.g. ask), or, with link, the button's name (e.g. view).
   */
  action: string;
  /**
   * Mantine colour of the button, e.g. blue.
   */
  color?: string;
  /**
   * Show the button only when this condition over item (the row), user, school, features and query holds, e.g. item.state == 'open'.
   */
  when?: string;
  /**
   * Route the button opens instead of raising app:action; path and query values may hold ${...} templates over item (the row), user, school, features and query.
   */
  link?: {
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
  };
}
export interface ToolbarButton {
  /**
   * Button text, e.g. 添加.
   */
  label: string;
  /**
   * Mantine colour of the button.
   */
  color?: string;
  form: DialogForm;
}
/**
 * The dialog's @rjsf form.
 */
export interface DialogForm {
  /**
   * Dialog title, e.g. 添加问题.
   */
  title: string;
  /**
   * Dialog width in pixels. Default 560.
   */
  width?: number;
  /**
   * JSON Schema of the form data (titles are the labels).
   */
  schema: RJSFSchema;
  /**
   * rjsf uiSchema, e.g. {content: {ui:widget: textarea, ui:options: {rows: 2}}}.
   */
  uiSchema?: UiSchema;
  /**
   * Validation messages: field -> JSON Schema keyword -> Chinese text, e.g. {title: {required: 请输入标题}}.
   */
  messages?: FieldMessages;
  /**
   * Select fields whose choices are read from a call: field name -> where the list comes from.
   */
  options?: {
    [k: string]: OptionSource;
  };
  submit: {
    /**
     * Call the form data is posted to, e.g. topic/add.
     */
    endpoint: string;
    /**
     * Extra parameters sent with the data; strings may hold ${...} expressions.
     */
    params?: {
      [k: string]: string | number | boolean;
    };
    /**
     * Confirm button text. Default 确定.
     */
    label?: string;
    /**
     * Cancel button text. Default 取消.
     */
    cancelLabel?: string;
    /**
     * Toast shown after a successful post.
     */
    successMessage?: string;
  };
}
export interface OptionSource {
  /**
   * Name of the call in config/endpoints.yaml, e.g. topic/teachers.
   */
  endpoint: string;
  /**
   * Parameters of the call; strings may hold ${...} expressions over user, school, features and query.
   */
  params?: {
    [k: string]: string | number | boolean;
  };
  /**
   * Dotted path of the list inside the reply's data, e.g. learn. Leave out when data is the list.
   */
  items?: string;
  /**
   * Field of each entry sent as the value. Default id.
   */
  value?: string;
  /**
   * Field of each entry shown in the select. Default name.
   */
  label?: string;
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
