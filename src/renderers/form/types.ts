// Mirrors schema.json (hand-written; keep both in step).
import type { RJSFSchema, UiSchema } from '@rjsf/utils';
import type { FieldMessages } from './messages';

export interface FormSubmit {
  endpoint: string;
  params?: Record<string, string | number | boolean>;
  label?: string;
  successMessage?: string;
  then?: string;
  /** End the session and go to the login page after success (password change). */
  signOut?: boolean;
}

/** Two fields that must be equal (new password and its repeat), with the message shown under `field`. */
export interface SameAsRule {
  field: string;
  as: string;
  message: string;
}

export interface FormProps {
  schema: RJSFSchema;
  uiSchema?: UiSchema;
  messages?: FieldMessages;
  submit: FormSubmit;
  sameAs?: SameAsRule[];
}
