import { TOTP_PERIOD_SECONDS } from '@kettle/shared';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { Secret, TOTP } from 'otpauth';
import { afterAll, afterEach, beforeAll, beforeEach, vi } from 'vitest';
import { DEFAULT_PASSWORD, nextIp } from './factories.js';
import { createTestApp, type TestApp } from './harness.js';
import { API, bearer } from './http.js';

const STEP_MS = TOTP_PERIOD_SECONDS * 1000;

/**
 * Only Date is faked: TOTP steps and token expiry read it, while timers stay real so the database,
 * the job queue and the rate limiter keep running. The clock starts one second into a fresh step,
 * so "the next step" is an exact 30 s away and no test races a step boundary.
 */
export type Clock = { advance: (ms: number) => void; nextStep: () => void; release: () => void };

export function freezeClock(): Clock {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime((Math.floor(Date.now() / STEP_MS) + 1) * STEP_MS + 1000);
  return {
    advance: (ms) => vi.setSystemTime(Date.now() + ms),
    nextStep: () => vi.setSystemTime(Date.now() + STEP_MS),
    release: () => vi.useRealTimers(),
  };
}

/** The code an authenticator app would show for `secret`, `stepsAhead` steps from now. */
export const codeFor = (secret: string, stepsAhead = 0): string =>
  TOTP.generate({ secret: Secret.fromBase32(secret), timestamp: Date.now() + stepsAhead * STEP_MS });

const post = (app: FastifyInstance, url: string, payload: object, headers: Record<string, string> = {}) =>
  app.inject({ method: 'POST', url: `${API}${url}`, payload, headers, remoteAddress: nextIp() });

export const setup = (app: FastifyInstance, access: string) => post(app, '/auth/2fa/setup', {}, bearer(access));
/** Turning it on takes the account's password with the code; buildUser's default unless given. */
export const enable = (app: FastifyInstance, access: string, code: string, password: string = DEFAULT_PASSWORD) =>
  post(app, '/auth/2fa/enable', { password, code }, bearer(access));
export const disable = (app: FastifyInstance, access: string, body: { password: string; code: string }) =>
  post(app, '/auth/2fa/disable', body, bearer(access));
export const verify = (app: FastifyInstance, challenge: string, code: string): Promise<LightMyRequestResponse> =>
  post(app, '/auth/2fa/verify', { challenge_token: challenge, code });
export const status = (app: FastifyInstance, access: string) =>
  app.inject({ method: 'GET', url: `${API}/auth/2fa`, headers: bearer(access), remoteAddress: nextIp() });

/** Setup and enable through the API, as the web does: the secret and the ten recovery codes. */
export async function turnOnTwoFactor(
  app: FastifyInstance,
  access: string,
  password: string = DEFAULT_PASSWORD,
): Promise<{ secret: string; recoveryCodes: string[] }> {
  const started = await setup(app, access);
  if (started.statusCode !== 200) throw new Error(`setup answered ${started.statusCode}: ${started.body}`);
  const { secret } = started.json<{ secret: string }>();
  const enabled = await enable(app, access, codeFor(secret), password);
  if (enabled.statusCode !== 200) throw new Error(`enable answered ${enabled.statusCode}: ${enabled.body}`);
  return { secret, recoveryCodes: enabled.json<{ recovery_codes: string[] }>().recovery_codes };
}

/**
 * One app for the test file and a frozen clock for each test (released, and the app's queued jobs
 * drained, after it); `ready` receives the app once, then each test's clock.
 */
export function useTwoFactorApp(ready: (made: { app: TestApp; clock: Clock }) => void): void {
  let app: TestApp;
  let clock: Clock;
  beforeAll(async () => {
    app = await createTestApp();
  });
  beforeEach(() => {
    clock = freezeClock();
    ready({ app, clock });
  });
  afterEach(async () => {
    clock.release();
    await app.ctx.jobs.drain();
  });
  afterAll(() => app.teardown());
}
