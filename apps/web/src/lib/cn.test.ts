import { twMerge } from 'tailwind-merge';
import { describe, expect, it } from 'vitest';
// @ts-expect-error: a plain .mjs helper of the build, without types
import { sourceClassNames } from '../../build/tailwind-classes.mjs';
import { cn } from './cn';

/** The class names of the app that tailwind-merge's full config knows (repeating one merges it). */
const classNames = (sourceClassNames() as string[]).filter((name) => twMerge(`${name} ${name}`) === name);

describe('cn (tailwind-merge with the cut-down config)', () => {
  it('knows the class names the app writes', () => {
    expect(classNames.length).toBeGreaterThan(300);
  });

  // About 1.5 million pairs: seconds of CPU, hence the longer timeout.
  it('merges every pair of the app class names exactly as the full tailwind-merge does', { timeout: 60_000 }, () => {
    const differences: string[] = [];
    for (const first of classNames) {
      for (const second of classNames) {
        const input = `${first} ${second}`;
        const expected = twMerge(input);
        if (cn(input) !== expected) differences.push(`${input} → ${cn(input)} (full config: ${expected})`);
      }
    }
    // A failure after writing new classes: run `node apps/web/build/generate-tw-merge-config.mjs`.
    expect(differences.slice(0, 20)).toEqual([]);
  });

  it('still drops the earlier of two conflicting classes', () => {
    expect(cn('px-4 py-2', 'px-2')).toBe('py-2 px-2');
    expect(cn('text-sm text-muted-foreground', 'text-destructive')).toBe('text-sm text-destructive');
    expect(cn('hidden', false, 'sm:inline-flex')).toBe('hidden sm:inline-flex');
  });
});
