/**
 * What a full load shows until the matched route's chunk has arrived (a few hundred ms on a
 * slow phone): an empty page of the right colour, so nothing jumps, announced to screen readers.
 */
export function HydrateFallback() {
  return (
    <div className="min-h-dvh" role="status">
      <span className="sr-only">Loading Kettle…</span>
    </div>
  );
}
