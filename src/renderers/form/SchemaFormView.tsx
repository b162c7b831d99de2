import { Button, Group } from '@mantine/core';
import type { ErrorSchema, RJSFSchema, UiSchema } from '@rjsf/utils';
import { useMemo, useState, type ReactNode } from 'react';
import { makeTransformErrors, type FieldMessages } from './messages';
import { ThemedForm } from './theme';
import { translateString } from './zh';
import { validator } from './validator';

const NO_CONST_DEFAULTS = { constAsDefaults: 'never' } as const;

export interface SchemaFormProps<T = Record<string, unknown>> {
  schema: RJSFSchema;
  uiSchema?: UiSchema;
  /** Chinese validation messages per field and keyword, from YAML. */
  messages?: FieldMessages;
  formData?: Partial<T>;
  /** Called with valid data only; may return a promise while the submit button shows it is busy. */
  onSubmit: (data: T) => void | Promise<void>;
  onChange?: (data: Partial<T>) => void;
  submitLabel?: string;
  /** Errors from the server (e.g. a 422 reply) shown under their fields. */
  extraErrors?: ErrorSchema;
  disabled?: boolean;
  /** The submit button waits (disabled, the fields stay usable): e.g. while a select's choices are loading. */
  waiting?: boolean;
  /** Extra content next to the submit button (links, secondary buttons). */
  footer?: ReactNode;
  /** Stretch the submit button to the form's width (login-style forms). */
  fullWidthSubmit?: boolean;
  id?: string;
}

/**
 * A JSON-Schema form in the Mantine theme with Chinese validation messages.
 * Validation runs on submit and then live on every change, so a corrected field clears its message at once.
 */
export default function SchemaFormView<T = Record<string, unknown>>(props: SchemaFormProps<T>) {
  const { schema, uiSchema, messages, formData, onSubmit, onChange, submitLabel = '提交', extraErrors, disabled, waiting, footer, fullWidthSubmit, id } = props;
  const [attempted, setAttempted] = useState(false);
  const [busy, setBusy] = useState(false);
  const transformErrors = useMemo(() => makeTransformErrors(messages), [messages]);
  // What the user has entered so far. rjsf starts again from `formData` whenever its props change, e.g. when a select's
  // choices arrive from the server after the user began typing: handing it the entered data keeps what was typed.
  // New starting values from the caller (another record to edit) replace it.
  const [entered, setEntered] = useState(formData);
  const [given, setGiven] = useState(formData);
  if (formData !== given) {
    setGiven(formData);
    setEntered(formData);
  }

  const submit = async (data: T) => {
    setBusy(true);
    try {
      await onSubmit(data);
    } catch {
      // The caller (or the api client) has already told the user; the form just becomes usable again.
    } finally {
      setBusy(false);
    }
  };

  return (
    <ThemedForm
      id={id}
      schema={schema}
      uiSchema={uiSchema}
      formData={entered}
      validator={validator}
      transformErrors={transformErrors}
      translateString={translateString}
      extraErrors={extraErrors}
      noHtml5Validate
      // A choice list (oneOf of consts) starts empty: rjsf would otherwise pick its first option for the user.
      experimental_defaultFormStateBehavior={NO_CONST_DEFAULTS}
      showErrorList={false}
      liveValidate={attempted ? 'onChange' : undefined}
      disabled={disabled || busy}
      onChange={(e) => {
        setEntered(e.formData as Partial<T>);
        onChange?.(e.formData as Partial<T>);
      }}
      onError={() => setAttempted(true)}
      onSubmit={(e) => {
        setAttempted(true);
        void submit(e.formData as T);
      }}
    >
      <Group mt="md" justify={fullWidthSubmit ? 'stretch' : 'flex-start'} gap="sm">
        <Button type="submit" loading={busy} disabled={disabled || waiting} fullWidth={fullWidthSubmit}>
          {submitLabel}
        </Button>
        {footer}
      </Group>
    </ThemedForm>
  );
}
