import { UserX } from 'lucide-react';
import { PageHeader } from '@/components/ui/page-header';
import { QueryState } from '@/components/ui/query-state';
import { StandingAppeals } from '@/features/appeals/components/standing-appeals';
import { ChangePasswordForm } from '@/features/auth/components/change-password-form';
import { VerificationNotice } from '@/features/auth/components/verification-notice';
import { BlockedUsersPanel } from '@/features/blocks/components/blocked-users-panel';
import { CompanyProfileSection } from '@/features/company/components/company-profile-section';
import { TransactionHistoryPanel } from '@/features/payments/components/transaction-history-panel';
import { SubscriptionSection } from '@/features/subscriptions/components/subscription-section';
import { apiErrorMessage } from '@/lib/api-error-message';
import { useCurrentUser } from '@/lib/current-user';
import { usePageTitle } from '@/lib/use-page-title';
import { AccountDataPanel } from '../components/account-data-panel';
import { AccountSkeleton } from '../components/account-skeleton';
import { AccountStandingPanel } from '../components/account-standing-panel';
import { CoinLedgerPanel } from '../components/coin-ledger-panel';
import { EditUsernameForm } from '../components/edit-username-form';
import { ProfileCard } from '../components/profile-card';
import { TwoFactorCard } from '../components/two-factor-card';

function AccountContent() {
  return (
    <QueryState
      query={useCurrentUser()}
      loading={<AccountSkeleton />}
      error={{ title: 'Unable to load your account', icon: UserX, message: (error) => apiErrorMessage(error) }}
    >
      {(user) => (
        <div className="grid gap-6 lg:grid-cols-3">
          <ProfileCard user={user} />
          <div className="flex min-w-0 flex-col gap-6 lg:col-span-2">
            {user.email_verified ? null : <VerificationNotice email={user.email} />}
            <AccountStandingPanel appeals={<StandingAppeals />} />
            {/* Coins and money: one line per section. */}
            <TransactionHistoryPanel />
            <CoinLedgerPanel />
            {/* Profile and safety settings. */}
            <EditUsernameForm key={user.username} username={user.username} />
            <ChangePasswordForm />
            <TwoFactorCard />
            <BlockedUsersPanel />
            <SubscriptionSection />
            <CompanyProfileSection />
            {/* Last: deleting is final, and a subscription above must be cancelled first. */}
            <AccountDataPanel />
          </div>
        </div>
      )}
    </QueryState>
  );
}

export function AccountPage() {
  usePageTitle('My Account');
  return (
    <>
      <PageHeader title="My Account" description="Your profile, coins and sign-in details." />
      <AccountContent />
    </>
  );
}
