import { apiUrl, FIRST_VIEW_ELEMENT_ID, SAME_FOR_EVERYONE, type ApiQuery } from '@kettle/shared';
import { getSession } from './session';

let answers: Record<string, unknown> | null | undefined;
/** When the page was read: the answers are as old as that, however late a query takes one. */
let readAt = 0;

/** The answers the server put in the page (see `firstView` in @kettle/shared), read once. */
function read(): Record<string, unknown> | null {
  if (answers !== undefined) return answers;
  answers = null;
  readAt = Date.now();
  const element = typeof document === 'undefined' ? null : document.getElementById(FIRST_VIEW_ELEMENT_ID);
  if (element?.textContent) {
    try {
      answers = JSON.parse(element.textContent) as Record<string, unknown>;
    } catch {
      // A page cut short in transit: the queries fetch as usual.
    }
  }
  element?.remove();
  return answers;
}

/**
 * A query's starting data from the page itself, so the first render already shows it (goal F2):
 * taken once, and only by a visitor (the server answered as one) unless every viewer gets the same.
 * Dated when the page was read, so one taken later (after signing out, say) is refetched if stale.
 */
export function firstViewData<Raw, Data = Raw>(
  path: string,
  query?: ApiQuery,
  pick: (raw: Raw) => Data = (raw) => raw as unknown as Data,
): { initialData?: () => Data; initialDataUpdatedAt?: number } {
  const all = read();
  const url = apiUrl(path, query);
  if (!all || !(url in all)) return {};
  if (getSession().accessToken && !SAME_FOR_EVERYONE.includes(path)) return {};
  const raw = all[url] as Raw;
  delete all[url];
  return { initialData: () => pick(raw), initialDataUpdatedAt: readAt };
}
