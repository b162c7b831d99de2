// Shared by the renderer-*.test.tsx files: providers a renderer needs, and fixtures.
import { MantineProvider } from '@mantine/core';
import { render, waitFor } from '@testing-library/react';
import type { ReactElement } from 'react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';

export const USER = { id: 7, class_id: 3, realname: '张三' };
export const SITE = { school: { id: 100002, school_name: '华康医科大学' }, features: {} };

/** Shows the current route so a test can see where a click navigated. */
function LocationProbe() {
  const location = useLocation();
  return <div data-testid="location">{location.pathname + location.search}</div>;
}

export function renderWithProviders(ui: ReactElement, route = '/') {
  return render(
    <MantineProvider>
      <MemoryRouter initialEntries={[route]}>
        <Routes>
          <Route path="*" element={<>{ui}<LocationProbe /></>} />
        </Routes>
      </MemoryRouter>
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
  return { evaluate: expr.evaluate, template: expr.template, useSiteConfig: () => SITE, useSession: () => ({ user: USER }), useShownCount: () => 1, ...overrides };
}

/** Waits until the forms on the page have mounted: SchemaForm loads the form code lazily, showing a skeleton until then. */
export async function formReady(): Promise<void> {
  await waitFor(() => {
    if (document.querySelector('[data-testid="form-loading"]') || !document.querySelector('form')) throw new Error('form not mounted yet');
  });
}
