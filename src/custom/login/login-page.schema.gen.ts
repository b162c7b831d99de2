// Generated from login-page.schema.json by npm run config:schema — edit the schema, not this file.
import type { FieldMessages } from '../../renderers/form/messages';
import type { Tab } from './types';
import type { RJSFSchema, UiSchema } from '@rjsf/utils';

/**
 * 账号登录、扫码登录、注册、找回密码，以及第三方登录的绑定/完善信息对话框。各表单的字段、规则和提示语都在 forms 中。
 */
export interface LoginPageProps {
  /**
   * 默认 账号登录。
   */
  title?: string;
  /**
   * 显示在登录和扫码标签页。
   */
  subtitle?: string;
  /**
   * 首次登录后显示；不写则不提示。
   */
  firstLoginTip?: string;
  /**
   * 已登录的学生打开登录页时进入的页面（规格：个人中心）；不写则进入首页。
   */
  signedInPath?: string;
  /**
   * 默认 大写锁定已打开。
   */
  capsLockTip?: string;
  /**
   * 未写的用默认文字。
   */
  texts?: {
    accountTab?: string;
    scanTab?: string;
    register?: string;
    forgot?: string;
    backToLogin?: string;
    cancel?: string;
    registerTitle?: string;
    registerDone?: string;
    forgotTitle?: string;
    resetTitle?: string;
    resetDone?: string;
    /**
     * {n} 换成剩余秒数，例如 {n}秒后自动返回登录。
     */
    returnIn?: string;
    noSmsKey?: string;
    passwordMismatch?: string;
    scanHint?: string;
    scanExpired?: string;
    bindTitle?: string;
    completeTitle?: string;
    toComplete?: string;
    toBind?: string;
  };
  /**
   * 注册时的协议勾选框和协议对话框。
   */
  agreement?: {
    /**
     * web/get_article_info 的 article_id。
     */
    articleId: number;
    /**
     * 默认 我已阅读并同意。
     */
    label?: string;
    /**
     * 默认 《用户服务协议》。
     */
    linkText?: string;
    /**
     * 默认为文章标题。
     */
    title?: string;
    /**
     * 默认 640。
     */
    width?: number;
  };
  sms?: {
    /**
     * 默认 60。
     */
    seconds?: number;
    /**
     * 默认 获取验证码。
     */
    idleLabel?: string;
    /**
     * 默认 发送验证码。
     */
    sendLabel?: string;
  };
  scan?: {
    /**
     * 默认 3。
     */
    pollSeconds?: number;
    /**
     * 默认 180。
     */
    expireSeconds?: number;
  };
  reset?: {
    /**
     * 默认 10。
     */
    returnSeconds?: number;
    /**
     * 1 账号登录，2 扫码，3 注册，4 注册成功，5 找回密码，6 重置密码，7 重置成功。默认 5。
     */
    failureTab?: Tab;
  };
  /**
   * 各面板的 @rjsf 表单；运营可改提示语、隐藏可选字段（从 properties 删除并从 required 去掉）。
   */
  forms: {
    login: LoginForm;
    register: LoginForm;
    forgot: LoginForm;
    reset: LoginForm;
    bind: LoginForm;
    complete: LoginForm;
  };
}
/**
 * 一个 @rjsf 表单：JSON Schema、uiSchema 和各字段的提示语。
 */
export interface LoginForm {
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
  submitLabel?: string;
}
