import { holdsForReview, type GuardFinding } from '../privacy-guard.js';
import { findAddresses } from './address.js';
import { findAllegations } from './allegations.js';
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

export { redact, reword } from './fixes.js';
export { luhn } from './identity-numbers.js';
