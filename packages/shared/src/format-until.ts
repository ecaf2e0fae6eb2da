// Apart from the rules' texts: the cards on `/` name a suspension's end and need nothing else here.

/** An end date as every message and page names it: the day and the minute, in UTC. */
export function formatUntil(iso: string | Date): string {
  const date = typeof iso === 'string' ? new Date(iso) : iso;
  const day = date.toLocaleDateString('en-US', { timeZone: 'UTC', year: 'numeric', month: 'long', day: 'numeric' });
  const time = date.toLocaleTimeString('en-GB', { timeZone: 'UTC', hour: '2-digit', minute: '2-digit' });
  return `${day}, ${time} UTC`;
}

/** The suspension end as the disabled buttons explain it (the cards on `/` do: no zod here). */
export const suspendedUntilText = (until: string | Date) => `Suspended until ${formatUntil(until)}`;
