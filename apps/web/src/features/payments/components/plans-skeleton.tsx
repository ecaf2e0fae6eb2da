import { Card } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { PLAN_GRID } from './plan-grid';

/** Four placeholder bundle cards while the plans load. */
export function PlansSkeleton() {
  return (
    <div role="status" aria-label="Loading plans" className={PLAN_GRID}>
      {Array.from({ length: 4 }, (_, index) => (
        <Card key={index} className="flex flex-col items-center gap-4 px-6 pb-6 pt-8">
          <Skeleton className="h-7 w-24" />
          <Skeleton className="size-8 rounded-full" />
          <Skeleton className="h-10 w-28" />
          <Skeleton className="h-7 w-24 rounded-full" />
          <Skeleton className="h-9 w-24" />
          <Skeleton className="h-12 w-full" />
        </Card>
      ))}
    </div>
  );
}
