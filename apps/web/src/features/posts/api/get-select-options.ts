import { useQuery } from '@tanstack/react-query';
import type { Category, UsState } from '@kettle/shared';
import { categoriesQueryOptions, statesQueryOptions } from '@/lib/taxonomy';

export type SelectOption = { value: string; label: string };

const toCategoryOptions = (list: Category[]): SelectOption[] =>
  list.map(({ id, name }) => ({ value: id, label: name }));

const toStateOptions = (list: UsState[]): SelectOption[] =>
  list.map(({ id, name, code }) => ({ value: id, label: `${name} (${code})` }));

/** The post forms' options, read from the cached category and state lists. */
export const useCategoryOptions = () => useQuery({ ...categoriesQueryOptions(), select: toCategoryOptions });

export const useStateOptions = () => useQuery({ ...statesQueryOptions(), select: toStateOptions });
