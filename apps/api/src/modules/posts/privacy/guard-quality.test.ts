import { NEGATIVES, POSITIVES } from '@kettle/shared/guard/corpus';
import { asOrdinary, GUARD_GOALS, measureGuard, type GuardQuality } from '@kettle/shared/guard/quality';
import { describe, expect, it } from 'vitest';
import { demoCommunityTexts } from '../../../db/demo/demo-texts.js';

/** The figures as a table, printed with the test so a run shows them beside the pass. */
function table(name: string, quality: GuardQuality): string {
  const rows = quality.kinds.map(
    (kind) => `  ${kind.kind.padEnd(11)} ${kind.found}/${kind.total}  ${kind.recall.toFixed(3)}`,
  );
  const fp = quality.falsePositives;
  return [
    `${name}: recall by kind`,
    ...rows,
    `  false positives ${fp.flagged}/${fp.total} = ${fp.rate.toFixed(4)}`,
  ].join('\n');
}

function expectGoals(quality: GuardQuality): void {
  for (const [kind, goal] of Object.entries(GUARD_GOALS.recall)) {
    const measured = quality.kinds.find((entry) => entry.kind === kind);
    expect(measured?.total, `${kind} has labelled sentences`).toBeGreaterThan(0);
    expect({ kind, recall: measured?.recall, missed: measured?.missed }).toMatchObject({
      recall: expect.toSatisfy((recall: number) => recall >= goal),
    });
  }
  expect(quality.falsePositives).toMatchObject({
    rate: expect.toSatisfy((rate: number) => rate <= GUARD_GOALS.falsePositiveRate),
  });
}

describe('the privacy guard’s measured quality (issue 73)', () => {
  const ordinary = [...demoCommunityTexts(), ...asOrdinary(NEGATIVES)];

  it('meets the recall goals on the corpus, with false positives on ordinary teas at 2% or fewer', () => {
    expect(POSITIVES.length + NEGATIVES.length).toBeGreaterThanOrEqual(400);
    expect(ordinary.length).toBeGreaterThan(NEGATIVES.length);
    const quality = measureGuard(POSITIVES, ordinary);
    console.info(table('corpus', quality));
    expectGoals(quality);
  });

  it('counts a miss as a miss: a detector-blind label lowers the recall it reports', () => {
    const quality = measureGuard([{ kind: 'phone', text: 'no number in here at all', span: 'here' }], []);
    expect(quality.kinds).toEqual([
      { kind: 'phone', found: 0, total: 1, recall: 0, missed: ['no number in here at all'] },
    ]);
  });
});
