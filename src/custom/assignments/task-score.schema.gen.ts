// Generated from task-score.schema.json by npm run config:schema — edit the schema, not this file.

/**
 * 按查询参数 task_id、type 显示任务的成绩和教师评语。
 */
export interface TaskScoreProps {
  /**
   * 这些任务的成绩和评语是 JSON 列表（每个评分项一条），以表格显示（规格 §4：ID 大于 30 的任务，以及 22）。
   */
  listScores: {
    /**
     * 任务 ID 大于此值时按列表显示。
     */
    above: number;
    ids: number[];
  };
  /**
   * 按列表显示时表格的列标题。
   */
  labels?: {
    /**
     * 默认 评分项。
     */
    item?: string;
    /**
     * 默认 得分。
     */
    score?: string;
    /**
     * 默认 教师评语。
     */
    comment?: string;
  };
}
