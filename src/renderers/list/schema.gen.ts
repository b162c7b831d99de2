// Generated from schema.json by npm run config:schema — edit the schema, not this file.
import type { LinkRules } from '../shared/link.schema.gen';
import type { SourceConfig } from '../shared/source.schema.gen';

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
