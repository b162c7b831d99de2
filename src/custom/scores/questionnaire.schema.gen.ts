// Generated from questionnaire.schema.json by npm run config:schema — edit the schema, not this file.

/**
 * 匿名问卷：题目运行时从 learn/getproblem 读取并生成表单，每个实验只能提交一次。
 */
export interface QuestionnaireProps {
  /**
   * 对 query 的模板，例如 ${query.id}。
   */
  learnId: string;
  title: string;
  /**
   * 每题一项，按顺序：答案提交时使用的字段名和作答方式。
   *
   * @minItems 1
   */
  fields: QuestionField[];
  /**
   * 默认 提交。
   */
  submitLabel?: string;
  /**
   * 默认 请输入。
   */
  placeholder?: string;
  messages: {
    unanswered: string;
    success: string;
    answered: string;
    unavailable: string;
  };
  back: {
    label: string;
    /**
     * 有上一页时返回上一页，否则进入此路由。
     */
    fallback: string;
  };
}
export interface QuestionField {
  /**
   * 提交给 learn/addevaluate 的参数名，例如 estimate。
   */
  name: string;
  /**
   * radio 单选，checkbox 多选，text 文字（500 字以内）。
   */
  kind: 'radio' | 'checkbox' | 'text';
}
