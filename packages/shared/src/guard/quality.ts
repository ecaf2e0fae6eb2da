import { holdsForReview, type GuardKind } from '../privacy-guard.js';
import { findPrivateData } from './index.js';

/** A labelled sentence: the guard should mark `span` (a substring of `text`) as `kind`. */
export type LabelledSpan = { kind: GuardKind; text: string; span: string };

export type KindQuality = { kind: GuardKind; found: number; total: number; recall: number; missed: string[] };
export type FalsePositives = { flagged: number; total: number; rate: number; examples: string[] };
export type GuardQuality = { kinds: KindQuality[]; falsePositives: FalsePositives };

/** Kinds the redaction treats alike: a ZIP inside a whole address is found as the address. */
const FAMILY: Partial<Record<GuardKind, string>> = { address: 'place', po_box: 'place', zip: 'place' };
const sameKind = (a: GuardKind, b: GuardKind) => a === b || (FAMILY[a] !== undefined && FAMILY[a] === FAMILY[b]);

/** The subject every corpus sentence is tagged with: their own handle is not someone else's. */
export const CORPUS_SUBJECT = '@the_subject';

/** An ordinary text and the subject of the tea it belongs to. */
export type OrdinaryText = { text: string; subject: string };
export const asOrdinary = (texts: readonly string[]): OrdinaryText[] =>
  texts.map((text) => ({ text, subject: CORPUS_SUBJECT }));

/**
 * Recall per kind (a labelled span counts as found when a finding of its kind overlaps it) and the
 * false-positive rate: ordinary texts with any finding that would hold them for a moderator.
 */
export function measureGuard(positives: readonly LabelledSpan[], ordinary: readonly OrdinaryText[]): GuardQuality {
  const byKind = new Map<GuardKind, KindQuality>();
  for (const { kind, text, span } of positives) {
    const quality = byKind.get(kind) ?? { kind, found: 0, total: 0, recall: 0, missed: [] };
    const start = text.indexOf(span);
    const end = start + span.length;
    const hit = findPrivateData(text, { subjectHandle: CORPUS_SUBJECT }).some(
      (found) => sameKind(found.kind, kind) && found.start < end && start < found.end,
    );
    quality.total += 1;
    if (hit) quality.found += 1;
    else quality.missed.push(text);
    quality.recall = quality.found / quality.total;
    byKind.set(kind, quality);
  }
  const examples = ordinary
    .filter(({ text, subject }) =>
      findPrivateData(text, { subjectHandle: subject }).some((found) => holdsForReview(found.severity)),
    )
    .map(({ text }) => text);
  return {
    kinds: [...byKind.values()],
    falsePositives: {
      flagged: examples.length,
      total: ordinary.length,
      rate: ordinary.length === 0 ? 0 : examples.length / ordinary.length,
      examples,
    },
  };
}

/** The goals issue 73 sets: recall per kind, and false positives on ordinary teas. */
export const GUARD_GOALS = {
  recall: { phone: 0.95, email: 0.95, ssn: 0.95, card: 0.95, address: 0.85, minor: 0.85 } as Partial<
    Record<GuardKind, number>
  >,
  falsePositiveRate: 0.02,
};
