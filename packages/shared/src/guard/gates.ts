/**
 * What every text is asked before the patterns run: its lower-case form, how many figures it has,
 * and whether it mentions any of a few words. A substring test costs tens of nanoseconds where a
 * pattern scan costs a microsecond, and most texts (a short comment above all) hold nothing the
 * patterns look for. Each gate must be necessary for its pattern: a text it turns away is one
 * the pattern could not match (`guard-gates.test.ts` holds every detector to that on the corpus).
 */
let lastSource: string | undefined;
let lastLower = '';
let lastFigures = 0;
let lastNumberWords: number | undefined;
/** Every gate open: the patterns alone decide (the gates' test compares the two). */
let open = false;

export function openGates(value: boolean): void {
  open = value;
}

/** A gate of a detector's own (a small pattern's test): passes when it holds or the gates are open. */
export const passes = (holds: boolean): boolean => open || holds;

function read(source: string): void {
  if (source === lastSource) return;
  lastSource = source;
  lastLower = source.toLowerCase();
  let figures = 0;
  for (let i = 0; i < source.length; i += 1) {
    const code = source.charCodeAt(i);
    if (code >= 48 && code <= 57) figures += 1;
  }
  lastFigures = figures;
  lastNumberWords = undefined;
}

/** The text in lower case (the last text's is kept: every detector asks for the same one). */
export function lowerOf(source: string): string {
  read(source);
  return lastLower;
}

/** True when the text, in lower case, holds any of `words` (given in lower case). */
export function mentions(source: string, words: readonly string[]): boolean {
  if (open) return true;
  const lower = lowerOf(source);
  return words.some((word) => lower.includes(word));
}

const NUMBER_WORD = /(?<![a-z])(?:zero|oh|one|two|three|four|five|six|seven|eight|nine)(?![a-z])/g;

/**
 * Whether the text could hold a run of `count` digits as digit-runs.ts reads them: each figure is
 * one, each number word one, and a letter O counts only beside a figure (at most one more than them).
 */
export function mayHoldDigits(source: string, count: number): boolean {
  if (open) return true;
  read(source);
  if (lastFigures >= count) return true;
  lastNumberWords ??= lastLower.match(NUMBER_WORD)?.length ?? 0;
  return 2 * lastFigures + 1 + lastNumberWords >= count;
}

/** How many figures (0-9) the text holds. */
export function figuresIn(source: string): number {
  if (open) return Number.POSITIVE_INFINITY;
  read(source);
  return lastFigures;
}
