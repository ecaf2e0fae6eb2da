import { Search, X } from 'lucide-react';
import { useEffect, useState, type FormEvent } from 'react';
import { Input } from '@/components/ui/input';
import { cn } from '@/lib/cn';

/** How long typing pauses before the search applies on its own. */
export const SEARCH_DEBOUNCE_MS = 400;

type SearchBoxProps = {
  value: string;
  onSearch: (text: string) => void;
  label: string;
  placeholder: string;
  maxLength: number;
  /** For names and addresses: no auto-capitalising or spell-checking. */
  verbatim?: boolean;
  className?: string;
};

/** A search field that applies on Enter or after a short pause, not on every keystroke. */
export function SearchBox({ value, onSearch, label, placeholder, maxLength, verbatim, className }: SearchBoxProps) {
  const [draft, setDraft] = useState(value);
  const [applied, setApplied] = useState(value);
  // The applied value changed from outside (a chip removed, Clear All, Back): show it.
  if (value !== applied) {
    setApplied(value);
    setDraft(value);
  }

  useEffect(() => {
    if (draft.trim() === value) return;
    const timer = setTimeout(() => onSearch(draft.trim()), SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [draft, value, onSearch]);

  const handleSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (draft.trim() !== value) onSearch(draft.trim());
  };

  return (
    <form role="search" onSubmit={handleSubmit} className={cn('relative', className)}>
      <Search
        className="pointer-events-none absolute left-3 top-1/2 size-4 -translate-y-1/2 text-muted-foreground"
        aria-hidden="true"
      />
      <Input
        type="search"
        aria-label={label}
        placeholder={placeholder}
        value={draft}
        maxLength={maxLength}
        {...(verbatim ? { autoCapitalize: 'none', spellCheck: false } : {})}
        onChange={(event) => setDraft(event.target.value)}
        className={cn(
          'pl-9 placeholder:text-sm sm:placeholder:text-base [&::-webkit-search-cancel-button]:hidden',
          draft ? 'pr-9' : 'pr-3',
        )}
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
