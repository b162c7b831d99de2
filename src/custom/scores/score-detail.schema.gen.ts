// Generated from score-detail.schema.json by npm run config:schema — edit the schema, not this file.

/**
 * 一条成绩记录：数字、着色的成绩、明细表或图片、步骤得分图、导出 PDF。
 */
export interface ScoreDetailProps {
  /**
   * 对 query 的模板，例如 ${query.id}。
   */
  id: string;
  /**
   * 考试版本的标题，对 query 的模板（结果为空则不显示），例如 ${query.title}。
   */
  title?: string;
  /**
   * 这些实训（learn_id）的明细是图片路径列表（规格：13 和 33）。
   */
  imageDetailLearnIds: number[];
  /**
   * 这些实训（learn_id）显示首模块用时（规格：141）。
   */
  firstModuleLearnIds: number[];
  /**
   * 第一条 min 达到的规则给出颜色（不写 min 的规则总是匹配），例如 [{min: 90, color: cyan}, {min: 60, color: blue}, {color: red}]。
   */
  colors: {
    min?: number;
    /**
     * Mantine 颜色名或 CSS 颜色，例如 red。
     */
    color: string;
  }[];
  /**
   * 步骤得分图读取明细表的哪些列（明细表有这些列时才显示）。不写则不显示图。
   */
  chart?: {
    /**
     * 明细表中作为条目名称的列，例如 考核项目。
     */
    label: string;
    /**
     * 明细表中的得分列，例如 得分。
     */
    value: string;
    /**
     * 明细表中的满分列，例如 满分。
     */
    max?: string;
  };
  /**
   * 页面和 PDF 中的文字。
   */
  labels: {
    trainedAt: string;
    timeUsed: string;
    module: string;
    score: string;
    evaluate: string;
    mistake: string;
    firstModuleTime: string;
    detail: string;
    chart: string;
    /**
     * 记录不存在或没有明细时显示。
     */
    empty: string;
    /**
     * 成绩记录没有加载成功时显示（下方是原因和“重新加载”按钮），例如 成绩明细加载失败。
     */
    failed?: string;
  };
  /**
   * 记录可评价（evalue 为 1）时显示。
   */
  evaluate: {
    label: string;
    /**
     * 模板中可用 item（成绩记录）和 query，例如 /ucenter/evaluate?id=${item.learn_id}。
     */
    path: string;
  };
  back: {
    label: string;
    path: string;
  };
  pdf: {
    label: string;
    /**
     * 例如 实训成绩单。
     */
    title: string;
    /**
     * 模板中可用 item 和 query，例如 成绩详情-${item.id}.pdf。
     */
    fileName: string;
    /**
     * 保留项，目前组件不读取（生成时按钮显示加载状态）。
     */
    busy?: string;
    /**
     * 标题下一行列出的学生信息；value 为模板，可用 user（当前学生：realname、student_no、username、class_name、school_name 等）和 school。
     */
    owner?: PdfOwnerField[];
    /**
     * 例如 导出日期；为空则不显示导出日期。
     */
    exportedAt?: string;
  };
}
export interface PdfOwnerField {
  label: string;
  value: string;
}
