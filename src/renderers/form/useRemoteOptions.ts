import type { RJSFSchema, UiSchema } from '@rjsf/utils';
import { useEffect, useMemo, useState } from 'react';
import { api } from '../shared/engine';
import { readPath, resolveParams } from '../shared/request';
import type { TemplateScope } from '../shared/source';
import type { OptionSource } from '../table/dialog-form.schema.gen';

type Choice = { const: string | number; title: string };
const PLACEHOLDER = -1;

/**
 * Fills the choices of select fields from the server: each field named in `sources` gets an `enum` of values
 * and `ui:enumNames` of labels, which rjsf shows as a select. While loading, or if a call fails, the field has no choices
 * (the api client has told the user); the form stays usable and the server still validates.
 */
export function useRemoteOptions(
  schema: RJSFSchema, uiSchema: UiSchema | undefined, sources: Record<string, OptionSource> | undefined, scope: TemplateScope, active = true,
): { schema: RJSFSchema; uiSchema: UiSchema } {
  const [choices, setChoices] = useState<Record<string, Choice[]>>({});
  const key = JSON.stringify(sources ?? {});

  useEffect(() => {
    if (!active || !sources) return;
    let alive = true;
    for (const [field, source] of Object.entries(sources)) {
      api.call<unknown>(source.endpoint, resolveParams(source.params, scope)).then(
        (data) => {
          const rows = readPath(data, source.items);
          const list = (Array.isArray(rows) ? rows : []) as Record<string, unknown>[];
          const options = list.map((row) => ({ const: row[source.value ?? 'id'] as string | number, title: String(row[source.label ?? 'name'] ?? '') }));
          if (alive) setChoices((current) => ({ ...current, [field]: options }));
        },
        () => undefined,
      );
    }
    return () => {
      alive = false;
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [key, active]);

  return useMemo(() => {
    const properties = { ...(schema.properties ?? {}) } as Record<string, RJSFSchema>;
    const ui: UiSchema = { ...(uiSchema ?? {}) };
    for (const field of Object.keys(sources ?? {})) {
      const options = choices[field];
      // enum + ui:enumNames rather than oneOf: rjsf drops the required message of an empty oneOf select.
      // An empty enum is not valid JSON Schema, so an unusable placeholder choice stands in while loading.
      const list = options?.length ? options : [{ const: PLACEHOLDER, title: options ? '暂无可选项' : '加载中…' }];
      const names = { 'ui:enumNames': list.map((c) => c.title), ...(options?.length ? {} : { 'ui:enumDisabled': [PLACEHOLDER] }) };
      const own = (ui[field] ?? {}) as UiSchema;
      if (properties[field]?.type === 'array') {
        // A multiple choice (e.g. classes): the choices belong to the items, as rjsf reads them.
        properties[field] = { ...properties[field], items: { ...(properties[field].items as RJSFSchema), enum: list.map((c) => c.const) } };
        ui[field] = { ...own, items: { ...(own.items as object), ...names } };
      } else {
        properties[field] = { ...properties[field], enum: list.map((c) => c.const) };
        ui[field] = { ...own, ...names };
      }
    }
    return { schema: { ...schema, properties }, uiSchema: ui };
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [schema, uiSchema, key, choices]);
}
