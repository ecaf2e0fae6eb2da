import type { GuardFinding } from '@kettle/shared';
import { useEffect, useState } from 'react';
import { checkText } from './guard-client';

/** Typing pauses this long before the text is checked: a check per key would fight the typing. */
export const GUARD_DEBOUNCE_MS = 300;

/**
 * The privacy guard's findings for a text being typed, checked once typing pauses. Until the new
 * answer comes, the last one's findings still standing at their places in the new text are kept,
 * so highlights do not flicker while a word is typed elsewhere.
 */
export function useGuardFindings(text: string, subjectHandle?: string): GuardFinding[] {
  const [checked, setChecked] = useState<GuardFinding[]>([]);
  useEffect(() => {
    let current = true;
    const timer = setTimeout(() => {
      void checkText(text, subjectHandle).then((findings) => {
        if (current) setChecked(findings);
      });
    }, GUARD_DEBOUNCE_MS);
    return () => {
      current = false;
      clearTimeout(timer);
    };
  }, [text, subjectHandle]);
  return checked.filter((found) => text.slice(found.start, found.end) === found.text);
}
