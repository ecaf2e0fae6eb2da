import { startTransition, StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router';
import { AppProviders } from './app/providers';
import { currentUserQueryOptions } from '@/lib/current-user';
import { queryClient } from '@/lib/query-client';
import { routerFlushSync } from '@/lib/router-flush-sync';
import { getSession } from '@/lib/session';
import { router } from './app/router';
import './styles.css';

const root = document.getElementById('root');
if (!root) throw new Error('The #root element is missing from index.html');

// A transition, so React builds the first page in slices that leave the main thread free between
// them (goal F2: total blocking time), instead of in one long task.
const start = () =>
  startTransition(() => {
    createRoot(root).render(
      <StrictMode>
        <AppProviders>
          <RouterProvider router={router} flushSync={routerFlushSync} />
        </AppProviders>
      </StrictMode>,
    );
  });

// A reader's own account is asked for now, beside the page's chunks, not after them.
if (getSession().accessToken) void queryClient.prefetchQuery(currentUserQueryOptions);

// A lazy page (a post, say) is loaded before the first render, so that render is the page itself
// rather than a fallback that the page then replaces: one paint, no second long task.
if (router.state.initialized) start();
else {
  const unsubscribe = router.subscribe((state) => {
    if (!state.initialized) return;
    unsubscribe();
    start();
  });
}
