// Mirrors schema.json (hand-written; keep both in step).
import type { FiltersConfig } from '../filters/types';
import type { LinkRule } from '../shared/links';
import type { SourceConfig } from '../shared/source';

export type MetaFormat = 'text' | 'date' | 'datetime' | 'count';

export interface CardMeta {
  field: string;
  format?: MetaFormat;
  icon?: 'clock' | 'users';
  suffix?: string;
  label?: string;
}

export interface CardLayout {
  image?: string;
  title: string;
  meta?: CardMeta[];
  stars?: number;
  links?: LinkRule[];
}

export interface CardsProps {
  source: SourceConfig;
  heading?: string;
  pageSize?: number;
  pagerCount?: number;
  filters?: FiltersConfig;
  card: CardLayout;
  empty?: string;
}
