// Generated from action.schema.json by npm run config:schema — edit the schema, not this file.
import type { DialogForm } from './dialog-form.schema.gen';

/**
 * A button of a table row or of its toolbar: opens a route, posts, opens a form dialog, downloads or uploads.
 */
export interface TableAction {
  /**
   * Button text, e.g. 提问.
   */
  label: string;
  /**
   * Action name: raised as app:action for the listening piece (e.g. ask) when the button has no other effect; otherwise the button's name (its data-action attribute, e.g. view).
   */
  action?: string;
  /**
   * Mantine colour of the button, e.g. blue.
   */
  color?: string;
  /**
   * Show the button only when this condition holds: over item (the row) in a row, over record (the list reply's data) in the toolbar, and user, school, features and query, e.g. item.state == 'open' or record.batch.errors == 0.
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
  /**
   * Names of calls in config/endpoints.yaml whose answers this button changes: after its post, form or upload succeeds they load again wherever they are shown (the table itself always reloads); for an `action` the listening piece does the same after its own write, e.g. [message/get_list, message/get_class].
   */
  invalidates?: string[];
  /**
   * Question asked before a `post` action runs, e.g. 确定删除该作业吗？
   */
  confirm?: string;
  /**
   * The button posts to this call (after `confirm`), then the list reloads (or `then` opens a route). Params may hold ${...} templates over item.
   */
  post?: {
    /**
     * Name of the call, e.g. staff/assignment/publish.
     */
    endpoint: string;
    /**
     * Parameters, e.g. {id: "${item.id}", published: 0}.
     */
    params?: {
      [k: string]: string | number | boolean;
    };
    /**
     * Toast shown after success; default the server's message.
     */
    successMessage?: string;
    /**
     * Route opened after a successful post instead of reloading the list; templates may also use data (the reply's data).
     */
    then?: {
      /**
       * Route, may hold ${...} templates.
       */
      path: string;
      /**
       * Query parameters; values may hold ${...} templates.
       */
      query?: {
        [k: string]: string | number | boolean;
      };
    };
  };
  form?: DialogForm;
  /**
   * The button downloads what this GET call answers with (a zip, a spreadsheet): the browser opens /api/<endpoint>?<params> as a download, signed in by the token cookie. Params may hold ${...} templates over item.
   */
  download?: {
    /**
     * Name of a GET call that answers with a file, e.g. staff/assignment/zip.
     */
    endpoint: string;
    /**
     * Query parameters, e.g. {id: "${item.id}"}.
     */
    params?: {
      [k: string]: string | number | boolean;
    };
    /**
     * Toast shown when the download starts, e.g. 正在打包，下载进度见浏览器的下载栏.
     */
    message?: string;
    /**
     * Toolbar only: also sends the list's current filters (search, chips, sort) as they are sent to the list's own call, so the file holds what the user sees; params of the same name win.
     */
    withFilters?: boolean;
    /**
     * The page fetches the file itself and shows a notice while it arrives: bytes received against the size the server announces (Content-Length, or X-Total-Bytes with X-Total-Files for a streamed zip), with 取消; it ends saying 下载完成 or 下载失败 and why, then hands the file to the browser. For large or slow downloads such as staff/assignment/zip.
     */
    progress?: boolean;
  };
  /**
   * The button asks for a file and sends it as the multipart field `file` to this call (e.g. an import); then the list reloads, or `then` opens a route with the reply's data.
   */
  upload?: {
    /**
     * Name of a multipart call, e.g. staff/bank/import.
     */
    endpoint: string;
    /**
     * Query parameters sent with the file; strings may hold ${...} templates over item (a row's button) or record (the toolbar's), e.g. {id: "${item.id}"}.
     */
    params?: {
      [k: string]: string | number | boolean;
    };
    /**
     * File types the chooser offers, e.g. .xlsx.
     */
    accept?: string;
    /**
     * Toast shown after the upload; default the server's message.
     */
    message?: string;
    /**
     * Route opened after the upload; templates may use data (the reply's data), e.g. {path: /teacher/bank/import, query: {id: "${data.id}"}}.
     */
    then?: {
      /**
       * Route, may hold ${...} templates.
       */
      path: string;
      /**
       * Query parameters; values may hold ${...} templates.
       */
      query?: {
        [k: string]: string | number | boolean;
      };
    };
  };
}
