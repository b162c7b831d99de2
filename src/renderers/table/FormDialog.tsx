import { Button, Center, Loader, Modal } from '@mantine/core';
import type { ErrorSchema, RJSFSchema } from '@rjsf/utils';
import { useEffect, useMemo, useState } from 'react';
import { serverErrorsToErrorSchema } from '../form/messages';
import { SchemaForm } from '../form/SchemaForm';
import { useRemoteOptions } from '../form/useRemoteOptions';
import { api, notify } from '../shared/engine';
import { readPath, resolveParams } from '../data/request';
import { useCall } from '../data/useCall';
import { useTemplateScope } from '../data/useTemplateScope';
import type { DialogForm } from './dialog-form.schema.gen';

type Values = Record<string, unknown>;

function fieldErrors(reason: unknown): Record<string, string[]> | undefined {
  const errors = reason && typeof reason === 'object' ? (reason as { errors?: unknown }).errors : undefined;
  return errors && typeof errors === 'object' ? (errors as Record<string, string[]>) : undefined;
}

/**
 * Only the values the form's schema knows: an edit form's reply carries display fields the server would not accept.
 * Fields that appear through `dependencies` (e.g. a question's options, shown for choice questions only) count too.
 */
function pick(schema: RJSFSchema, values: Values): Values {
  const known = new Set(Object.keys(schema.properties ?? {}));
  for (const dependency of Object.values(schema.dependencies ?? {})) {
    if (Array.isArray(dependency) || typeof dependency !== 'object') continue;
    for (const branch of [dependency, ...((dependency as RJSFSchema).oneOf ?? [])]) {
      if (branch && typeof branch === 'object') for (const key of Object.keys((branch as RJSFSchema).properties ?? {})) known.add(key);
    }
  }
  return Object.fromEntries(Object.entries(values).filter(([k, v]) => known.has(k) && v !== null));
}

/**
 * A YAML form in a dialog: cancel closes it, confirm posts to `submit.endpoint`, then `onDone` (e.g. the list reloads).
 * With `load` (an edit form) it first reads the starting values; `item` is the row it was opened on (for templates).
 */
export function FormDialog({ form, opened, onClose, onDone, item }: { form: DialogForm; opened: boolean; onClose: () => void; onDone: () => void; item?: Values }) {
  const base = useTemplateScope();
  const scope = useMemo(() => (item ? { ...base, item } : base), [base, item]);
  const { schema, uiSchema, loading: choicesLoading } = useRemoteOptions(form.schema, form.uiSchema, form.options, scope, opened);
  const [serverErrors, setServerErrors] = useState<ErrorSchema | undefined>();
  const startValues = () => (form.values ? resolveParams(form.values, scope) : {});
  const [initial, setInitial] = useState<Values | undefined>(form.load ? undefined : startValues);
  // A new key per opening gives a fresh form each time.
  const [round, setRound] = useState(0);
  // What the teacher has typed, held here: rjsf starts again from `formData` whenever its schema changes (choices that
  // arrive late, a configuration reload), which would otherwise wipe a half-filled form.
  const [draft, setDraft] = useState<Values | undefined>();

  const close = () => {
    setServerErrors(undefined);
    setDraft(undefined);
    setRound((n) => n + 1);
    setInitial(form.load ? undefined : startValues());
    onClose();
  };

  // Starting values from the page as it is when the dialog opens (a kept-alive screen may have mounted at another address).
  useEffect(() => {
    if (opened && !form.load) setInitial(startValues());
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [opened]);

  // An edit form starts from what the server holds when the dialog opens, never from a cached copy.
  const loaded = useCall<unknown>(form.load?.endpoint, form.load && opened ? resolveParams(form.load.params, scope) : null, { fresh: true });
  const answered = opened && !loaded.isFetching && (loaded.isSuccess || loaded.isError);
  useEffect(() => {
    if (!answered || !form.load || initial !== undefined) return;
    if (loaded.isError) onClose(); // the api client has said why; nothing to edit
    // `values` replace loaded ones (a copy starts from the original with its own title and as a draft).
    else setInitial({ ...pick(form.schema, (readPath(loaded.data, form.load.item) ?? {}) as Values), ...(form.values ? resolveParams(form.values, scope) : {}) });
  }, [answered, form.load, form.schema, form.values, scope, initial, loaded.isError, loaded.data, onClose]);

  // The dialog is portalled to the body, so a kept-alive screen that gets hidden would leave it showing: any
  // navigation closes it.
  useEffect(() => {
    if (!opened) return;
    window.addEventListener('hashchange', close);
    return () => window.removeEventListener('hashchange', close);
  });

  const send = async (data: Values) => {
    setServerErrors(undefined);
    let message: string;
    try {
      message = (await api.callWithMessage(form.submit.endpoint, { ...resolveParams(form.submit.params, scope), ...data })).message;
    } catch (reason) {
      setServerErrors(serverErrorsToErrorSchema(fieldErrors(reason)));
      return;
    }
    // Without a message of its own the form shows the server's (e.g. 保存成功，共 5 道题), unless that is the bare default.
    const said = form.submit.successMessage ?? (message && message !== 'success' ? message : '');
    if (said) notify.success(said);
    close();
    onDone();
  };

  return (
    <Modal opened={opened} onClose={close} title={form.title} size={`${form.width ?? 560}px`} centered>
      {initial === undefined ? (
        <Center py="xl"><Loader size="sm" /></Center>
      ) : (
        <SchemaForm
          key={round}
          schema={schema}
          uiSchema={uiSchema}
          messages={form.messages}
          formData={draft ?? initial}
          onChange={setDraft}
          extraErrors={serverErrors}
          waiting={choicesLoading}
          submitLabel={form.submit.label ?? '确定'}
          onSubmit={send}
          footer={<Button variant="default" onClick={close}>{form.submit.cancelLabel ?? '取消'}</Button>}
        />
      )}
    </Modal>
  );
}
