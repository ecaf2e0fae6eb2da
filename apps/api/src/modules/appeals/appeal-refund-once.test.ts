import { COSTS, type Appeal } from '@kettle/shared';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { appealTea, decideAppeal, rejectedTeaOf, setStatus } from '../../../test/appeals-kit.js';
import { createTestApp, type TestApp } from '../../../test/harness.js';
import { balanceOf, expectInvariants, ledgerOf, refs, signedIn, type Refs } from '../../../test/posts-kit.js';

let app: TestApp;
let ref: Refs;
let admin: Awaited<ReturnType<typeof signedIn>>;
let reviewer: Awaited<ReturnType<typeof signedIn>>;
beforeAll(async () => {
  app = await createTestApp();
  ref = await refs(app);
  admin = await signedIn(app, { isAdmin: true });
  reviewer = await signedIn(app, { isAdmin: true });
});
afterEach(() => expectInvariants(app));
afterAll(() => app.teardown());

const uphold = (appeal: Appeal) => decideAppeal(app, reviewer.auth, appeal.id, { status: 'upheld', reason: 'Fine.' });

/** The author's refunds of an upheld appeal, which is how a submission fee comes back. */
const appealRefunds = async (userId: string) =>
  (await ledgerOf(app, userId)).filter((row) => row.kind === 'refund' && row.referenceType === 'appeal');

describe("an upheld appeal returns a tea's submission fee once", () => {
  it('however many reject-and-appeal cycles the tea goes through', async () => {
    const author = await signedIn(app, { coins: 100 });
    const post = await rejectedTeaOf(app, ref, author.auth, admin.auth);
    expect(await balanceOf(app, author.user.id)).toBe(100 - COSTS.submitTea);

    const first = await appealTea(app, author.auth, post.id);
    expect((await uphold(first)).statusCode).toBe(200);
    expect(await balanceOf(app, author.user.id)).toBe(100);

    // Rejected again (a new decision), appealed again and upheld again: the tea is back, the fee
    // already was.
    await setStatus(app, admin.auth, post.id, 'rejected');
    const second = await appealTea(app, author.auth, post.id);
    const again = await uphold(second);
    expect(again.statusCode).toBe(200);
    expect(again.json<Appeal>().status).toBe('upheld');

    expect(await balanceOf(app, author.user.id)).toBe(100);
    expect(await appealRefunds(author.user.id)).toEqual([
      expect.objectContaining({ delta: COSTS.submitTea, referenceId: first.id }),
    ]);
  });

  it('when two appeals of the same tea are upheld at once', async () => {
    const author = await signedIn(app, { coins: 100 });
    const post = await rejectedTeaOf(app, ref, author.auth, admin.auth);
    const first = await appealTea(app, author.auth, post.id);
    // Re-approved by hand (no refund) and rejected again: two decisions, each with its appeal waiting.
    await setStatus(app, admin.auth, post.id, 'approved');
    await setStatus(app, admin.auth, post.id, 'rejected');
    const second = await appealTea(app, author.auth, post.id);

    const answers = await Promise.all([uphold(first), uphold(second)]);
    expect(answers.map((res) => res.statusCode)).toEqual([200, 200]);
    expect(await balanceOf(app, author.user.id)).toBe(100);
    expect(await appealRefunds(author.user.id)).toHaveLength(1);
  });

  it('when the same appeal is upheld twice at once', async () => {
    const author = await signedIn(app, { coins: 100 });
    const post = await rejectedTeaOf(app, ref, author.auth, admin.auth);
    const made = await appealTea(app, author.auth, post.id);

    const answers = await Promise.all([uphold(made), uphold(made)]);
    expect(answers.map((res) => res.statusCode).sort()).toEqual([200, 409]);
    expect(await balanceOf(app, author.user.id)).toBe(100);
    expect(await appealRefunds(author.user.id)).toHaveLength(1);
  });
});
