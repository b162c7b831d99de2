// Shared by the renderer-*.test.tsx files: providers a renderer needs, and fixtures.
import { MantineProvider } from '@mantine/core';
import { QueryClientProvider } from '@tanstack/react-query';
import { render, waitFor } from '@testing-library/react';
import { useState, type ReactElement, type ReactNode } from 'react';
import { createQueryClient } from '../../src/engine/query';
import { vi } from 'vitest';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';

export const USER = { id: 7, class_id: 3, realname: '张三' };
export const SITE = { school: { id: 100002, school_name: '华康医科大学' }, features: {} };

/** Shows the current route so a test can see where a click navigated. */
function LocationProbe() {
  const location = useLocation();
  return <div data-testid="location">{location.pathname + location.search}</div>;
}

/** A fresh query cache per render, as each page load has: no answer leaks from one test into the next. */
export function QueryProvider({ children }: { children: ReactNode }) {
  const [client] = useState(createQueryClient);
  return <QueryClientProvider client={client}>{children}</QueryClientProvider>;
}

export function renderWithProviders(ui: ReactElement, route = '/') {
  return render(
    <MantineProvider>
      <QueryProvider>
        <MemoryRouter initialEntries={[route]}>
          <Routes>
            <Route path="*" element={<>{ui}<LocationProbe /></>} />
          </Routes>
        </MemoryRouter>
      </QueryProvider>
    </MantineProvider>,
  );
}

/**
 * A stand-in for src/renderers/shared/engine (the renderers' one door to the engine): the real expression
 * language, a signed-in student and the demo site. Pass what a test drives or watches, e.g. `{ api: { call } }`.
 *   vi.mock('../../src/renderers/shared/engine', async () => (await import('./renderer-harness')).fakeEngine({ ... }));
 */
export async function fakeEngine(overrides: Record<string, unknown> = {}): Promise<Record<string, unknown>> {
  const expr = await import('../../src/engine/expr');
  const query = await import('../../src/engine/query');
  const config = await import('../../src/engine/config');
  const errors = await import('../../src/engine/errors');
  const afterPaint = await import('../../src/engine/afterPaint');
  return {
    isRefusal: errors.isRefusal, useAfterFirstPaint: afterPaint.useAfterFirstPaint,
    evaluate: expr.evaluate, template: expr.template, useSiteConfig: () => SITE, useSession: () => ({ token: 'tok', user: USER }), useShownCount: () => 1,
    endpointKey: query.endpointKey, invalidateEndpoints: vi.fn(async () => undefined), watchEndpoints: () => () => undefined,
    register: () => undefined, registerLazy: () => undefined, firstCallUnshown: () => false, firstCallShown: () => undefined, cspNonce: () => undefined, shellSettings: config.shellSettings, entryPoints: config.entryPoints, ...overrides,
    notify: { error: vi.fn(), success: vi.fn(), info: vi.fn(), warn: vi.fn(), hide: vi.fn(), shownInline: () => () => undefined, ...(overrides.notify as object | undefined) },
  };
}

/** Waits until the forms on the page have mounted: SchemaForm loads the form code lazily, showing a skeleton until then. */
export async function formReady(): Promise<void> {
  // The form's code is a lazy chunk: on a loaded machine its first import can take seconds.
  await waitFor(() => {
    if (document.querySelector('[data-testid="form-loading"]') || !document.querySelector('form')) throw new Error('form not mounted yet');
  }, { timeout: 10_000 });
}
