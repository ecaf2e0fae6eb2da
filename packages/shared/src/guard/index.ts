import { GUARD_KINDS, holdsForReview, type GuardFinding } from '../privacy-guard.js';
import { findAddresses } from './address.js';
import { findAllegations, sentenceStart } from './allegations.js';
import { findEmails, findOtherProfiles, findPhones } from './contact.js';
import { resolveOverlaps } from './finding.js';
import { findHealth, findMoney, findNames, findWorkplaces } from './hints.js';
import { findBirthDates, findCards, findPlates, findSsns } from './identity-numbers.js';
import { findMinors } from './minors.js';

export type GuardOptions = {
  /** The tea's subject: their own handle and profile links are not someone else's. */
  subjectHandle?: string;
};

/**
 * The privacy guard: every finding in a text, in order, one per stretch of text. Offsets are
 * JavaScript string indices, the same in the browser and on the server. Pure and synchronous.
 */
export function findPrivateData(text: string, options: GuardOptions = {}): GuardFinding[] {
  return resolveOverlaps([
    ...findPhones(text),
    ...findEmails(text),
    ...findOtherProfiles(text, options.subjectHandle),
    ...findSsns(text),
    ...findCards(text),
    ...findPlates(text),
    ...findBirthDates(text),
    ...findAddresses(text),
    ...findMinors(text),
    ...findNames(text),
    ...findWorkplaces(text),
    ...findHealth(text),
    ...findMoney(text),
    ...findAllegations(text),
  ]);
}

/** True when any finding keeps the text from publishing until a moderator decides. */
export const needsReview = (findings: readonly GuardFinding[]): boolean =>
  findings.some((found) => holdsForReview(found.severity));

/** The text with the given findings replaced by their removal notes ("[phone removed]"). */
export function redact(text: string, findings: readonly GuardFinding[]): string {
  let result = text;
  for (const found of [...findings].sort((a, b) => b.start - a.start)) {
    const removal: string | undefined = (GUARD_KINDS[found.kind] as { removal?: string }).removal;
    if (removal === undefined || text.slice(found.start, found.end) !== found.text) continue;
    result = result.slice(0, found.start) + removal + result.slice(found.end);
  }
  return result;
}

/** The text with the sentence holding an allegation opened by `opening` ("In my opinion, "). */
export function reword(text: string, found: GuardFinding, opening: string): string {
  const start = sentenceStart(text, found.start);
  // A pronoun or article that opened the sentence no longer does; a name keeps its capital.
  const opener = /^(?:She|He|They|This|That|The|His|Her|Their|It)\b/.exec(text.slice(start));
  const rest = opener ? opener[0].toLowerCase() + text.slice(start + opener[0].length) : text.slice(start);
  return text.slice(0, start) + opening + rest;
}

export { luhn } from './identity-numbers.js';
