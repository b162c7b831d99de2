import { Alert, Center, Paper, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import type { ErrorSchema } from '@rjsf/utils';
import { useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router-dom';
import type { RendererProps } from '../shared/engine';
import { afterLoginPath, api, entryPoints, invalidateEndpoints, loadProfile, reloadSiteConfig, session, shellSettings, useSiteConfig } from '../shared/engine';
import { resolveParams, resolveValue } from '../data/request';
import { useTemplateScope } from '../data/useTemplateScope';
import { serverErrorsToErrorSchema } from './messages';
import { SchemaForm } from './SchemaForm';
import { useRemoteOptions } from './useRemoteOptions';
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
export default function FormRenderer({ props, screen }: RendererProps<FormProps>) {
  const navigate = useNavigate();
  const [search] = useSearchParams();
  const scope = useTemplateScope();
  const config = useSiteConfig();
  const [serverErrors, setServerErrors] = useState<ErrorSchema | undefined>();
  const { submit } = props;
  const { schema, uiSchema, loading: choicesLoading } = useRemoteOptions(props.schema, props.uiSchema, props.options, scope);
  const reason = search.get('reason');
  const notice = reason ? props.notices?.[reason] : undefined;
  // A new key after each success gives an empty form for the next entry (e.g. another notice).
  const [round, setRound] = useState(0);

  const send = async (data: Record<string, unknown>) => {
    setServerErrors(undefined);
    const unequal = props.sameAs?.find((rule) => data[rule.field] !== data[rule.as]);
    if (unequal) {
      setServerErrors({ [unequal.field]: { __errors: [unequal.message] } } as unknown as ErrorSchema);
      return;
    }
    let reply: unknown;
    try {
      reply = await api.call(submit.endpoint, { ...resolveParams(submit.params, scope), ...data });
    } catch (reason) {
      setServerErrors(serverErrorsToErrorSchema(fieldErrors(reason)));
      return;
    }
    void invalidateEndpoints(submit.invalidates);
    if (submit.successMessage) notifications.show({ color: 'green', message: submit.successMessage });
    if (submit.signOut) {
      // e.g. after a password change the server has ended every session: forget it here and log in again.
      session.clear(true);
      navigate(entryPoints(config!, screen.layout).loginPath, { replace: true });
      return;
    }
    if (submit.signIn && reply && typeof reply === 'object') {
      session.signIn(reply as Record<string, unknown>);
      await loadProfile();
      await reloadSiteConfig();
      // `then` may depend on who signed in (e.g. a platform administrator's home differs): read it with the new profile.
      const home = submit.then ? String(resolveValue(submit.then, { ...scope, user: session.user() ?? {} })) : shellSettings(config!).home;
      navigate(afterLoginPath(search.get('redirect'), screen.route, home), { replace: true });
      return;
    }
    if (submit.then) navigate(String(resolveValue(submit.then, scope)));
    else if (submit.reset) setRound((n) => n + 1);
  };

  const form = (
    <Paper withBorder radius="md" p="xl" maw={560} w={props.centered ? 420 : undefined} shadow={props.centered ? 'md' : undefined}>
      {props.heading && <Title order={3} mb="lg" ta={props.centered ? 'center' : undefined}>{props.heading}</Title>}
      {notice && <Alert color="orange" mb="lg" role="status">{notice}</Alert>}
      <SchemaForm
        key={round}
        schema={schema}
        uiSchema={uiSchema}
        messages={props.messages}
        extraErrors={serverErrors}
        waiting={choicesLoading}
        submitLabel={submit.label ?? '提交'}
        onSubmit={send}
        fullWidthSubmit={props.centered}
      />
    </Paper>
  );
  return props.centered ? <Center mih="100vh" bg="var(--mantine-color-gray-1)">{form}</Center> : form;
}

