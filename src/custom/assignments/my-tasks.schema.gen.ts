// Generated from my-tasks.schema.json by npm run config:schema — edit the schema, not this file.

/**
 * 班级任务和考核，每类分“已完成 / 未完成”两块分页显示，可按完成时间或成绩排序。
 */
export interface MyTasksProps {
  /**
   * 已完成、未完成每块每页的条数。默认 3。
   */
  pageSize?: number;
  /**
   * 依次显示的分区，每种 kind 只写一次。
   *
   * @minItems 1
   * @maxItems 2
   */
  sections: {
    /**
     * task 实训任务，test 实训考核。
     */
    kind: 'task' | 'test';
    /**
     * 例如 实训任务。
     */
    title: string;
  }[];
  /**
   * 标题和“去完成”的去向，会附上 ?item=<任务 JSON>，例如 /ucenter/taskdetails。
   */
  detailPath: string;
  /**
   * “查看成绩”的去向，会附上 ?task_id=…&type=…，例如 /ucenter/examarrangement。
   */
  scorePath: string;
}
