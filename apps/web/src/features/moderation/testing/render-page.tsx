import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactElement } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { Toaster } from '@/components/ui/toaster';

/** Renders `element` at `path` (route `pattern`) with a fresh query client and the toaster. */
export function renderPage(pattern: string, element: ReactElement, path: string) {
  const others = [
    { path: '/admin/', element: <h1>Admin feed</h1> },
    { path: '/admin/posts/:id', element: <h1>Post page</h1> },
  ].filter((route) => route.path !== pattern);
  const router = createMemoryRouter([{ path: pattern, element }, ...others], { initialEntries: [path] });
  const client = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <RouterProvider router={router} />
      <Toaster />
    </QueryClientProvider>,
  );
  return { user: userEvent.setup(), router };
}
