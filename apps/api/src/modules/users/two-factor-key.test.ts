import { randomBytes } from 'node:crypto';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { buildUser, tokensFor } from '../../../test/factories.js';
import { createTestApp, type TestApp } from '../../../test/harness.js';
import { login } from '../../../test/http.js';
import { codeFor, freezeClock, turnOnTwoFactor, verify, type Clock } from '../../../test/two-factor-kit.js';

/**
 * Each app the harness makes has its own random JWT_SECRET, so apps sharing one database are the
 * same deployment before and after a JWT_SECRET rotation.
 */
const KEY = randomBytes(32).toString('hex');
let before: TestApp;
let rotated: TestApp;
let unkeyed: TestApp;
let clock: Clock;
beforeAll(async () => {
  before = await createTestApp({ env: { TWO_FACTOR_KEY: KEY } });
  const shared = { build: { database: before.ctx.database } };
  [rotated, unkeyed] = await Promise.all([
    createTestApp({ env: { TWO_FACTOR_KEY: KEY }, ...shared }),
    createTestApp(shared),
  ]);
});
beforeEach(() => {
  clock = freezeClock();
});
afterEach(() => clock.release());
afterAll(async () => {
  await Promise.all([rotated.teardown(), unkeyed.teardown()]);
  await before.teardown();
});

async function challengeFrom(app: TestApp, user: { email: string; password: string }): Promise<string> {
  const res = await login(app, user.email, user.password);
  expect(res.json()).toMatchObject({ two_factor_required: true });
  return res.json<{ challenge_token: string }>().challenge_token;
}

describe('TWO_FACTOR_KEY', () => {
  it('keeps codes and recovery codes working across a JWT_SECRET rotation; without it they stop', async () => {
    expect(rotated.ctx.secret).not.toBe(before.ctx.secret);
    const user = await buildUser(before);
    const { secret, recoveryCodes } = await turnOnTwoFactor(before, (await tokensFor(before, user)).access);

    // Another JWT_SECRET without the two-factor key: the sealed secret and the codes do not open.
    clock.nextStep();
    const refused = await verify(unkeyed, await challengeFrom(unkeyed, user), codeFor(secret));
    expect(refused.statusCode).toBe(400);
    const refusedCode = await verify(unkeyed, await challengeFrom(unkeyed, user), recoveryCodes[0] ?? '');
    expect(refusedCode.statusCode).toBe(400);

    // The same key after the rotation: both still work.
    const signedIn = await verify(rotated, await challengeFrom(rotated, user), codeFor(secret));
    expect(signedIn.statusCode).toBe(200);
    expect(signedIn.json()).toHaveProperty('access_token');
    const recovered = await verify(rotated, await challengeFrom(rotated, user), recoveryCodes[1] ?? '');
    expect(recovered.statusCode).toBe(200);
  });
});
