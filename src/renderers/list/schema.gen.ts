// Generated from schema.json by npm run config:schema — edit the schema, not this file.
import type { SourceConfig } from '../data/source.schema.gen';
import type { LinkRules } from '../links/link.schema.gen';

export interface ListProps {
  source: SourceConfig;
  fetchSize?: number;
  rowHeight?: number;
  image?: string;
  title: string;
  meta?: {
    field: string;
    format?: 'date' | 'count' | 'text';
    suffix?: string;
    label?: string;
  }[];
  links?: LinkRules;
  search?: {
    placeholder?: string;
  };
  empty?: string;
}
