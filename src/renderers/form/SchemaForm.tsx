import { Skeleton } from '@mantine/core';
import { lazy, Suspense, type ComponentType } from 'react';
import type { SchemaFormProps } from './SchemaFormView';

export type { SchemaFormProps } from './SchemaFormView';

// @rjsf and ajv are a third of the application's code; they load with the first form a page shows, so a
// signed-in student's first page (a list) does not wait for them.
const load = () => import('./SchemaFormView');
const SchemaFormView = lazy(() => load().then((m) => ({ default: m.default as ComponentType<SchemaFormProps> })));

/** Starts loading the form code now, e.g. on a page that will show a form as soon as the app has started. */
export function preloadSchemaForm(): void {
  void load();
}

/**
 * A JSON-Schema form in the Mantine theme with Chinese validation messages (see SchemaFormView); a skeleton
 * holds its place while the form code loads.
 */
export function SchemaForm<T = Record<string, unknown>>(props: SchemaFormProps<T>) {
  return (
    <Suspense fallback={<Skeleton height={160} radius="sm" data-testid="form-loading" />}>
      <SchemaFormView {...(props as SchemaFormProps)} />
    </Suspense>
  );
}
