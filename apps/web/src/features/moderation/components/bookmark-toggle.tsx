import { Bookmark, BookmarkCheck } from 'lucide-react';
import { useState } from 'react';
import { Button } from '@/components/ui/button';

const STORAGE_KEY = 'kettle.adminBookmarks';

function readBookmarks(): string[] {
  try {
    const parsed: unknown = JSON.parse(localStorage.getItem(STORAGE_KEY) ?? '[]');
    return Array.isArray(parsed) ? parsed.filter((v): v is string => typeof v === 'string') : [];
  } catch {
    return [];
  }
}

function writeBookmarks(ids: string[]): void {
  try {
    localStorage.setItem(STORAGE_KEY, JSON.stringify(ids));
  } catch {
    // Storage can be unavailable (private mode): the toggle still works for this visit.
  }
}

/** A bookmark that lives only in this browser (product.md §2: local only). */
export function BookmarkToggle({ postId }: { postId: string }) {
  const [saved, setSaved] = useState(() => readBookmarks().includes(postId));
  const toggle = () => {
    const next = !saved;
    const others = readBookmarks().filter((id) => id !== postId);
    writeBookmarks(next ? [...others, postId] : others);
    setSaved(next);
  };
  const Icon = saved ? BookmarkCheck : Bookmark;
  return (
    <Button
      variant="outline"
      size="icon"
      aria-label="Bookmark"
      aria-pressed={saved}
      title={saved ? 'Remove bookmark' : 'Bookmark'}
      onClick={toggle}
      className={saved ? 'bg-secondary text-primary' : undefined}
    >
      <Icon aria-hidden="true" />
    </Button>
  );
}
