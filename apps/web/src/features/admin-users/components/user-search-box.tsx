import { ADMIN_USER_SEARCH_MAX } from '@kettle/shared';
import { Search, X } from 'lucide-react';
import { useEffect, useState, type FormEvent } from 'react';
import { Input } from '@/components/ui/input';
import { cn } from '@/lib/cn';

/** How long typing pauses before the search applies on its own. */
export const USER_SEARCH_DEBOUNCE_MS = 400;

type UserSearchBoxProps = { value: string; onSearch: (text: string) => void };

/** Search by username or email: applies on Enter or after a short pause, not on every keystroke. */
export function UserSearchBox({ value, onSearch }: UserSearchBoxProps) {
  const [draft, setDraft] = useState(value);
  const [applied, setApplied] = useState(value);
  // The applied value changed from outside (Clear Filters, Back): show it.
  if (value !== applied) {
    setApplied(value);
    setDraft(value);
  }

  useEffect(() => {
    if (draft.trim() === value) return;
    const timer = setTimeout(() => onSearch(draft.trim()), USER_SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [draft, value, onSearch]);

  const handleSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (draft.trim() !== value) onSearch(draft.trim());
  };

  return (
    <form role="search" onSubmit={handleSubmit} className="relative mb-6 max-w-xl">
      <Search
        className="pointer-events-none absolute left-3 top-1/2 size-4 -translate-y-1/2 text-muted-foreground"
        aria-hidden="true"
      />
      <Input
        type="search"
        aria-label="Search users"
        placeholder="Search by username or email"
        value={draft}
        maxLength={ADMIN_USER_SEARCH_MAX}
        autoCapitalize="none"
        spellCheck={false}
        onChange={(event) => setDraft(event.target.value)}
        className={cn('pl-9 [&::-webkit-search-cancel-button]:hidden', draft ? 'pr-9' : 'pr-3')}
      />
      {draft ? (
        <button
          type="button"
          aria-label="Clear search"
          onClick={() => setDraft('')}
          className="absolute right-2 top-1/2 grid size-7 -translate-y-1/2 place-items-center rounded-md text-muted-foreground hover:bg-muted"
        >
          <X className="size-4" aria-hidden="true" />
        </button>
      ) : null}
    </form>
  );
}
