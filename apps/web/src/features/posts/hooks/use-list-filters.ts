import { POST_STATUS_VALUES, type Category, type PostStatus, type UsState } from '@kettle/shared';
import { useCallback } from 'react';
import { useSearchParams } from 'react-router';
import { readPage } from '@/lib/use-address-params';
import type { PostFilters } from '../components/filter-bar';

const isStatus = (value: string | null): value is PostStatus => POST_STATUS_VALUES.some((status) => status === value);

const same = (a: string, b: string) => a.trim().toLowerCase() === b.trim().toLowerCase();

/** The address bar form of filters and page: empty ones and page 1 are left out. */
export function filtersToSearch(filters: PostFilters, page = 1): URLSearchParams {
  const params = new URLSearchParams();
  if (filters.category) params.set('category', filters.category);
  if (filters.state) params.set('state', filters.state);
  if (filters.search) params.set('search', filters.search);
  if (filters.status) params.set('status', filters.status);
  if (page > 1) params.set('page', String(page));
  return params;
}

type Lists = { categories: Category[] | undefined; states: UsState[] | undefined };

/**
 * Filters and page kept in the query string (category by name, state by code or name), and
 * the ids the API wants. `ready` is false while a named category or state is still unknown.
 */
export function useListFilters({ categories, states }: Lists) {
  const [searchParams, setSearchParams] = useSearchParams();
  const categoryParam = searchParams.get('category') ?? '';
  const stateParam = searchParams.get('state') ?? '';
  const statusParam = searchParams.get('status');
  const category = categoryParam ? categories?.find((c) => same(c.name, categoryParam)) : undefined;
  const state = stateParam ? states?.find((s) => same(s.code, stateParam) || same(s.name, stateParam)) : undefined;

  const filters: PostFilters = {
    category: category?.name ?? (categoryParam || undefined),
    state: state?.code ?? (stateParam || undefined),
    search: searchParams.get('search')?.trim() || undefined,
    status: isStatus(statusParam) ? statusParam : undefined,
  };
  const page = readPage(searchParams.get('page'));
  const ready = (!categoryParam || categories !== undefined) && (!stateParam || states !== undefined);
  // A name that matches nothing filters to nothing rather than silently showing everything.
  const unknown = ready && ((Boolean(categoryParam) && !category) || (Boolean(stateParam) && !state));

  const setFilters = useCallback((next: PostFilters) => setSearchParams(filtersToSearch(next)), [setSearchParams]);
  const setPage = useCallback(
    (next: number) =>
      setSearchParams((current) => {
        const params = new URLSearchParams(current);
        if (next > 1) params.set('page', String(next));
        else params.delete('page');
        return params;
      }),
    [setSearchParams],
  );

  return {
    filters,
    page,
    ready,
    unknown,
    ids: { category_id: category?.id, state_id: state?.id },
    setFilters,
    setPage,
  };
}
