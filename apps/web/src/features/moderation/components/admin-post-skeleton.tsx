import { Skeleton } from '@/components/ui/skeleton';

/** The admin post view's shape while the post loads. */
export function AdminPostSkeleton() {
  return (
    <div role="status" aria-label="Loading post" className="grid gap-8 lg:grid-cols-2">
      <div className="grid content-start gap-3">
        <Skeleton className="aspect-video w-full rounded-2xl" />
        <div className="flex gap-2">
          <Skeleton className="size-16" />
          <Skeleton className="size-16" />
        </div>
      </div>
      <div className="grid content-start gap-4">
        <Skeleton className="h-9 w-3/4" />
        <div className="flex gap-2">
          <Skeleton className="h-6 w-24 rounded-full" />
          <Skeleton className="h-6 w-20 rounded-full" />
          <Skeleton className="h-6 w-20 rounded-full" />
        </div>
        <Skeleton className="h-20 w-full" />
        <Skeleton className="h-32 w-full" />
        <div className="flex gap-2">
          <Skeleton className="h-10 w-28" />
          <Skeleton className="h-10 w-28" />
        </div>
      </div>
    </div>
  );
}
