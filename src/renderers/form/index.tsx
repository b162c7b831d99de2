import { Paper } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import type { ErrorSchema } from '@rjsf/utils';
import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import type { RendererProps } from '../../engine/registry';
import { api, session, shellSettings, useSiteConfig } from '../shared/engine';
import { resolveParams, resolveValue } from '../shared/request';
import { useTemplateScope } from '../shared/useTemplateScope';
import { serverErrorsToErrorSchema } from './messages';
import { SchemaForm } from './SchemaForm';
import type { FormProps } from './schema.gen';

/** The field errors a rejected call may carry (a 422 reply's `errors`). */
function fieldErrors(reason: unknown): Record<string, string[]> | undefined {
  if (reason && typeof reason === 'object' && 'errors' in reason) {
    const errors = (reason as { errors?: unknown }).errors;
    if (errors && typeof errors === 'object') return errors as Record<string, string[]>;
  }
  return undefined;
}

/** `type: form` — a YAML JSON-Schema form that posts to an endpoint, then says so and moves on. */
export default function FormRenderer({ props }: RendererProps<FormProps>) {
  const navigate = useNavigate();
  const scope = useTemplateScope();
  const config = useSiteConfig();
  const [serverErrors, setServerErrors] = useState<ErrorSchema | undefined>();
  const { submit } = props;

  const send = async (data: Record<string, unknown>) => {
    setServerErrors(undefined);
    const unequal = props.sameAs?.find((rule) => data[rule.field] !== data[rule.as]);
    if (unequal) {
      setServerErrors({ [unequal.field]: { __errors: [unequal.message] } } as unknown as ErrorSchema);
      return;
    }
    try {
      await api.call(submit.endpoint, { ...resolveParams(submit.params, scope), ...data });
    } catch (reason) {
      setServerErrors(serverErrorsToErrorSchema(fieldErrors(reason)));
      return;
    }
    if (submit.successMessage) notifications.show({ color: 'green', message: submit.successMessage });
    if (submit.signOut) {
      // e.g. after a password change the server has ended every session: forget it here and log in again.
      session.clear();
      navigate(shellSettings(config!).loginPath, { replace: true });
      return;
    }
    if (submit.then) navigate(String(resolveValue(submit.then, scope)));
  };

  return (
    <Paper withBorder radius="md" p="xl" maw={560}>
      <SchemaForm
        schema={props.schema}
        uiSchema={props.uiSchema}
        messages={props.messages}
        extraErrors={serverErrors}
        submitLabel={submit.label ?? '提交'}
        onSubmit={send}
      />
    </Paper>
  );
}
