// Generated from schema.json by npm run config:schema — edit the schema, not this file.
import type { FieldMessages } from '../../renderers/form/messages';
import type { RJSFSchema, UiSchema } from '@rjsf/utils';

/**
 * 头像上传、学校/班级信息（只读）和可编辑字段（user/edit_info）。
 */
export interface ProfileInfoProps {
  avatar: {
    /**
     * 默认 更换头像。
     */
    label?: string;
    /**
     * 达到此大小的图片被拒绝，例如 2097152（2MB）。
     */
    maxBytes: number;
    /**
     * 文件选择框的 accept，例如 image/png,image/jpeg,image/bmp。默认 image/*。
     */
    accept?: string;
    messages: {
      bmp: string;
      size: string;
      /**
       * 不是 JPG/PNG 图片时的提示。
       */
      type: string;
    };
  };
  /**
   * 依次显示的用户信息。
   */
  facts: {
    /**
     * 例如 学校。
     */
    label: string;
    /**
     * user/get_info 返回的字段，例如 school_name。
     */
    field: string;
  }[];
  /**
   * @rjsf 表单；schema 的 properties 为可编辑的用户字段，初值取自当前用户。
   */
  form: {
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
     * 默认 保存。
     */
    submitLabel?: string;
    /**
     * 默认 保存成功。
     */
    successMessage?: string;
  };
  /**
   * 手机号改为新号码时，表单在手机号下显示短信验证码和“获取验证码”按钮（user/mobile_code）；未改手机号不需要验证码。
   */
  mobileChange?: {
    /**
     * 默认 短信验证码。
     */
    codeLabel?: string;
    /**
     * 默认 请输入短信验证码。
     */
    placeholder?: string;
    /**
     * 默认 获取验证码；发送后显示 (Ns)已发送。
     */
    idleLabel?: string;
    /**
     * 默认 60。
     */
    seconds?: number;
    messages?: {
      /**
       * 默认 请获取验证码！
       */
      noKey?: string;
      /**
       * 默认 请输入验证码。
       */
      noCode?: string;
    };
  };
  /**
   * 班级申请被驳回（type 5）时显示：重新选择院系/专业/年级/班级并提交（user/edit_info），回到待审核（type 4）。
   */
  classChange?: {
    /**
     * ${...} 之外的表达式，作用域 user。默认 user.type == 5。
     */
    when?: string;
    /**
     * 默认 重新选择班级。
     */
    title?: string;
    /**
     * 标题下的说明，可用 ${user.…} 模板。
     */
    text?: string;
    /**
     * @rjsf 表单：depart_id、major_id、grade_id、class_id 用 ui:widget: org（逐级联动，学校为本人学校）。
     */
    form: {
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
       * 默认 保存。
       */
      submitLabel?: string;
      /**
       * 默认 保存成功。
       */
      successMessage?: string;
    };
  };
}
