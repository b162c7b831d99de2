import type { RJSFSchema, UiSchema } from '@rjsf/utils';
import { useQueries } from '@tanstack/react-query';
import { useMemo } from 'react';
import { api, endpointKey } from '../shared/engine';
import { readPath, resolveParams } from '../data/request';
import type { TemplateScope } from '../data/source';
import type { OptionSource } from '../table/dialog-form.schema.gen';

type Choice = { const: string | number; title: string };
const PLACEHOLDER = -1;

function choicesOf(source: OptionSource, data: unknown): Choice[] {
  const rows = readPath(data, source.items);
  const list = (Array.isArray(rows) ? rows : []) as Record<string, unknown>[];
  return list.map((row) => ({ const: row[source.value ?? 'id'] as string | number, title: String(row[source.label ?? 'name'] ?? '') }));
}

/**
 * Fills the choices of select fields from the server: each field named in `sources` gets an `enum` of values
 * and `ui:enumNames` of labels, which rjsf shows as a select. While loading, or if a call fails, the field has no choices
 * (the api client has told the user); the form stays usable and the server still validates. The choices are read
 * through the query cache, so dialogs that list the same classes share one request. `loading` while any choices are
 * still on their way: the form holds its submit until then (a click as the choices arrived was lost with the
 * re-render they cause).
 */
export function useRemoteOptions(
  schema: RJSFSchema, uiSchema: UiSchema | undefined, sources: Record<string, OptionSource> | undefined, scope: TemplateScope, active = true,
): { schema: RJSFSchema; uiSchema: UiSchema; loading: boolean } {
  const fields = Object.entries(sources ?? {});
  const results = useQueries({
    queries: fields.map(([, source]) => {
      const request = resolveParams(source.params, scope);
      // Read afresh each time a form opens (staleTime 0): a choice added a moment ago (a new grade) must be offered.
      return { queryKey: endpointKey(source.endpoint, request), queryFn: () => api.call<unknown>(source.endpoint, request), enabled: active, staleTime: 0 };
    }),
  });
  // Rebuilt when an answer arrives, not on every render (the results array is new each time).
  const answered = results.map((r) => `${r.dataUpdatedAt}${r.isFetching ? '…' : ''}`).join(' ');
  const choices = useMemo(() => {
    const out: Record<string, Choice[]> = {};
    fields.forEach(([field, source], i) => {
      // An older answer being read again counts as loading, as before the cache: the form never offers stale choices.
      if (results[i]?.data !== undefined && !results[i].isFetching) out[field] = choicesOf(source, results[i].data);
    });
    return out;
    // eslint-disable-next-line react-hooks/exhaustive-deps -- `answered` stands for the results
  }, [sources, answered]);
  const key = JSON.stringify(sources ?? {});

  const loading = active && results.some((r) => r.isPending || r.isFetching);
  const built = useMemo(() => {
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
  return { ...built, loading };
}
