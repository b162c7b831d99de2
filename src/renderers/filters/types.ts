// Mirrors schema.json (hand-written; keep both in step).
import type { SourceConfig } from '../shared/source';

export interface KeywordFilterConfig {
  param: string;
  placeholder?: string;
}

export interface CategoryShortcut {
  label: string;
  ids: string;
}

export interface CategoryFilterConfig {
  source: Pick<SourceConfig, 'endpoint' | 'params' | 'items'>;
  param: string;
  directionLabel?: string;
  typeLabel?: string;
  allLabel?: string;
  shortcuts?: CategoryShortcut[];
}

export interface ChoiceOption {
  label: string;
  /** Absent = "all": the parameter is not sent. */
  value?: string | number;
}

export interface ChoiceFilterConfig {
  param: string;
  label: string;
  options: ChoiceOption[];
}

export interface FiltersConfig {
  keyword?: KeywordFilterConfig;
  choices?: ChoiceFilterConfig[];
  categories?: CategoryFilterConfig;
}

/** A node of the category tree reply (spec: value, label, count, children; link null = not open yet). */
export interface CategoryNode {
  value: number | string;
  label: string;
  count?: number;
  link?: string | null;
  children?: CategoryNode[];
}
