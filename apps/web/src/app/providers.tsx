import { QueryClientProvider } from '@tanstack/react-query';
import { useEffect, type ReactNode } from 'react';
import { Toaster } from '@/components/ui/toaster';
import { queryClient } from '@/lib/query-client';
import { onLogout } from '@/lib/session';
import { toast } from '@/lib/toast-store';
import { router } from './router';

/** Logout from anywhere (a failed refresh, a 401 on /me) lands here once. */
function useLogoutRedirect(): void {
  useEffect(
    () =>
      onLogout((reason) => {
        queryClient.clear();
        if (reason) toast({ title: 'Signed out', description: reason, variant: 'destructive' });
        void router.navigate('/auth/signin');
      }),
    [],
  );
}

export function AppProviders({ children }: { children: ReactNode }) {
  useLogoutRedirect();
  return (
    <QueryClientProvider client={queryClient}>
      {children}
      <Toaster />
    </QueryClientProvider>
  );
}
