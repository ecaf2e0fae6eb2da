import type { UseQueryResult } from '@tanstack/react-query';
import { categoryInputSchema, stateInputSchema, TAXONOMY_MESSAGES } from '@kettle/shared';
import { MapPin, Tags, type LucideIcon } from 'lucide-react';
import type { z } from 'zod';
import { categoriesQueryKey, statesQueryKey, useCategories, useStates } from '@/lib/taxonomy';

/** A category or a state as the pages show it; only states have a code. */
export type TaxonomyItem = { id: string; name: string; description: string; code?: string };

/** What the form sends: trimmed, a state's code upper-cased. */
export type TaxonomyValues = { name: string; description: string; code?: string };

/** What sets categories and states apart; one page, one form and one set of writes serve both. */
export type TaxonomyKind = {
  /** As the buttons and titles say it: 'Add Category', 'Edit State'. */
  noun: 'Category' | 'State';
  title: 'Categories' | 'States';
  description: string;
  /** The home page's filter (product.md §2): `/?category=Name`. */
  filter: 'category' | 'state';
  /** The list is read at `${api}/`, written at `${api}/admin/`. */
  api: '/categories' | '/states';
  queryKey: readonly string[];
  useList: () => UseQueryResult<TaxonomyItem[]>;
  messages: (typeof TAXONOMY_MESSAGES)[keyof typeof TAXONOMY_MESSAGES];
  schema: z.ZodType<TaxonomyValues, TaxonomyValues>;
  /** States have a two-letter code beside the name. */
  hasCode: boolean;
  newItemHint: string;
  empty: { icon: LucideIcon; title: string; adminHint: string };
};

export const CATEGORY_KIND: TaxonomyKind = {
  noun: 'Category',
  title: 'Categories',
  description: 'Every tea is filed under a topic. Pick one to read the teas in it.',
  filter: 'category',
  api: '/categories',
  queryKey: categoriesQueryKey,
  useList: useCategories,
  messages: TAXONOMY_MESSAGES.category,
  schema: categoryInputSchema,
  hasCode: false,
  newItemHint: 'A new topic people can file teas under.',
  empty: { icon: Tags, title: 'No categories yet', adminHint: 'Add the first one so people can file their teas.' },
};

export const STATE_KIND: TaxonomyKind = {
  noun: 'State',
  title: 'States',
  description: 'Every tea happened somewhere. Pick a state to read the teas spilled there.',
  filter: 'state',
  api: '/states',
  queryKey: statesQueryKey,
  useList: useStates,
  messages: TAXONOMY_MESSAGES.state,
  schema: stateInputSchema,
  hasCode: true,
  newItemHint: 'A new place people can file teas under.',
  empty: {
    icon: MapPin,
    title: 'No states yet',
    adminHint: 'Add the first one so people can say where the tea was spilled.',
  },
};

/** The public list filters by name (product.md §2), the same key everywhere. */
export const itemHref = (kind: TaxonomyKind, name: string): string => `/?${kind.filter}=${encodeURIComponent(name)}`;
