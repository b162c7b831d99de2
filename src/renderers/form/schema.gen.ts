// Generated from schema.json by npm run config:schema — edit the schema, not this file.
import type { OptionSource } from '../table/dialog-form.schema.gen';
import type { FieldMessages } from './messages';
import type { RJSFSchema, UiSchema } from '@rjsf/utils';

/**
 * A form described by a JSON Schema, validated in the browser with Chinese messages from `messages`, posted to an endpoint on submit.
 */
export interface FormProps {
  /**
   * JSON Schema of the form's data: properties, required, pattern, minLength, maxLength, ... Titles are the field labels.
   */
  schema: RJSFSchema;
  /**
   * rjsf uiSchema: widgets (ui:widget: password), placeholders (ui:placeholder), field order (ui:order).
   */
  uiSchema?: UiSchema;
  /**
   * Message per field and rule, e.g. username: { required: 请输入账号, pattern: 账号只能为数字或字母 }. Rules not listed get a general Chinese message.
   */
  messages?: FieldMessages;
  /**
   * Why the form is shown, said above it when the address carries `?reason=<key>`: e.g. must-change, where an account whose password an administrator set is sent before anything else (app.yaml changePasswordPath).
   */
  notices?: {
    [k: string]: string;
  };
  submit: FormSubmit;
  /**
   * Fields that must equal another field, e.g. the repeated password.
   */
  sameAs?: SameAsRule[];
  /**
   * Title shown above the form, e.g. 教师登录.
   */
  heading?: string;
  /**
   * Show the form as a card in the middle of the page (login pages).
   */
  centered?: boolean;
  /**
   * Select fields whose choices are read from a call: field name -> where the list comes from.
   */
  options?: Record<string, OptionSource>;
}
/**
 * What submitting does.
 */
export interface FormSubmit {
  /**
   * Name of the call in config/endpoints.yaml that receives the form's data.
   */
  endpoint: string;
  /**
   * Extra parameters sent with the data; strings may hold ${...} expressions over user, school, features and query.
   */
  params?: {
    [k: string]: string | number | boolean;
  };
  /**
   * Text of the submit button. Default 提交.
   */
  label?: string;
  /**
   * Names of calls in config/endpoints.yaml whose answers the submit changes: after success they load again wherever they are shown, e.g. [user/get_info].
   */
  invalidates?: string[];
  /**
   * Message shown after the call succeeded, e.g. 保存成功.
   */
  successMessage?: string;
  /**
   * Route to open after success, may hold ${...} expressions.
   */
  then?: string;
  /**
   * After success, end the session and go to the login page (e.g. password change).
   */
  signOut?: boolean;
  /**
   * The reply is a login (token and user): keep it as the session, load the profile, then open the page the visitor was sent from (?redirect=) or `then`.
   */
  signIn?: boolean;
  /**
   * After success, empty the form for the next entry (when there is no `then`).
   */
  reset?: boolean;
}
export interface SameAsRule {
  /**
   * Field that shows the message.
   */
  field: string;
  /**
   * Field it must equal.
   */
  as: string;
  /**
   * Message when they differ.
   */
  message: string;
}
