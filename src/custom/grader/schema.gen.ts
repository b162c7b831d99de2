// Generated from schema.json by npm run config:schema — edit the schema, not this file.

/**
 * 按查询参数 id（作业ID）逐份批阅学生提交：左侧名单，右侧作品、分数和评语；键盘操作，保存在后台进行。
 */
export interface GraderProps {
  /**
   * 批阅使用的接口（config/endpoints.yaml 中的名称）。
   */
  endpoints: {
    /**
     * 例如 staff/submissions（参数 assignment_id、state）。
     */
    submissions: string;
    /**
     * 例如 staff/submission（参数 id）。
     */
    submission: string;
    /**
     * 例如 staff/grade（id、score、comment）。
     */
    grade: string;
    /**
     * 例如 staff/comments；不写则不显示常用评语。
     */
    comments?: string;
    /**
     * 例如 staff/return（id、comment）；不写则没有“退回重做”按钮。
     */
    return?: string;
  };
  /**
   * 默认 100。
   */
  maxScore?: number;
  /**
   * 例如 /teacher/assignments。
   */
  back?: string;
}
