import { Skeleton } from '@/components/ui/skeleton';

/** The post and reversal pages' shape while the post loads. */
export function PostDetailSkeleton() {
  return (
    <div role="status" aria-label="Loading post" className="grid gap-8 lg:grid-cols-2">
      <div className="grid content-start gap-3">
        <Skeleton className="aspect-video w-full rounded-2xl" />
        <div className="flex gap-2">
          <Skeleton className="size-16" />
          <Skeleton className="size-16" />
          <Skeleton className="size-16" />
        </div>
      </div>
      <div className="grid content-start gap-4">
        <Skeleton className="h-9 w-3/4" />
        <Skeleton className="h-5 w-1/2" />
        <div className="flex flex-wrap gap-2">
          <Skeleton className="h-6 w-24 rounded-full" />
          <Skeleton className="h-6 w-20 rounded-full" />
          <Skeleton className="h-6 w-16 rounded-full" />
          <Skeleton className="h-6 w-20 rounded-full" />
        </div>
        <Skeleton className="h-28 w-full" />
        <Skeleton className="h-10 w-40" />
      </div>
    </div>
  );
}
