import { Card } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { USER_GRID } from './user-grid';

/** Placeholder cards shaped like AdminUserCard while a page loads. */
export function AdminUsersSkeleton({ count }: { count: number }) {
  return (
    <div role="status" aria-label="Loading users" className={USER_GRID}>
      {Array.from({ length: count }, (_, index) => (
        <Card key={index} className="flex flex-col gap-4 p-5">
          <div className="flex items-start justify-between gap-3">
            <div className="grid flex-1 gap-2">
              <Skeleton className="h-6 w-1/2" />
              <Skeleton className="h-4 w-3/4" />
            </div>
            <Skeleton className="h-5 w-16 rounded-full" />
          </div>
          <div className="grid grid-cols-2 gap-3">
            <Skeleton className="h-10" />
            <Skeleton className="h-10" />
          </div>
          <div className="flex gap-2">
            <Skeleton className="h-9 w-32" />
            <Skeleton className="h-9 w-24" />
          </div>
        </Card>
      ))}
    </div>
  );
}
