// Mirrors schema.json (hand-written; keep both in step).
import type { RJSFSchema, UiSchema } from '@rjsf/utils';
import type { FieldMessages } from './messages';

export interface FormSubmit {
  endpoint: string;
  params?: Record<string, string | number | boolean>;
  label?: string;
  successMessage?: string;
  then?: string;
}

export interface FormProps {
  schema: RJSFSchema;
  uiSchema?: UiSchema;
  messages?: FieldMessages;
  submit: FormSubmit;
}
