import { lazy, Suspense } from 'react';
import { useCurrentUser } from '@/lib/current-user';

// Only a suspended reader needs the banner's words and date formatting: they stay out of the
// first load of `/` (goal F1).
const SuspensionBanner = lazy(() => import('./suspension-banner').then((m) => ({ default: m.SuspensionBanner })));

/** The banner of a signed-in, suspended account (issue 14), for both shells. */
export function SuspensionNotice() {
  const { data: user } = useCurrentUser();
  const until = user?.suspended_until;
  // The header's copy of the user may outlive the suspension by a minute: the date decides.
  if (!until || Date.parse(until) <= Date.now()) return null;
  return (
    <Suspense fallback={null}>
      <SuspensionBanner until={until} />
    </Suspense>
  );
}
