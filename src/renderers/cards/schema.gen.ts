// Generated from schema.json by npm run config:schema — edit the schema, not this file.
import type { SourceConfig } from '../data/source.schema.gen';
import type { FiltersConfig } from '../filters/schema.gen';
import type { LinkRules } from '../links/link.schema.gen';

/**
 * date/datetime format a timestamp; count shows 10000 and more as first digit + 万+. Default text.
 */
export type MetaFormat = 'text' | 'date' | 'datetime' | 'count';

/**
 * A server-paged grid of cards (cover image, title, meta line, the course's rating) with a filter bar and a pager, and other screens drawn above it (`above`). Used by the practice list and /course.
 */
export interface CardsProps {
  source: SourceConfig;
  /**
   * Title above the grid; may use ${...} templates, e.g. ${query.practice}.
   */
  heading?: string;
  /**
   * Ids of other screens drawn above the filter bar, e.g. [recent-study] (最近学习 on the practice list). A screen the site does not have is left out.
   */
  above?: string[];
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
  rating?: CardRating;
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
/**
 * The course's rating as a 5-star row with its average and count (4.6 · 32人评价); nothing is shown while the count is 0 or the value empty.
 */
export interface CardRating {
  /**
   * Field holding the average stars (1–5, decimals allowed), e.g. rating.
   */
  field: string;
  /**
   * Field holding how many rated it, e.g. rating_count.
   */
  count?: string;
  /**
   * Text after the count. Default 人评价.
   */
  countSuffix?: string;
}
