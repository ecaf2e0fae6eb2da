/**
 * Category and state lists are small and sorted by name, so a write edits the cached list in
 * place (product.md §7) instead of refetching it. An updater answering undefined leaves an empty
 * cache empty: the next read fetches the list whole.
 */
type Named = { id: string; name: string };

const byName = (a: Named, b: Named) => a.name.localeCompare(b.name, undefined, { sensitivity: 'base' });

export const withItem =
  <T extends Named>(item: T) =>
  (list: T[] | undefined): T[] | undefined =>
    list && [...list.filter((existing) => existing.id !== item.id), item].sort(byName);

export const withoutItem =
  <T extends Named>(id: string) =>
  (list: T[] | undefined): T[] | undefined =>
    list?.filter((existing) => existing.id !== id);
