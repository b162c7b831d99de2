// Mirrors schema.json (hand-written; keep both in step).
import type { FiltersConfig } from '../filters/types';
import type { SourceConfig } from '../shared/source';

export interface RowAction {
  label: string;
  action: string;
  color?: string;
}

export interface TableColumn {
  title: string;
  field?: string;
  kind?: 'text' | 'avatar' | 'datetime' | 'action';
  /** avatar: field whose text gives the initials and alt text when the image is missing. */
  nameField?: string;
  width?: number;
  actions?: RowAction[];
}

export interface TableProps {
  source: SourceConfig;
  columns: TableColumn[];
  pageSize?: number;
  pagerCount?: number;
  filters?: FiltersConfig;
  empty?: string;
}
