// Generated from dialog-form.schema.json by npm run config:schema — edit the schema, not this file.
import type { FieldMessages } from '../form/messages';
import type { RJSFSchema, UiSchema } from '@rjsf/utils';

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
     * Toast shown after a successful post. Default the server's message, unless that is the bare `success`.
     */
    successMessage?: string;
  };
  /**
   * Where the form's starting values come from (an edit form): a call whose reply's data (or `item` inside it) fills the fields. Without it the form starts empty.
   */
  load?: {
    /**
     * Name of the call in config/endpoints.yaml, e.g. staff/assignment.
     */
    endpoint: string;
    /**
     * Parameters of the call; strings may hold ${...} expressions over item (the row), user, school, features and query, e.g. {id: "${item.id}"}.
     */
    params?: {
      [k: string]: string | number | boolean;
    };
    /**
     * Dotted path of the values inside the reply's data; leave out when data is the values.
     */
    item?: string;
  };
  /**
   * Starting values of fields as ${...} templates over item (the row), user, school, features and query, e.g. {reply: "${item.reply}"}. With `load` they replace the loaded values of the same fields (a copy: the loaded record with {title: "${item.title}（副本）", published: 0}, submitted without an id).
   */
  values?: {
    [k: string]: string | number | boolean;
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
