import { APPEAL_MESSAGES, type AppealList, type AppealStatus } from '@kettle/shared';
import { Inbox } from 'lucide-react';
import { ListResults, type ResultsProps } from '@/components/ui/list-results';
import { AdminAppealCard, type DecideHandler } from './admin-appeal-card';
import { AdminAppealsSkeleton } from './admin-appeals-skeleton';

const EMPTY: Record<AppealStatus, { title: string; description: string }> = {
  pending: { title: 'No appeals waiting', description: 'Every appeal has been decided.' },
  upheld: { title: 'No upheld appeals', description: 'Appeals that reversed a decision are listed here.' },
  denied: { title: 'No denied appeals', description: 'Appeals that left a decision standing are listed here.' },
};

type AdminAppealsResultsProps = Omit<ResultsProps<AppealList>, 'filtered' | 'onClearFilters'> & {
  status: AppealStatus;
  onDecide: DecideHandler;
};

/** The queue's list: skeleton, the failure with Try Again, the empty text of the tab, or the cards with pagination. */
export function AdminAppealsResults({ status, onDecide, ...props }: AdminAppealsResultsProps) {
  return (
    <ListResults
      {...props}
      // The tabs are the only filter and each has its own empty text: nothing to clear.
      filtered={false}
      onClearFilters={() => undefined}
      skeleton={<AdminAppealsSkeleton />}
      error={{ title: APPEAL_MESSAGES.fetchFailed, fallback: 'Something went wrong' }}
      noMatch={EMPTY[status]}
      empty={{ icon: Inbox, ...EMPTY[status] }}
      gridClassName="grid gap-6"
      renderItem={(appeal) => <AdminAppealCard key={appeal.id} appeal={appeal} onDecide={onDecide} />}
    />
  );
}
