import { test as base, type Page } from '@playwright/test';
import { ADMIN_EMAIL, ADMIN_PASSWORD, baseURL } from './env';
import { signIn, signUpAndVerify, type TestUser } from './users';

type TestFixtures = {
  /**
   * The admin, signed in on the admin feed in a browser context of their own, so a test can
   * drive a member's `page` and the admin side by side. Closed after the test.
   */
  adminPage: Page;
};

type WorkerFixtures = {
  /** A verified, non-admin user made once per worker through the real API. */
  member: TestUser;
  /** The admin the server creates at start-up from ADMIN_EMAIL / ADMIN_PASSWORD. */
  admin: Pick<TestUser, 'email' | 'password'>;
};

export const test = base.extend<TestFixtures, WorkerFixtures>({
  adminPage: async ({ browser, admin, viewport }, use) => {
    const context = await browser.newContext({ baseURL: baseURL(), viewport });
    try {
      const page = await context.newPage();
      await signIn(page, admin, '/admin/');
      await use(page);
    } finally {
      await context.close();
    }
  },
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
