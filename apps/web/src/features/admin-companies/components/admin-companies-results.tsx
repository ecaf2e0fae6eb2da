import { COMPANY_MESSAGES, type AdminCompanyList } from '@kettle/shared';
import { Building2 } from 'lucide-react';
import { Card } from '@/components/ui/card';
import { ListResults, type ResultsProps } from '@/components/ui/list-results';
import { Skeleton } from '@/components/ui/skeleton';
import { AdminCompanyCard } from './admin-company-card';

const GRID = 'grid gap-5 sm:grid-cols-2 lg:grid-cols-3';

function CompaniesSkeleton({ count }: { count: number }) {
  return (
    <div role="status" aria-label="Loading companies" className={GRID}>
      {Array.from({ length: count }, (_, index) => (
        <Card key={index} className="flex flex-col gap-4 p-5">
          <Skeleton className="h-6 w-1/2" />
          <Skeleton className="h-4 w-1/3" />
          <div className="grid grid-cols-2 gap-3">
            <Skeleton className="h-10" />
            <Skeleton className="h-10" />
          </div>
          <Skeleton className="h-9 w-28" />
        </Card>
      ))}
    </div>
  );
}

/** The list's states: skeleton, error with Try Again, the empty texts, or the company cards. */
export function AdminCompaniesResults({ pageSize = 9, ...props }: ResultsProps<AdminCompanyList>) {
  return (
    <ListResults
      {...props}
      skeleton={<CompaniesSkeleton count={pageSize} />}
      error={{ title: 'Error Loading Companies', fallback: COMPANY_MESSAGES.listFailed }}
      noMatch={{ title: 'No companies found', description: COMPANY_MESSAGES.noMatch }}
      empty={{
        icon: Building2,
        title: COMPANY_MESSAGES.empty,
        description: 'Companies appear here when users claim a handle in My Account.',
      }}
      gridClassName={GRID}
      renderItem={(company) => <AdminCompanyCard key={company.id} company={company} />}
    />
  );
}
