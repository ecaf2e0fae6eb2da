import type { CurrentUser } from '@kettle/shared';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { StrictMode, type ReactNode } from 'react';
import { createMemoryRouter, parsePath, RouterProvider, type RouteObject } from 'react-router';
import { Toaster } from '@/components/ui/toaster';
import { currentUserKey } from '@/lib/current-user';
import { routerFlushSync } from '@/lib/router-flush-sync';
import { logout, setTokens } from '@/lib/session';
import { removeToast } from '@/lib/toast-store';

/** A fresh cache that does not retry unless a query says so. */
export const testQueryClient = () =>
  new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });

export type RenderRouteOptions = {
  /** Rendered at `path` (route `pattern`, the path itself by default). */
  element?: ReactNode;
  pattern?: string;
  /** The other routes of the tree (stand-ins for where the page leads, or the pages themselves). */
  routes?: RouteObject[];
  /** Entries behind `path` in the history (so the back button has somewhere to go). */
  history?: string[];
  /** The router state of the entry (as a link sets it). */
  state?: unknown;
  /** Signed in (tokens in storage; the user comes from GET /auth/me), or a visitor (signed out). */
  signedIn?: boolean;
  /** Signed in as this user, already in the current-user query (as the header loaded it). */
  user?: CurrentUser;
  queryClient?: QueryClient;
  /** The toaster beside the router (on by default; earlier toasts are cleared). */
  toaster?: boolean;
  strict?: boolean;
  userEvent?: Parameters<typeof userEvent.setup>[0];
};

/**
 * Renders a route tree at `path` (a memory router) with a query client and the toaster,
 * optionally signed in; returns the router, the query client and a user-event instance.
 */
export function renderRoute(
  path: string,
  {
    element,
    pattern,
    routes = [],
    history = [],
    state,
    signedIn,
    user,
    queryClient = testQueryClient(),
    toaster = true,
    strict = false,
    userEvent: userEventOptions,
  }: RenderRouteOptions = {},
) {
  if (user) {
    setTokens('access-token', 'refresh-token');
    queryClient.setQueryData(currentUserKey, user);
  } else if (signedIn === true) setTokens('access-token', 'refresh-token');
  else if (signedIn === false) logout();
  if (toaster) removeToast();
  const entry = { ...parsePath(path), state };
  const tree = element === undefined ? routes : [{ path: pattern ?? entry.pathname, element }, ...routes];
  const router = createMemoryRouter(tree, {
    initialEntries: [...history, entry],
    initialIndex: history.length,
  });
  const ui = (
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} flushSync={routerFlushSync} />
      {toaster && <Toaster />}
    </QueryClientProvider>
  );
  render(strict ? <StrictMode>{ui}</StrictMode> : ui);
  // Under fake timers use fireEvent: user-event and Testing Library wait on real timeouts.
  return { router, queryClient, user: userEvent.setup(userEventOptions) };
}

/** Where a page went: a route element that just names itself. */
export const landing = (path: string, name = path) => ({ path, element: <h1>{name}</h1> });
