import { Box, Button, Group, PasswordInput, Stack, TextInput } from '@mantine/core';
import { useMemo, useState, type ReactNode } from 'react';
import type { FieldMessages } from './messages';
import { validatePlain, type PlainField } from './plainFields';

/** What PlainForm hands a widget of the caller's map: the subset of rjsf's WidgetProps the login widgets read. */
export interface PlainWidgetProps {
  id: string;
  value: unknown;
  placeholder?: string;
  required?: boolean;
  disabled?: boolean;
  rawErrors?: string[];
  onChange: (value: unknown) => void;
  onBlur: (id: string, value: unknown) => void;
}

export interface PlainFormProps {
  fields: PlainField[];
  messages?: FieldMessages;
  widgets?: Record<string, (props: PlainWidgetProps) => ReactNode>;
  formData?: Record<string, unknown>;
  onSubmit: (data: Record<string, unknown>) => void | Promise<void>;
  onChange?: (data: Record<string, unknown>) => void;
  submitLabel?: string;
  fullWidthSubmit?: boolean;
  id?: string;
}

/**
 * A plain form (plainFields.ts) drawn as SchemaForm draws it — same markup classes, ids (`root_<field>`), spacing and
 * Chinese messages — without rjsf. Validation runs on submit and then on every change, as in SchemaForm.
 */
export function PlainForm({ fields, messages, widgets = {}, formData, onSubmit, onChange, submitLabel = '提交', fullWidthSubmit, id }: PlainFormProps) {
  const [data, setData] = useState<Record<string, unknown>>(formData ?? {});
  const [attempted, setAttempted] = useState(false);
  const [busy, setBusy] = useState(false);
  const errors = useMemo(() => (attempted ? validatePlain(fields, data, messages) : {}), [attempted, fields, data, messages]);

  const set = (name: string, value: unknown) => {
    const next = { ...data, [name]: value === '' ? undefined : value };
    setData(next);
    onChange?.(next);
  };

  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    setAttempted(true);
    if (Object.keys(validatePlain(fields, data, messages)).length) return;
    setBusy(true);
    try {
      await onSubmit(data);
    } catch {
      // The caller (or the api client) has already told the user; the form just becomes usable again.
    } finally {
      setBusy(false);
    }
  };

  const input = (field: PlainField) => {
    const fieldId = `root_${field.name}`;
    const value = data[field.name];
    const error = errors[field.name];
    const Widget = field.widget ? widgets[field.widget] : undefined;
    if (Widget) {
      return <Widget id={fieldId} value={value} placeholder={field.placeholder} required={field.required} disabled={busy} rawErrors={error ? [error] : undefined} onChange={(v) => set(field.name, v)} onBlur={() => {}} />;
    }
    const common = {
      id: fieldId,
      name: fieldId,
      label: field.label ? field.title : undefined,
      required: field.required,
      placeholder: field.placeholder,
      autoComplete: field.autoComplete,
      disabled: busy,
      error,
      value: typeof value === 'string' ? value : '',
      onChange: (e: React.ChangeEvent<HTMLInputElement>) => set(field.name, e.currentTarget.value),
    };
    return field.widget === 'password' ? <PasswordInput {...common} /> : <TextInput type="text" {...common} />;
  };

  return (
    <form className="rjsf" id={id} noValidate onSubmit={(e) => void submit(e)}>
      <Stack gap="md" mb="sm">
        {fields.map((field) => (
          <Box key={field.name} className={`rjsf-field rjsf-field-string${errors[field.name] ? ' rjsf-field-error' : ''}`}>{input(field)}</Box>
        ))}
      </Stack>
      <Group mt="md" justify={fullWidthSubmit ? 'stretch' : 'flex-start'} gap="sm">
        <Button type="submit" loading={busy} fullWidth={fullWidthSubmit}>{submitLabel}</Button>
      </Group>
    </form>
  );
}
