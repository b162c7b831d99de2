// Turns a questionnaire definition (learn/getproblem: four items of {topic, option}) into a JSON Schema and
// uiSchema for SchemaForm, at runtime: radio for the first, checkboxes for the second, text areas for the rest.
import type { RJSFSchema, UiSchema } from '@rjsf/utils';
import type { QuestionField } from './questionnaire.schema.gen';

export type { QuestionField };

export interface Problem {
  topic: string;
  option: string[];
}

export function questionnaireForm(problems: Problem[], fields: QuestionField[], placeholder = '请输入'): { schema: RJSFSchema; uiSchema: UiSchema } {
  const properties: Record<string, RJSFSchema> = {};
  const uiSchema: UiSchema = { 'ui:order': [] as string[] };
  fields.forEach((field, i) => {
    const problem = problems[i];
    if (!problem) return;
    const title = `${i + 1}. ${problem.topic}`;
    const choices = problem.option.map((label, index) => ({ const: index, title: label }));
    (uiSchema['ui:order'] as string[]).push(field.name);
    if (field.kind === 'radio') {
      properties[field.name] = { type: 'integer', title, oneOf: choices };
      uiSchema[field.name] = { 'ui:widget': 'radio' };
    } else if (field.kind === 'checkbox') {
      properties[field.name] = { type: 'array', title, items: { type: 'integer', oneOf: choices }, uniqueItems: true };
      uiSchema[field.name] = { 'ui:widget': 'checkboxes' };
    } else {
      properties[field.name] = { type: 'string', title, maxLength: 500 };
      uiSchema[field.name] = { 'ui:widget': 'textarea', 'ui:placeholder': placeholder, 'ui:options': { rows: 3 } };
    }
  });
  return { schema: { type: 'object', properties }, uiSchema };
}

/** True when a question is left empty: no choice, an empty checkbox list or blank text (spec §5). */
export function unanswered(data: Record<string, unknown>, fields: QuestionField[]): boolean {
  return fields.some((f) => {
    const v = data[f.name];
    if (f.kind === 'checkbox') return !Array.isArray(v) || v.length === 0;
    if (f.kind === 'radio') return v === undefined || v === null || v === '';
    return typeof v !== 'string' || v.trim() === '';
  });
}
