// Generated from figures.schema.json by npm run config:schema — edit the schema, not this file.

/**
 * number (default) and text: the value as it is; duration: seconds as x小时y分z秒; rank: a position from 1 (0 or none shows `empty`).
 */
export type StatsFormat = 'number' | 'duration' | 'rank' | 'text';
/**
 * Figures side by side, left to right: each shows one value of the reply's data, big, with its label under it.
 *
 * @minItems 1
 */
export type StatsFigures = StatsFigure[];

export interface StatsFigure {
  /**
   * Text under the value, e.g. 有效实训次数.
   */
  label: string;
  /**
   * Dotted path of the value in the reply's data, e.g. times or class.sort.
   */
  field: string;
  format?: StatsFormat;
  /**
   * Text after the value, e.g. 分.
   */
  suffix?: string;
  /**
   * Shown when there is no value. Default 0 for number, 0秒 for duration, — for rank and text.
   */
  empty?: string;
  /**
   * Mantine colour of the value, e.g. cyan.
   */
  color?: string;
}
