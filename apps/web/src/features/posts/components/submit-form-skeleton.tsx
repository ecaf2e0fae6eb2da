import { Skeleton } from '@/components/ui/skeleton';

/** A field's place: its label, then its box. */
function FieldSkeleton({ box = 'h-10' }: { box?: string }) {
  return (
    <div className="flex flex-col gap-2">
      <Skeleton className="h-4 w-32" />
      <Skeleton className={box} />
    </div>
  );
}

/**
 * The tea form's shape while its code loads: the same sections in the same order, tall enough
 * that nothing below it moves into view when the form takes its place.
 */
export function SubmitFormSkeleton() {
  return (
    <div role="status" aria-label="Loading the form" className="flex flex-col gap-5">
      <Skeleton className="h-16" />
      <FieldSkeleton />
      <FieldSkeleton box="h-40" />
      <FieldSkeleton />
      <div className="grid gap-5 sm:grid-cols-2">
        <FieldSkeleton />
        <FieldSkeleton />
      </div>
      <div className="grid gap-5 sm:grid-cols-2">
        <FieldSkeleton />
        <FieldSkeleton />
      </div>
      <Skeleton className="h-32" />
      <div className="flex justify-end gap-3">
        <Skeleton className="h-10 w-24" />
        <Skeleton className="h-10 w-32" />
      </div>
    </div>
  );
}
