// Generated from schema.json by npm run config:schema — edit the schema, not this file.

/**
 * 各种题型的答题页：答案自动保存，按服务器时钟倒计时，交卷前确认并列出未答的题。
 */
export interface TheoryExamProps {
  /**
   * 默认 交卷确认。
   */
  confirmTitle?: string;
  /**
   * 默认 请确认试卷已全部完成，交卷后不能再修改答案。
   */
  confirmText?: string;
  /**
   * 默认 已取消。
   */
  cancelled?: string;
  /**
   * 默认 提交成功。
   */
  submitted?: string;
  /**
   * 交卷后的去向，会附上 ?testid=…。默认 /ucenter/answerlist。
   */
  reviewPath?: string;
  /**
   * “返回列表”的去向。默认 /ucenter/theorylist。
   */
  listPath?: string;
}
