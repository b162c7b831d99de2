import { Anchor, Group, Modal } from '@mantine/core';
import type { RJSFSchema, UiSchema } from '@rjsf/utils';
import { useMemo, useState } from 'react';
import { api, useSiteConfig } from '../../engine';
import { SchemaForm } from '../../renderers';
import { FormValuesContext } from './contexts';
import { resetBelow } from './widgets';
import type { LoginPageProps } from './login-page.schema.gen';

/**
 * Third-party login: the bind dialog (existing account) and the complete-information dialog (new account with
 * school > department > major > grade > class). The school level shows only on a multi-school site.
 */
export function ThirdPartyDialogs({ props, ticket, mode, onMode, onLogin }: {
  props: LoginPageProps;
  ticket: string;
  mode: 'bind' | 'complete' | null;
  onMode: (m: 'bind' | 'complete' | null) => void;
  onLogin: (reply: Record<string, unknown>) => Promise<void>;
}) {
  const config = useSiteConfig()!;
  const multiSchool = config.features.multiSchool === true;
  const texts = props.texts ?? {};
  const [values, setValues] = useState<Record<string, unknown>>({});
  const complete = useMemo(() => {
    const schema = structuredClone(props.forms.complete.schema) as RJSFSchema & { properties: Record<string, unknown>; required?: string[] };
    const ui: UiSchema = props.forms.complete.uiSchema ?? {};
    if (!multiSchool) {
      delete schema.properties.school_id;
      schema.required = (schema.required ?? []).filter((k) => k !== 'school_id');
    }
    return { schema, ui };
  }, [props.forms.complete, multiSchool]);
  const data = multiSchool ? values : { ...values, school_id: config.school.id };

  const send = async (form: Record<string, unknown>, bindType: 'bind' | 'complete') => {
    const reply = await api.call<Record<string, unknown>>('weBind', { ...form, ...(bindType === 'complete' && !multiSchool && { school_id: config.school.id }), user_id: ticket, bind_type: bindType, time: Date.now() });
    onMode(null);
    await onLogin(reply);
  };

  return (
    <>
      <Modal opened={mode === 'bind'} onClose={() => onMode(null)} title={texts.bindTitle ?? '绑定账号'} centered size={420}>
        <SchemaForm id="bind-form" schema={props.forms.bind.schema} uiSchema={props.forms.bind.uiSchema} messages={props.forms.bind.messages} submitLabel={props.forms.bind.submitLabel ?? '绑定'} fullWidthSubmit onSubmit={(f) => send(f, 'bind')} />
        <Group justify="center" mt="sm">
          <Anchor component="button" type="button" size="sm" onClick={() => onMode('complete')}>{texts.toComplete ?? '没有账号？完善信息'}</Anchor>
        </Group>
      </Modal>
      <Modal opened={mode === 'complete'} onClose={() => onMode(null)} title={texts.completeTitle ?? '完善信息'} centered size={480}>
        <FormValuesContext.Provider value={data}>
          <SchemaForm
            id="complete-form"
            schema={complete.schema}
            uiSchema={complete.ui}
            messages={props.forms.complete.messages}
            formData={values}
            onChange={(next) => setValues((prev) => resetBelow(prev, next))}
            submitLabel={props.forms.complete.submitLabel ?? '提交'}
            fullWidthSubmit
            onSubmit={(f) => send(f, 'complete')}
          />
        </FormValuesContext.Provider>
        <Group justify="center" mt="sm">
          <Anchor component="button" type="button" size="sm" onClick={() => onMode('bind')}>{texts.toBind ?? '已有账号？去绑定'}</Anchor>
        </Group>
      </Modal>
    </>
  );
}
