import { useCallback, useEffect } from 'react';

/**
 * Paging for a list: when the page in the address lies past the last one (a hand-edited
 * address, or fewer rows than when it was chosen), step back to the last page once the current
 * answer says so. Returns the handler for a page turn, which also scrolls back to the top.
 */
export function usePageTurns({
  page,
  totalPages,
  current,
  setPage,
}: {
  page: number;
  totalPages: number;
  /** The answer on screen is for this page (not a placeholder from the previous one). */
  current: boolean;
  setPage: (next: number) => void;
}): (next: number) => void {
  const overshot = current && page > totalPages;
  useEffect(() => {
    if (overshot) setPage(totalPages);
  }, [overshot, totalPages, setPage]);

  return useCallback(
    (next: number) => {
      setPage(next);
      window.scrollTo({ top: 0 });
    },
    [setPage],
  );
}
