import { useQueryClient } from '@tanstack/react-query';
import { ERROR_CODES, TWO_FACTOR_TEXT, type CurrentUser } from '@kettle/shared';
import { lazy, Suspense, useEffect, useState } from 'react';
import { useNavigate } from 'react-router';
import { Logo } from '@/components/layout/logo';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { signOut } from '@/features/auth/api/logout';
import { ApiError } from '@/lib/api-client';
import { usePageTitle } from '@/lib/use-page-title';

const TwoFactorCard = lazy(() =>
  import('@/features/account/components/two-factor-card').then((m) => ({ default: m.TwoFactorCard })),
);

const refusedForTwoFactor = (error: unknown) =>
  error instanceof ApiError && error.code === ERROR_CODES.twoFactorRequired;

/**
 * Whether this admin must turn on two-factor sign-in before the admin pages: /auth/me says so, or
 * an admin call was refused for it (403 TWO_FACTOR_REQUIRED). Once true it stays true until the
 * session ends, so a refetch of /auth/me after turning it on cannot swap the recovery codes, shown
 * only once, for the admin pages before they are saved.
 */
export function useTwoFactorDemand(user: CurrentUser | undefined): boolean {
  const queryClient = useQueryClient();
  const [refused, setRefused] = useState(false);
  const [latched, setLatched] = useState(false);

  useEffect(() => {
    const stopQueries = queryClient.getQueryCache().subscribe((event) => {
      if (event.type === 'updated' && event.action.type === 'error' && refusedForTwoFactor(event.action.error)) {
        setRefused(true);
      }
    });
    const stopMutations = queryClient.getMutationCache().subscribe((event) => {
      if (event.type === 'updated' && event.action.type === 'error' && refusedForTwoFactor(event.action.error)) {
        setRefused(true);
      }
    });
    return () => {
      stopQueries();
      stopMutations();
    };
  }, [queryClient]);

  const demanded = refused || Boolean(user?.is_admin && user.two_factor_required);
  if (demanded && !latched) setLatched(true);
  return demanded || latched;
}

/** The admin area, until two-factor sign-in is on: the same card as My Account, and a way out. */
export function AdminTwoFactorSetup() {
  usePageTitle(TWO_FACTOR_TEXT.adminTitle);
  const navigate = useNavigate();
  const handleSignOut = async () => {
    await signOut();
    await navigate('/auth/signin', { replace: true });
  };
  return (
    <main id="main" className="mx-auto flex w-full max-w-2xl flex-col gap-6 px-4 py-8">
      <div className="flex items-center justify-between gap-2">
        <Logo />
        <Button variant="ghost" onClick={() => void handleSignOut()}>
          Sign out
        </Button>
      </div>
      <div className="grid gap-2">
        <h1 className="font-display text-3xl font-bold">{TWO_FACTOR_TEXT.adminTitle}</h1>
        <p className="text-muted-foreground">{TWO_FACTOR_TEXT.adminLead}</p>
      </div>
      <Suspense fallback={<Spinner label="Loading two-factor setup" />}>
        <TwoFactorCard />
      </Suspense>
    </main>
  );
}
