// Mirrors schema.json (hand-written; keep both in step).
import type { RJSFSchema, UiSchema } from '@rjsf/utils';
import type { FiltersConfig } from '../filters/types';
import type { FieldMessages } from '../form/messages';
import type { OptionSource } from '../form/useRemoteOptions';
import type { SourceConfig } from '../shared/source';

export interface RowAction {
  label: string;
  action: string;
  color?: string;
  /** Condition over item (the row) and the template scope; the button shows only when it holds. */
  when?: string;
  /** Route the button opens instead of raising app:action. */
  link?: { path: string; query?: Record<string, string | number | boolean> };
}

export interface TableColumn {
  title: string;
  field?: string;
  kind?: 'text' | 'avatar' | 'datetime' | 'tag' | 'action';
  /** avatar: field whose text gives the initials and alt text when the image is missing. */
  nameField?: string;
  /** text: `${...}` template over item and the scope, shown instead of the field. */
  template?: string;
  /** tag: field value -> label and colour. */
  tags?: Record<string, { label: string; color?: string }>;
  width?: number;
  actions?: RowAction[];
  /** text: duration = seconds as x小时y分z秒, date = YYYY-MM-DD. */
  format?: 'duration' | 'date';
  /** text: colour by thresholds, first rule whose `min` the value reaches (no min = always). */
  colors?: { min?: number; color: string }[];
}

/** A form in a dialog, opened by a toolbar button; it posts to an endpoint and the list reloads on success. */
export interface DialogForm {
  title: string;
  /** Dialog width in pixels. Default 560. */
  width?: number;
  schema: RJSFSchema;
  uiSchema?: UiSchema;
  messages?: FieldMessages;
  /** Select fields whose choices come from a call: field name -> source. */
  options?: Record<string, OptionSource>;
  submit: { endpoint: string; params?: Record<string, string | number | boolean>; label?: string; cancelLabel?: string; successMessage?: string };
}

export interface ToolbarButton {
  label: string;
  color?: string;
  form: DialogForm;
}

/** Background colour of each row: `expression` over item, index and the scope names a key of `colors`. */
export interface RowTone {
  expression: string;
  colors: Record<string, string>;
}

export interface TableProps {
  /** Buttons above the table (e.g. 添加 opening a form dialog). */
  toolbar?: ToolbarButton[];
  rowTone?: RowTone;
  source: SourceConfig;
  columns: TableColumn[];
  pageSize?: number;
  pagerCount?: number;
  filters?: FiltersConfig;
  empty?: string;
}
