import { Alert, Button, Group, Loader, Paper, Stack, Text, Title } from '@mantine/core';
import { useMemo, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { api, invalidateEndpoints, notify, template, type RendererProps } from '../../engine';
import { SchemaForm, useRemoteRecord, useTemplateScope } from '../../renderers';
import type { QuestionnaireProps } from './questionnaire.schema.gen';
import { questionnaireForm, unanswered, type Problem } from './questionnaireSchema';

const DEFINITION = 'learn/getproblem';

interface Definition {
  learn: string;
  problem: Problem[];
  answered: number;
}

/** The anonymous teaching-evaluation questionnaire: its definition arrives at runtime and becomes a JSON Schema form. */
export default function Questionnaire({ props }: RendererProps<QuestionnaireProps>) {
  const [search] = useSearchParams();
  const navigate = useNavigate();
  const learnId = template(props.learnId, { query: Object.fromEntries(search.entries()) });
  // A failed fetch is swallowed (spec §8): the page says the questionnaire is unavailable.
  const { record: definition, loading } = useRemoteRecord<Definition>({ endpoint: DEFINITION, params: { learn_id: learnId } }, useTemplateScope());
  const [formData, setFormData] = useState<Record<string, unknown>>({});

  const form = useMemo(() => (definition ? questionnaireForm(definition.problem, props.fields, props.placeholder) : null), [definition, props.fields, props.placeholder]);

  if (loading) return <Group justify="center" py="xl"><Loader /></Group>;

  const goBack = () => {
    if ((window.history.state?.idx ?? 0) > 0) navigate(-1);
    else navigate(props.back.fallback);
  };

  const submit = async (data: Record<string, unknown>) => {
    if (unanswered(data, props.fields)) {
      notify.warn(props.messages.unanswered);
      return;
    }
    try {
      await api.call('learn/addevaluate', { learn_id: learnId, ...data });
    } catch {
      return; // code 0: the api client has shown the server's message
    }
    notify.success(props.messages.success);
    void invalidateEndpoints([DEFINITION]); // opened again, it says 已提交
    goBack();
  };

  return (
    <Paper withBorder radius="md" p="xl" maw={880} mx="auto" data-testid="questionnaire">
      <Stack gap="xs" mb="lg">
        <Title order={3}>{props.title}</Title>
        {definition && <Text c="dimmed" data-testid="questionnaire-learn">{definition.learn}</Text>}
      </Stack>
      {!definition || !form ? (
        <Alert color="gray">{props.messages.unavailable}</Alert>
      ) : definition.answered ? (
        <Alert color="blue" data-testid="questionnaire-answered">{props.messages.answered}</Alert>
      ) : (
        <SchemaForm schema={form.schema} uiSchema={form.uiSchema} formData={formData} onChange={setFormData} onSubmit={submit}
          submitLabel={props.submitLabel} footer={<Button variant="default" onClick={goBack}>{props.back.label}</Button>} />
      )}
    </Paper>
  );
}
