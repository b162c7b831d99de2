// Generated from assignment-detail.schema.json by npm run config:schema — edit the schema, not this file.

/**
 * 由查询参数 id 指定的作业或考试：内容、时间、附件、作业流程，考试有题目时可在页内答题。
 */
export interface AssignmentDetailProps {
  labels?: {
    /**
     * 作业的类型标签（及加载中的标题）。默认 作业详情。
     */
    homework?: string;
    /**
     * 考试的类型标签（及加载中的标题）。默认 考试详情。
     */
    exam?: string;
    /**
     * 地址里没有 id 时显示的提示（附 返回）。默认 未找到该作业。
     */
    notFound?: string;
  };
  rules?: Rules;
  messages?: Messages;
}
/**
 * 上传与提交的限制和接口，未写的用默认值。
 */
export interface Rules {
  /**
   * 本页一次最多上传的图片张数。默认 2。
   */
  maxImages?: number;
  /**
   * 达到此大小的文件被拒绝（提示 messages.tooBig）。默认 2097152（2MB）。
   */
  maxBytes?: number;
  /**
   * config/endpoints.yaml 中上传文件的调用名。默认 common/upload_file。
   */
  uploadEndpoint?: string;
  /**
   * config/endpoints.yaml 中提交作业的调用名。默认 assign/insertmark。
   */
  submitEndpoint?: string;
}
/**
 * 作业流程（上传 → 附件 → 提交）中的提示语，未写的用默认值。
 */
export interface Messages {
  /**
   * 提交前未上传图片时的提示。默认 请先上传图片！
   */
  noImage?: string;
  /**
   * 素描类提交前未上传图片时的提示。默认 请上传素描图片！
   */
  noSketch?: string;
  /**
   * 需要附件的作业未上传附件时的提示。默认 请先上传附件！
   */
  noAnnex?: string;
  /**
   * 文档类作业未上传 docx（或已传满 1 个）时的提示。默认 还未上传文件！
   */
  noDocx?: string;
  /**
   * 图片超过上限时的提示，{n} 换成上限张数。默认 最多只能上传{n}张图片！
   */
  tooManyImages?: string;
  /**
   * 选择 BMP 图片时的提示。默认 上传图片不能是BMP格式!
   */
  bmp?: string;
  /**
   * 文件达到 rules.maxBytes 时的提示。默认 上传头像图片大小不能超过 2MB!
   */
  tooBig?: string;
  /**
   * 图片不是 jpg/jpeg/png 时的提示。默认 只能上传 jpg、jpeg、png 格式的图片！
   */
  wrongType?: string;
  /**
   * 文档不是 docx 时的提示。默认 只能上传 docx 格式的文档！
   */
  notDocx?: string;
  /**
   * 作业已结束时点开始/提交的提示。默认 不在做作业时间范围內！
   */
  homeworkWindow?: string;
  /**
   * 考试不在进行中时点开始/提交的提示。默认 不在考试时间范围內！
   */
  examWindow?: string;
  /**
   * 在线答题倒计时到零、自动交卷时的提示。默认 考试时间到！
   */
  timeUp?: string;
  /**
   * 提交前确认框的文字。默认 确认提交吗？提交后不能修改。
   */
  confirmSubmit?: string;
  /**
   * 在确认框取消时的提示。默认 已取消提交
   */
  cancelled?: string;
  /**
   * 文件仍在上传时提交或离开页面的提示。默认 文件正在上传，请等待上传完成
   */
  uploading?: string;
}
