import { describe, expect, it } from 'vitest';
import { guardCheckSchema } from '../privacy-guard.js';
import { findPrivateData, luhn, needsReview, redact, reword } from './index.js';

const ISSUE_EXAMPLE =
  'she lives at 1420 Maple Ave, Austin TX 78701, call her at (512) 867-2291 or jess.m@gmail.com, her son goes to Lincoln Middle';

const kindsAndTexts = (text: string, subjectHandle?: string) =>
  findPrivateData(text, { subjectHandle }).map((found) => [found.kind, found.text]);

describe('findPrivateData', () => {
  it('finds every piece of private data in the issue’s example, with offsets into the text', () => {
    const findings = findPrivateData(ISSUE_EXAMPLE);
    expect(findings.map((found) => [found.kind, found.severity, found.rule, found.text])).toEqual([
      ['address', 'high', 'privacy', '1420 Maple Ave, Austin TX 78701'],
      ['phone', 'high', 'privacy', '(512) 867-2291'],
      ['email', 'high', 'privacy', 'jess.m@gmail.com'],
      ['minor', 'minor', 'minors', 'her son'],
      ['minor', 'minor', 'minors', 'Lincoln Middle'],
    ]);
    for (const found of findings) expect(ISSUE_EXAMPLE.slice(found.start, found.end)).toBe(found.text);
    expect(needsReview(findings)).toBe(true);
  });

  it('redacts what it found and leaves the rest of the text as it was', () => {
    expect(redact(ISSUE_EXAMPLE, findPrivateData(ISSUE_EXAMPLE))).toBe(
      'she lives at [address removed], call her at [phone removed] or [email removed], [minor removed] goes to [minor removed]',
    );
  });

  it('leaves a redaction alone when the text moved under the finding', () => {
    const findings = findPrivateData('call 512-867-2291 now');
    expect(findings).toHaveLength(1);
    expect(redact('call me at 512-867-2291 now', findings)).toBe('call me at 512-867-2291 now');
  });

  it.each([
    ['five one two, eight six seven, two two nine one', 'phone'],
    ['512 eight six seven 2291', 'phone'],
    ['text her at 867-2291 tonight', 'phone'],
    ['jess dot m at gmail', 'email'],
    ['jess.m [at] gmail [dot] com', 'email'],
    ['ssn is 219-09-9999', 'ssn'],
    ['her card 4111 1111 1111 1111 got declined', 'card'],
    ['her plate is 7ABC123', 'plate'],
    ['born March 3, 2001', 'birth_date'],
    ['PO Box 1123', 'po_box'],
    ['lives on maple by the school', 'address'],
    ['her 15-year-old was there', 'minor'],
    ['he was fourteen years old', 'minor'],
    ['Jess Miller was there', 'name'],
    ['she works at Lincoln Dental now', 'workplace'],
    ['she has herpes', 'allegation'],
    ['He is a thief.', 'allegation'],
  ])('%s → %s', (text, kind) => {
    expect(findPrivateData(text).map((found) => found.kind)).toContain(kind);
  });

  it('reads the tagged subject’s own handle and profile as theirs, and any other as someone else’s', () => {
    const text = 'Ask @the_subject or @her_bestie, or see instagram.com/the_subject';
    expect(kindsAndTexts(text, '@the_subject')).toEqual([['handle', '@her_bestie']]);
  });

  it.each([
    'Back in 2019 she paid $1,200 for a 24/7 gym pass.',
    'Unlocked it for 50 Tea Coins, bounty of 500 coins, at 7:30 on the way home.',
    'She took the high road; main character energy, a minor detail, just kidding.',
    'Moved to Austin, then Jackson, then Charlotte. Giving 555 fake-movie-number energy.',
    'Meet @ 5, bring Earl Grey. iPhone 15 vs Pixel 8. Baby mama drama again.',
    'I think she was wrong, in my opinion he lied about the van.',
  ])('finds nothing to hold in an ordinary tea: %s', (text) => {
    expect(
      findPrivateData(text, { subjectHandle: '@the_subject' }).filter((found) => found.severity === 'high'),
    ).toEqual([]);
    expect(needsReview(findPrivateData(text))).toBe(false);
  });

  it('takes a claim told as the poster’s own experience for what it is', () => {
    expect(findPrivateData('I saw him steal from the register.')).toEqual([]);
    expect(findPrivateData('He steals from the register.').map((found) => found.kind)).toEqual(['allegation']);
  });

  it('suggests a rewording that opens the claim’s sentence as the poster’s opinion', () => {
    const text = 'The van is back. She is a liar. Ask anyone.';
    const [found] = findPrivateData(text);
    if (!found) throw new Error('the claim was not found');
    expect(reword(text, found, 'In my opinion, ')).toBe('The van is back. In my opinion, she is a liar. Ask anyone.');
  });

  it('tells a card number by its check digit, not its length', () => {
    expect(luhn('4111111111111111')).toBe(true);
    expect(luhn('4111111111111112')).toBe(false);
    expect(findPrivateData('order 4111 1111 1111 1112 shipped')).toEqual([]);
  });
});

describe('guardCheckSchema', () => {
  const messageOf = (input: unknown) => guardCheckSchema.safeParse(input).error?.issues[0]?.message;
  it('asks for some text, and refuses a text longer than any Kettle stores', () => {
    expect(messageOf({ text: '   ' })).toBe('Enter some text to check');
    expect(messageOf({})).toBe('Enter some text to check');
    expect(messageOf({ text: 'x'.repeat(100_000) })).toBe('Text to check must be at most 10,000 characters');
    expect(messageOf({ text: 'fine', subject_handle: 'nope' })).toMatch(/Handle must start with @/);
    expect(guardCheckSchema.safeParse({ text: 'fine', subject_handle: '@ok' }).success).toBe(true);
  });
});
