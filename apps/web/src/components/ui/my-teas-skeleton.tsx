import { Card } from './card';
import { Skeleton } from './skeleton';
import { TEA_GRID } from './tea-grid';

/** Placeholder cards shaped like MyTeaCard while a page loads. */
export function MyTeasSkeleton({ count }: { count: number }) {
  return (
    <div role="status" aria-label="Loading teas" className={TEA_GRID}>
      {Array.from({ length: count }, (_, index) => (
        <Card key={index} className="overflow-hidden">
          <Skeleton className="aspect-video rounded-none" />
          <div className="flex flex-col gap-3 p-5">
            <div className="flex gap-2">
              <Skeleton className="h-5 w-24 rounded-full" />
              <Skeleton className="h-5 w-20 rounded-full" />
            </div>
            <Skeleton className="h-6 w-3/4" />
            <Skeleton className="h-14 w-full" />
            <Skeleton className="h-4 w-1/2" />
          </div>
        </Card>
      ))}
    </div>
  );
}
