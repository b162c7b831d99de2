// Mirrors schema.json (hand-written; keep both in step).
import type { LinkRule } from '../shared/links';
import type { SourceConfig } from '../shared/source';

export interface ListProps {
  source: SourceConfig;
  /** Rows asked for in one request (the spec's course list uses 9999). */
  fetchSize?: number;
  /** Row height in CSS pixels; rows are virtualised, so only the visible ones are in the page. */
  rowHeight?: number;
  image?: string;
  title: string;
  meta?: { field: string; format?: 'date' | 'count' | 'text'; suffix?: string; label?: string }[];
  links?: LinkRule[];
  /** Client-side filter over the loaded rows by the title field. */
  search?: { placeholder?: string };
  empty?: string;
}
