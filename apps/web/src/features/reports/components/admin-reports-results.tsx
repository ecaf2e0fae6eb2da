import { PAGE_SIZES, REPORT_MESSAGES } from '@kettle/shared';
import { Inbox } from 'lucide-react';
import { ListResults, type ResultsProps } from '@/components/ui/list-results';
import type { AdminReportsPage } from '../api/get-admin-reports';
import { AdminReportCard, type RenderAuthorAction } from './admin-report-card';
import { AdminReportsSkeleton } from './admin-reports-skeleton';
import { REPORT_GRID } from './report-grid';

type AdminReportsResultsProps = ResultsProps<AdminReportsPage> & { renderAuthorAction?: RenderAuthorAction };

/** The desk's list: skeleton, 'Error Loading Reports', the two empty texts, or the cards with pagination. */
export function AdminReportsResults({ renderAuthorAction, ...props }: AdminReportsResultsProps) {
  return (
    <ListResults
      {...props}
      skeleton={<AdminReportsSkeleton count={PAGE_SIZES.adminReports} />}
      error={{ title: REPORT_MESSAGES.loadFailed, fallback: 'Something went wrong' }}
      noMatch={{ title: 'No reports found', description: 'No report matches your search or filter.' }}
      empty={{ icon: Inbox, title: 'No reports found', description: 'No reports available at the moment.' }}
      gridClassName={REPORT_GRID}
      renderItem={(report) => (
        <AdminReportCard key={report.id} report={report} renderAuthorAction={renderAuthorAction} />
      )}
    />
  );
}
