import { QueryClientProvider } from '@tanstack/react-query';
import { lazy, startTransition, Suspense, useEffect, useState, type ReactNode } from 'react';
import { queryClient } from '@/lib/query-client';
import { onLogout } from '@/lib/session';
import { toast, useToasts } from '@/lib/toast-store';
import { router } from './router';

// The toast region (Radix Toast and its layers) is not needed to show the first page: it loads
// once the browser is idle, or at once when something toasts before that.
const Toaster = lazy(() => import('@/components/ui/toaster').then((m) => ({ default: m.Toaster })));

function LazyToaster() {
  const toasts = useToasts();
  const [idle, setIdle] = useState(false);
  useEffect(() => {
    // A transition: mounting the region is never urgent, so it must not hold the main thread.
    const mount = () => startTransition(() => setIdle(true));
    if (typeof requestIdleCallback === 'function') {
      const handle = requestIdleCallback(mount, { timeout: 3000 });
      return () => cancelIdleCallback(handle);
    }
    const timer = setTimeout(mount, 1000);
    return () => clearTimeout(timer);
  }, []);
  if (!idle && toasts.length === 0) return null;
  return (
    <Suspense fallback={null}>
      <Toaster />
    </Suspense>
  );
}

/** Logout from anywhere (a failed refresh, a 401 on /me) lands here once. */
function useLogoutRedirect(): void {
  useEffect(
    () =>
      onLogout((reason, { redirect = true } = {}) => {
        queryClient.clear();
        if (reason) toast({ title: 'Signed out', description: reason, variant: 'destructive' });
        if (redirect) void router.navigate('/auth/signin');
      }),
    [],
  );
}

export function AppProviders({ children }: { children: ReactNode }) {
  useLogoutRedirect();
  return (
    <QueryClientProvider client={queryClient}>
      {children}
      <LazyToaster />
    </QueryClientProvider>
  );
}
