// Generated from schema.json by npm run config:schema — edit the schema, not this file.

/**
 * 考试须知（开始考试后才计时）和答题页：答案自动保存，按服务器时钟倒计时，交卷前确认并列出未答的题。
 */
export interface TheoryExamProps {
  /**
   * 开始考试前显示的须知标题。默认 考试须知。
   */
  noticeTitle?: string;
  /**
   * 开始考试前逐条显示。可用占位符：{duration} 考试时长（如 30 分钟；不限时为 不限时长），{start} 开始时间，{end} 截止时间，{count} 题数，{score} 总分。不写时使用内置的须知。
   */
  noticeRules?: string[];
  /**
   * 默认 开始考试。
   */
  startLabel?: string;
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
   * 考试中点击页头等站内链接时的确认文字。默认 考试仍在计时，离开后计时不会停止，已作答的内容会保留。确定离开本页吗？
   */
  leaveText?: string;
  /**
   * 交卷后的去向，会附上 ?testid=…。默认 /ucenter/answerlist。
   */
  reviewPath?: string;
  /**
   * “返回列表”的去向。默认 /ucenter/theorylist。
   */
  listPath?: string;
}
