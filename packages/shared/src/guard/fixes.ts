import { GUARD_KINDS, type GuardFinding } from '../privacy-guard.js';
import { sentenceStart } from './sentences.js';

// The composer's one-click fixes. Apart from the detector so a page can offer them without loading it.

type Found = Pick<GuardFinding, 'kind' | 'start' | 'end' | 'text'>;

/** The text with the given findings replaced by their removal notes ("[phone removed]"). */
export function redact(text: string, findings: readonly Found[]): string {
  let result = text;
  for (const found of [...findings].sort((a, b) => b.start - a.start)) {
    const removal: string | undefined = (GUARD_KINDS[found.kind] as { removal?: string }).removal;
    if (removal === undefined || text.slice(found.start, found.end) !== found.text) continue;
    result = result.slice(0, found.start) + removal + result.slice(found.end);
  }
  return result;
}

/** The text with the sentence holding an allegation opened by `opening` ("In my opinion, "). */
export function reword(text: string, found: Pick<GuardFinding, 'start'>, opening: string): string {
  const start = sentenceStart(text, found.start);
  // A pronoun or article that opened the sentence no longer does; a name keeps its capital.
  const opener = /^(?:She|He|They|This|That|The|His|Her|Their|It)\b/.exec(text.slice(start));
  const rest = opener ? opener[0].toLowerCase() + text.slice(start + opener[0].length) : text.slice(start);
  return text.slice(0, start) + opening + rest;
}
