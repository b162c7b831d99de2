// Shared by the renderer-*.test.tsx files: providers a renderer needs, and fixtures.
import { MantineProvider } from '@mantine/core';
import { render } from '@testing-library/react';
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
