import { Button, Modal } from '@mantine/core';
import type { ErrorSchema } from '@rjsf/utils';
import { useEffect, useState } from 'react';
import { serverErrorsToErrorSchema } from '../form/messages';
import { SchemaForm } from '../form/SchemaForm';
import { useRemoteOptions } from '../form/useRemoteOptions';
import { api, notify } from '../shared/engine';
import { resolveParams } from '../shared/request';
import { useTemplateScope } from '../shared/useTemplateScope';
import type { DialogForm } from './schema.gen';

function fieldErrors(reason: unknown): Record<string, string[]> | undefined {
  const errors = reason && typeof reason === 'object' ? (reason as { errors?: unknown }).errors : undefined;
  return errors && typeof errors === 'object' ? (errors as Record<string, string[]>) : undefined;
}

/** A YAML form in a dialog: cancel closes it, confirm posts to `submit.endpoint`, then `onDone` (e.g. the list reloads). */
export function FormDialog({ form, opened, onClose, onDone }: { form: DialogForm; opened: boolean; onClose: () => void; onDone: () => void }) {
  const scope = useTemplateScope();
  const { schema, uiSchema } = useRemoteOptions(form.schema, form.uiSchema, form.options, scope, opened);
  const [serverErrors, setServerErrors] = useState<ErrorSchema | undefined>();
  // A new key per opening gives an empty form each time.
  const [round, setRound] = useState(0);

  const close = () => {
    setServerErrors(undefined);
    setRound((n) => n + 1);
    onClose();
  };

  // The dialog is portalled to the body, so a kept-alive screen that gets hidden would leave it showing: any
  // navigation closes it.
  useEffect(() => {
    if (!opened) return;
    window.addEventListener('hashchange', close);
    return () => window.removeEventListener('hashchange', close);
  });

  const send = async (data: Record<string, unknown>) => {
    setServerErrors(undefined);
    try {
      await api.call(form.submit.endpoint, { ...resolveParams(form.submit.params, scope), ...data });
    } catch (reason) {
      setServerErrors(serverErrorsToErrorSchema(fieldErrors(reason)));
      return;
    }
    if (form.submit.successMessage) notify.success(form.submit.successMessage);
    close();
    onDone();
  };

  return (
    <Modal opened={opened} onClose={close} title={form.title} size={`${form.width ?? 560}px`} centered>
      <SchemaForm
        key={round}
        schema={schema}
        uiSchema={uiSchema}
        messages={form.messages}
        extraErrors={serverErrors}
        submitLabel={form.submit.label ?? '确定'}
        onSubmit={send}
        footer={<Button variant="default" onClick={close}>{form.submit.cancelLabel ?? '取消'}</Button>}
      />
    </Modal>
  );
}
