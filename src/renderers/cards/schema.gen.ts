// Generated from schema.json by npm run config:schema — edit the schema, not this file.
import type { SourceConfig } from '../data/source.schema.gen';
import type { FiltersConfig } from '../filters/schema.gen';
import type { LinkRules } from '../links/link.schema.gen';

/**
 * date/datetime format a timestamp; count shows 10000 and more as first digit + 万+. Default text.
 */
export type MetaFormat = 'text' | 'date' | 'datetime' | 'count';

/**
 * A server-paged grid of cards (image, title, meta line, star row) with a filter bar and a pager. Used by the practice list.
 */
export interface CardsProps {
  source: SourceConfig;
  /**
   * Title above the grid; may use ${...} templates, e.g. ${query.practice}.
   */
  heading?: string;
  /**
   * Cards per page (sent as the source's page size parameter). Default 8.
   */
  pageSize?: number;
  /**
   * Most page buttons shown at once. Default 11.
   */
  pagerCount?: number;
  filters?: FiltersConfig;
  /**
   * Text shown when there is nothing to show. Default 暂无数据.
   */
  empty?: string;
  card: CardLayout;
}
/**
 * Which fields of a row fill which part of a card.
 */
export interface CardLayout {
  /**
   * Field holding the image URL, e.g. thum.
   */
  image?: string;
  /**
   * Field holding the card title, e.g. name.
   */
  title: string;
  /**
   * Small facts under the title, left to right.
   */
  meta?: CardMeta[];
  /**
   * Filled stars in the 5-star row; 0 hides the row. Default 5.
   */
  stars?: number;
  links?: LinkRules;
}
export interface CardMeta {
  /**
   * Field of the row, e.g. change_time or user_count.
   */
  field: string;
  format?: MetaFormat;
  /**
   * Small icon before the value.
   */
  icon?: 'clock' | 'users';
  /**
   * Text after the value, e.g. 人学习.
   */
  suffix?: string;
  /**
   * Tooltip text describing the value, e.g. 更新时间.
   */
  label?: string;
}
