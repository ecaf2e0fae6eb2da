import { useCallback } from 'react';
import { useSearchParams } from 'react-router';

/** A page number from the address: a positive integer, else 1. */
export function readPage(value: string | null): number {
  const page = Number(value);
  return Number.isInteger(page) && page > 0 ? page : 1;
}

/**
 * A list screen's filters and page kept in the query string. The address is replaced, not
 * pushed, so Back leaves the screen instead of stepping through every filter change; a new
 * filter value starts again at page 1.
 */
export function useAddressParams() {
  const [searchParams, setSearchParams] = useSearchParams();

  const update = useCallback(
    (changes: Record<string, string | undefined>) =>
      setSearchParams(
        (current) => {
          const params = new URLSearchParams(current);
          for (const [name, value] of Object.entries(changes)) {
            if (value) params.set(name, value);
            else params.delete(name);
          }
          return params;
        },
        { replace: true },
      ),
    [setSearchParams],
  );
  const setPage = useCallback((next: number) => update({ page: next > 1 ? String(next) : undefined }), [update]);
  const setFilter = useCallback(
    (name: string, value: string | undefined) => update({ [name]: value?.trim() || undefined, page: undefined }),
    [update],
  );

  return { searchParams, page: readPage(searchParams.get('page')), setPage, setFilter };
}
