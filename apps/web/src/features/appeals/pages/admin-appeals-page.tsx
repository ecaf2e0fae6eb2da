import { APPEAL_STATUS_LABELS, APPEAL_STATUSES, formatCount, type AppealList, type AppealStatus } from '@kettle/shared';
import { useState } from 'react';
import { PageHeader } from '@/components/ui/page-header';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { usePageTitle } from '@/lib/use-page-title';
import { usePageTurns } from '@/lib/use-page-turns';
import { useAdminAppeals } from '../api/get-admin-appeals';
import { AdminAppealsResults } from '../components/admin-appeals-results';
import { DecideAppealDialog, type Deciding } from '../components/decide-appeal-dialog';
import type { DecideHandler } from '../components/admin-appeal-card';
import { useAppealFilters } from '../hooks/use-appeal-filters';

const isAppealStatus = (value: string): value is AppealStatus => APPEAL_STATUSES.some((status) => status === value);

function countLine(list: AppealList | undefined, status: AppealStatus): string {
  if (list === undefined) return 'Loading appeals…';
  const noun = list.total === 1 ? 'appeal' : 'appeals';
  return `${formatCount(list.total)} ${noun}: ${APPEAL_STATUS_LABELS[status].toLowerCase()}`;
}

/** /admin/appeals (issue 14): the users' appeals by status, pending first, each upheld or denied with a reason. */
export function AdminAppealsPage() {
  usePageTitle('Admin Appeals');
  const { status, page, setStatus, setPage } = useAppealFilters();
  const query = useAdminAppeals({ status, page });
  const current = query.isSuccess && !query.isPlaceholderData;
  const totalPages = Math.max(1, query.data?.total_pages ?? 1);
  const handlePageChange = usePageTurns({ page, totalPages, current, setPage });
  const [deciding, setDeciding] = useState<Deciding | null>(null);
  const handleDecide: DecideHandler = (appeal, outcome, opener) => setDeciding({ appeal, outcome, opener });

  return (
    <>
      <PageHeader
        title="Appeals"
        description={
          query.isError && query.data === undefined ? undefined : (
            <span aria-live="polite">{countLine(query.isPlaceholderData ? undefined : query.data, status)}</span>
          )
        }
      />
      <Tabs value={status} onValueChange={(next) => isAppealStatus(next) && setStatus(next)}>
        <TabsList aria-label="Appeal status" className="w-full sm:w-auto">
          {APPEAL_STATUSES.map((value) => (
            <TabsTrigger key={value} value={value} className="flex-1 whitespace-nowrap sm:flex-none">
              {APPEAL_STATUS_LABELS[value]}
            </TabsTrigger>
          ))}
        </TabsList>
        {/* Only the open tab's content mounts, so the one query on the page is that tab's. */}
        {APPEAL_STATUSES.map((value) => (
          <TabsContent key={value} value={value}>
            <AdminAppealsResults
              query={query}
              status={status}
              page={page}
              totalPages={totalPages}
              onPageChange={handlePageChange}
              onDecide={handleDecide}
            />
          </TabsContent>
        ))}
      </Tabs>
      <DecideAppealDialog deciding={deciding} onClose={() => setDeciding(null)} />
    </>
  );
}
