import { test as base } from '@playwright/test';
import { ADMIN_EMAIL, ADMIN_PASSWORD } from './env';
import { signUpAndVerify, type TestUser } from './users';

type WorkerFixtures = {
  /** A verified, non-admin user made once per worker through the real API. */
  member: TestUser;
  /** The admin the server creates at start-up from ADMIN_EMAIL / ADMIN_PASSWORD. */
  admin: Pick<TestUser, 'email' | 'password'>;
};

export const test = base.extend<object, WorkerFixtures>({
  member: [
    // eslint-disable-next-line no-empty-pattern -- Playwright reads the fixture's dependencies from this pattern.
    async ({}, use) => {
      await use(await signUpAndVerify());
    },
    { scope: 'worker' },
  ],
  admin: [
    // eslint-disable-next-line no-empty-pattern
    async ({}, use) => {
      await use({ email: ADMIN_EMAIL, password: ADMIN_PASSWORD });
    },
    { scope: 'worker' },
  ],
});

export { expect } from '@playwright/test';
