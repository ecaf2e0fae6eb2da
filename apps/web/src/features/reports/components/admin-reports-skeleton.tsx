import { Card } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { REPORT_GRID } from './report-grid';

/** Placeholder cards shaped like AdminReportCard while a page loads. */
export function AdminReportsSkeleton({ count }: { count: number }) {
  return (
    <div role="status" aria-label="Loading reports" className={REPORT_GRID}>
      {Array.from({ length: count }, (_, index) => (
        <Card key={index} className="flex flex-col gap-4 p-5">
          <div className="flex items-start justify-between gap-3">
            <div className="grid flex-1 gap-2">
              <Skeleton className="h-3 w-20" />
              <Skeleton className="h-6 w-2/3" />
            </div>
            <Skeleton className="h-5 w-20 rounded-full" />
          </div>
          <Skeleton className="h-14 w-full" />
          <Skeleton className="h-20 w-full" />
          <div className="flex gap-2">
            <Skeleton className="h-9 w-32" />
            <Skeleton className="h-9 w-24" />
          </div>
        </Card>
      ))}
    </div>
  );
}
