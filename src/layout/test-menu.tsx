/**
 * Test support for the menu: Refine with the app's resources (refine-resources.tsx) and router binding,
 * under a memory router at `path`, around `ui` — what `useMenu` needs to draw the sidebar or top menu.
 */
import { Refine } from '@refinedev/core';
import routerProvider from '@refinedev/react-router';
import { render } from '@testing-library/react';
import type { ReactElement } from 'react';
import { MemoryRouter } from 'react-router';
import { refineResources } from './refine-resources';

export function renderWithMenu(ui: ReactElement, path = '/') {
  return render(
    <MemoryRouter initialEntries={[path]}>
      <Refine routerProvider={routerProvider} resources={refineResources} options={{ disableTelemetry: true }}>
        {ui}
      </Refine>
    </MemoryRouter>,
  );
}
