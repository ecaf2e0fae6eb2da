import { render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { ErrorPage } from './error-page';

function Boom(): never {
  throw new Error('kaboom');
}

describe('fallback error page', () => {
  it("shows 'Unexpected Application Error!' without the error's details", async () => {
    // React reports the thrown error on the console by design; this test expects exactly that.
    const spy = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const router = createMemoryRouter([{ path: '/', element: <Boom />, errorElement: <ErrorPage /> }]);
    render(<RouterProvider router={router} />);
    expect(await screen.findByRole('heading', { name: 'Unexpected Application Error!' })).toBeInTheDocument();
    expect(screen.queryByText(/kaboom/)).not.toBeInTheDocument();
    spy.mockRestore();
  });

  it('shows the not-found page for a 404 route error', async () => {
    const router = createMemoryRouter([{ path: '/', element: <p>home</p>, errorElement: <ErrorPage /> }], {
      initialEntries: ['/missing'],
    });
    render(<RouterProvider router={router} />);
    expect(await screen.findByRole('heading', { name: 'Oops! Page not found' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Return to Home' })).toHaveAttribute('href', '/');
  });
});
