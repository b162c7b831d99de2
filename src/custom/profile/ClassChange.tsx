import { Alert, Paper, Title } from '@mantine/core';
import { useState } from 'react';
import { api, evaluate, notify, session, template, type UserInfo } from '../../engine';
import { SchemaForm } from '../../renderers';
import { FormValuesContext } from '../login/contexts';
import { resetBelow } from '../login/widgets';
import type { ProfileInfoProps } from './schema.gen';

type ClassChangeProps = NonNullable<ProfileInfoProps['classChange']>;
const ORG = ['depart_id', 'major_id', 'grade_id', 'class_id'] as const;

/**
 * A student without a class (registered by SMS) picks department > major > grade > class, or one whose class
 * application was rejected picks again and resubmits (user/edit_info); the server puts the account to 待审核 and the
 * notices follow the new state. Title, text, button and message are templates over `user`.
 */
export function ClassChange({ props, user }: { props: ClassChangeProps; user: UserInfo }) {
  const [values, setValues] = useState<Record<string, unknown>>({});
  if (!evaluate(props.when ?? 'user.type == 5', { user })) return null;

  const submit = async (form: Record<string, unknown>) => {
    const chosen = Object.fromEntries(ORG.map((k) => [k, form[k]]));
    const fresh = await api.call<UserInfo>('user/edit_info', chosen);
    session.setUser(fresh);
    setValues({});
    notify.success(template(props.form.successMessage ?? '已提交，请等待审核', { user }));
  };

  return (
    <Paper withBorder p="md" radius="md" data-testid="class-change">
      <Title order={4} mb="xs">{template(props.title ?? '选择班级', { user })}</Title>
      {props.text && <Alert color="orange" mb="md">{template(props.text, { user })}</Alert>}
      {/* The cascade starts from the student's own school. */}
      <FormValuesContext.Provider value={{ ...values, school_id: user.school_id }}>
        <SchemaForm
          id="class-change-form"
          schema={props.form.schema}
          uiSchema={props.form.uiSchema}
          messages={props.form.messages}
          formData={values}
          onChange={(next) => setValues((prev) => resetBelow(prev, next))}
          submitLabel={template(props.form.submitLabel ?? '提交审核', { user })}
          onSubmit={submit}
        />
      </FormValuesContext.Provider>
    </Paper>
  );
}
