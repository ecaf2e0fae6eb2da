import { GUARD_KINDS, type GuardFinding, type GuardKind } from '../privacy-guard.js';
import { passes } from './gates.js';

/** A finding over `source` from `start` to `end`, its severity and rule taken from the catalogue. */
export function finding(kind: GuardKind, source: string, start: number, end: number): GuardFinding {
  const { severity, rule } = GUARD_KINDS[kind];
  return { kind, start, end, text: source.slice(start, end), severity, rule };
}

/** Every match of `pattern` (which must be global) as a finding; `group` picks the span to report. */
export function matchAll(
  kind: GuardKind,
  source: string,
  pattern: RegExp,
  accept: (match: RegExpMatchArray) => boolean = () => true,
  group = 0,
): GuardFinding[] {
  const found: GuardFinding[] = [];
  for (const match of source.matchAll(pattern)) {
    if (!accept(match)) continue;
    const span = spanOf(match, group);
    if (span) found.push(finding(kind, source, span[0], span[1]));
  }
  return found;
}

/** Where a match's group sits in the source (the `d` flag gives indices; without it, group 0 only). */
export function spanOf(match: RegExpMatchArray, group = 0): [number, number] | undefined {
  const start = match.index ?? 0;
  if (group === 0) return [start, start + match[0].length];
  const indices = match.indices?.[group];
  return indices ? [indices[0], indices[1]] : undefined;
}

const RANK = { high: 0, minor: 1, allegation: 2, hint: 3 } as const;

/**
 * One finding per stretch of text: where two overlap, the more serious wins, then the longer (a
 * card number is not also a phone number; a school's name is a minor finding, not a full name).
 */
export function resolveOverlaps(findings: GuardFinding[]): GuardFinding[] {
  const ordered = [...findings].sort(
    (a, b) => RANK[a.severity] - RANK[b.severity] || b.end - b.start - (a.end - a.start) || a.start - b.start,
  );
  const kept: GuardFinding[] = [];
  for (const candidate of ordered) {
    if (kept.some((other) => candidate.start < other.end && other.start < candidate.end)) continue;
    kept.push(candidate);
  }
  return kept.sort((a, b) => a.start - b.start);
}

/**
 * Words as an alternation matching them in lower case, Capitalised or in CAPITALS, so a pattern can
 * ask for a capital elsewhere (a street's name) without the `i` flag making every word a name.
 */
export const anyCase = (words: string): string =>
  words
    .split('|')
    .flatMap((word) => [word, word.charAt(0).toUpperCase() + word.slice(1), word.toUpperCase()])
    .join('|');

/**
 * Only when `hint` is in the text: a small pattern every match of a large one must contain. V8 runs
 * the large word-list patterns an order of magnitude slower a character than a small one, and
 * most texts (a short comment above all) hold none of their words.
 */
export const when = (hint: RegExp, source: string, find: () => GuardFinding[]): GuardFinding[] =>
  passes(hint.test(source)) ? find() : [];
