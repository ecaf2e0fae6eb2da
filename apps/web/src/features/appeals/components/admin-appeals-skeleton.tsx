import { Card } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';

/** Placeholder cards shaped like AdminAppealCard while a page loads. */
export function AdminAppealsSkeleton({ count = 3 }: { count?: number }) {
  return (
    <div role="status" aria-label="Loading appeals" className="grid gap-6">
      {Array.from({ length: count }, (_, index) => (
        <Card key={index} className="grid gap-4 p-5">
          <div className="flex items-start justify-between gap-3">
            <div className="grid flex-1 gap-2">
              <Skeleton className="h-6 w-1/2" />
              <Skeleton className="h-3 w-32" />
            </div>
            <Skeleton className="h-5 w-24 rounded-full" />
          </div>
          <div className="grid gap-3 md:grid-cols-2">
            <Skeleton className="h-32 w-full" />
            <Skeleton className="h-32 w-full" />
          </div>
          <Skeleton className="h-12 w-full" />
          <div className="flex gap-2">
            <Skeleton className="h-10 w-24" />
            <Skeleton className="h-10 w-20" />
          </div>
        </Card>
      ))}
    </div>
  );
}
