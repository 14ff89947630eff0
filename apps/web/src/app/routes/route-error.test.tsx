import { render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider, type LoaderFunction } from 'react-router';
import { describe, expect, it } from 'vitest';
import { RouteErrorBoundary } from './route-error';

function renderAt(path: string, loader?: LoaderFunction) {
  const router = createMemoryRouter(
    [
      {
        path: '/',
        loader,
        Component: () => null,
        HydrateFallback: () => null,
        ErrorBoundary: RouteErrorBoundary,
      },
    ],
    { initialEntries: [path] },
  );
  render(<RouterProvider router={router} />);
}

describe('RouteErrorBoundary', () => {
  it("shows the status and status text of the router's error response", async () => {
    // Without a catch-all route, the router answers an unknown path with a 404 response error.
    renderAt('/missing');
    expect(await screen.findByText('Unexpected Application Error!')).toBeInTheDocument();
    expect(screen.getByText('404 Not Found')).toBeInTheDocument();
  });

  it('shows the message of a thrown error', async () => {
    renderAt('/', () => {
      throw new Error('Falha ao montar a tela');
    });
    expect(await screen.findByText('Unexpected Application Error!')).toBeInTheDocument();
    expect(screen.getByText('Falha ao montar a tela')).toBeInTheDocument();
  });
});
