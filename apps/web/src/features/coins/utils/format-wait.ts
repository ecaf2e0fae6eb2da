const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

/** The time left until `until`, as '5h' (whole hours) or '35m' under an hour. */
export function formatWait(until: string, now: Date = new Date()): string {
  const left = new Date(until).getTime() - now.getTime();
  if (!Number.isFinite(left) || left <= 0) return 'a moment';
  if (left < HOUR) return `${Math.max(1, Math.ceil(left / MINUTE))}m`;
  return `${Math.floor(left / HOUR)}h`;
}
