// Generated from score-overview.schema.json by npm run config:schema — edit the schema, not this file.
import type { StatsFigures } from '../../renderers/stats/figures.schema.gen';
import type { TableProps } from '../../renderers/table/schema.gen';

/**
 * 学生的数字、排名和各档次占比，下方是成绩记录表（同一次请求供两者使用）。
 */
export interface ScoreOverviewProps {
  figures: StatsFigures;
  /**
   * 依次显示 dabiao 中各档次占有效实训次数的百分比：height ≥ 90，middle 60-89.9，low < 60。
   */
  bands: {
    key: 'height' | 'middle' | 'low';
    /**
     * 例如 优秀。
     */
    label: string;
    /**
     * Mantine 颜色名或 CSS 颜色，例如 cyan。
     */
    color: string;
  }[];
  table: TableProps;
}
