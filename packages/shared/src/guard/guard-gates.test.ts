import { afterEach, describe, expect, it } from 'vitest';
import { NEGATIVES, POSITIVES } from './corpus/index.js';
import { openGates } from './gates.js';
import { findPrivateData } from './index.js';

afterEach(() => openGates(false));

const TEXTS = [...POSITIVES.map((positive) => positive.text), ...NEGATIVES];
/** Each text as written, in lower case, in capitals, and beside another: gates read case and length. */
const VARIANTS = [
  ...TEXTS,
  ...TEXTS.map((text) => text.toLowerCase()),
  ...TEXTS.map((text) => text.toUpperCase()),
  ...TEXTS.map((text, i) => `${text} ${TEXTS[(i + 7) % TEXTS.length] ?? ''}`),
];

const findAll = () => VARIANTS.map((text) => findPrivateData(text, { subjectHandle: '@the_subject' }));

describe('the detectors’ gates', () => {
  it('turn away only texts their patterns could not match: the findings are the same with every gate open', () => {
    const gated = findAll();
    openGates(true);
    const open = findAll();
    const differing = VARIANTS.filter((_, i) => JSON.stringify(gated[i]) !== JSON.stringify(open[i]));
    expect(differing).toEqual([]);
    // The corpus does hold findings (the comparison is not of empty lists).
    expect(gated.filter((found) => found.length > 0).length).toBeGreaterThan(1000);
  });
});
