// Generated from schema.json by npm run config:schema — edit the schema, not this file.
import type { SourceConfig } from '../../renderers/data/source.schema.gen';
import type { LinkRules } from '../../renderers/links/link.schema.gen';

/**
 * The student's last courses (from their score records and launches) with the latest score and a 继续学习 button. Drawn inside another screen (the practice list's `above`) it is left out while there is nothing to show; as a page of its own it says `empty`.
 */
export interface RecentStudyProps {
  /**
   * Title of the block. Default 最近学习.
   */
  heading?: string;
  source: SourceConfig;
  links: LinkRules;
  /**
   * Text of each course's button. Default 继续学习.
   */
  action?: string;
  more?: RecentStudyMore;
  /**
   * Colour of the latest score by threshold, first rule reached wins, e.g. [{min: 90, color: cyan}, {min: 60, color: blue}, {color: red}].
   */
  scoreColors?: ScoreColor[];
  /**
   * Shown on the page of its own when the student has studied nothing yet. Default 还没有学习记录，去实训项目开始学习吧.
   */
  empty?: string;
}
/**
 * A link at the right of the heading, e.g. to all scores.
 */
export interface RecentStudyMore {
  /**
   * Link text, e.g. 全部成绩.
   */
  label: string;
  /**
   * Route it opens, e.g. /ucenter/practices.
   */
  path: string;
}
export interface ScoreColor {
  /**
   * Lowest score of the rule; leave out for the last rule.
   */
  min?: number;
  /**
   * A Mantine colour name, e.g. cyan.
   */
  color: string;
}
