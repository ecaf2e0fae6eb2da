import { POST_STATUS_VALUES, type Category, type PostStatus, type UsState } from '@kettle/shared';
import { X } from 'lucide-react';
import { useCallback } from 'react';
import { Button } from '@/components/ui/button';
import { NativeSelect } from '@/components/ui/native-select';
import { SearchBox } from '@/components/ui/search-box';
import { cn } from '@/lib/cn';

/** What the bar filters on, as it appears in the address bar: category name and state code. */
export type PostFilters = { category?: string; state?: string; search?: string; status?: PostStatus };

export const STATUS_LABELS: Record<PostStatus, string> = {
  pending: 'Pending',
  approved: 'Approved',
  rejected: 'Rejected',
};

const isStatus = (value: string): value is PostStatus => POST_STATUS_VALUES.some((status) => status === value);

/** Any filter set at all. */
export const hasFilters = (filters: PostFilters): boolean =>
  Boolean(filters.category || filters.state || filters.search || filters.status);

type FilterBarProps = {
  value: PostFilters;
  onChange: (next: PostFilters) => void;
  categories: Category[];
  states: UsState[];
  /** The public list has no status filter. */
  showStatus?: boolean;
  clearLabel?: string;
};

/** Category, state, status and search, with the active ones as removable chips (product.md §2 shared filter bar). */
export function FilterBar({
  value,
  onChange,
  categories,
  states,
  showStatus = true,
  clearLabel = 'Clear All',
}: FilterBarProps) {
  const set = (patch: PostFilters) => onChange({ ...value, ...patch });
  const handleSearch = useCallback((search: string) => onChange({ ...value, search }), [onChange, value]);
  const stateName = states.find((s) => s.code === value.state)?.name ?? value.state;

  const chips: Array<{ label: string; clear: PostFilters }> = [];
  if (value.category) chips.push({ label: `Category: ${value.category}`, clear: { category: undefined } });
  if (value.state) chips.push({ label: `State: ${stateName}`, clear: { state: undefined } });
  if (value.status) chips.push({ label: `Status: ${STATUS_LABELS[value.status]}`, clear: { status: undefined } });
  if (value.search) chips.push({ label: `Search: "${value.search}"`, clear: { search: undefined } });

  return (
    <section aria-label="Filters" className="mb-6 rounded-2xl border border-border bg-card p-4 shadow-sm">
      <div className={cn('grid gap-3', showStatus ? 'sm:grid-cols-3 lg:grid-cols-5' : 'sm:grid-cols-2 lg:grid-cols-4')}>
        <div className={showStatus ? 'sm:col-span-3 lg:col-span-2' : 'sm:col-span-2'}>
          <SearchBox
            value={value.search ?? ''}
            onSearch={handleSearch}
            label="Search teas"
            placeholder="Search titles, keywords, @handles"
            maxLength={100}
          />
        </div>
        <NativeSelect
          aria-label="Category"
          value={value.category ?? ''}
          onChange={(event) => set({ category: event.target.value || undefined })}
        >
          <option value="">All Categories</option>
          {categories.map((category) => (
            <option key={category.id} value={category.name}>
              {category.name}
            </option>
          ))}
        </NativeSelect>
        <NativeSelect
          aria-label="State"
          value={value.state ?? ''}
          onChange={(event) => set({ state: event.target.value || undefined })}
        >
          <option value="">All States</option>
          {states.map((state) => (
            <option key={state.id} value={state.code}>
              {state.name} ({state.code})
            </option>
          ))}
        </NativeSelect>
        {showStatus ? (
          <NativeSelect
            aria-label="Status"
            value={value.status ?? ''}
            onChange={(event) => set({ status: isStatus(event.target.value) ? event.target.value : undefined })}
          >
            <option value="">All Statuses</option>
            {POST_STATUS_VALUES.map((status) => (
              <option key={status} value={status}>
                {STATUS_LABELS[status]}
              </option>
            ))}
          </NativeSelect>
        ) : null}
      </div>

      {chips.length > 0 ? (
        <div className="mt-3 flex flex-wrap items-center gap-2">
          <span className="text-sm text-muted-foreground">Active filters:</span>
          <ul className="contents">
            {chips.map((chip) => (
              <li key={chip.label} className="max-w-full">
                <button
                  type="button"
                  onClick={() => set(chip.clear)}
                  aria-label={`Remove filter ${chip.label}`}
                  className="inline-flex max-w-full items-center gap-1 rounded-full bg-secondary px-3 py-1 text-xs font-semibold text-secondary-foreground hover:bg-secondary/80"
                >
                  <span className="truncate">{chip.label}</span>
                  <X className="size-3.5 shrink-0" aria-hidden="true" />
                </button>
              </li>
            ))}
          </ul>
          <Button variant="link" size="sm" className="h-auto px-1" onClick={() => onChange({})}>
            {clearLabel}
          </Button>
        </div>
      ) : null}
    </section>
  );
}
